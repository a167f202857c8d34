"""evaluate(): the create-time decision, its violation order, overrides and whole sections."""

import datetime as dt

from reservations.engine import evaluate
from reservations.engine.rules import OVERRIDABLE, Conflict
from tests.engine import builders
from tests.engine.builders import (
    DATE,
    NOW,
    at,
    busy,
    codes,
    covers,
    day,
    guarantee,
    occupancy,
    offered,
    policy,
    request,
    section,
    shift,
    table,
)

LATE = at(DATE, "21:01")  # the evening of the service date


def everything_broken_policy(**fields):
    """A dinner that refuses a party of 11 at 20:00 at 21:01 for five policy rules at once."""
    return policy(
        shifts=[shift(cutoff_minutes=0, max_covers=5, guarantee=guarantee())],
        payments_enabled=False,
        max_party_size=10,
        **fields,
    )


def test_no_service_at_this_time_comes_alone():
    decision = evaluate(everything_broken_policy(), occupancy(), request("16:00", 11), LATE)
    assert codes(decision) == ["no_service_at_this_time"]
    broken = decision.violations[0]
    assert (broken.param, broken.overridable, broken.conflicts) == (None, False, ())


def test_a_time_in_a_gap_between_services_is_no_service():
    pol = policy(shifts=[shift(1, start="12:00", end="14:00"), shift(2)])
    assert codes(evaluate(pol, occupancy(), request("16:00"), NOW)) == ["no_service_at_this_time"]


def test_a_display_only_service_takes_no_booking():
    pol = policy(shifts=[shift(display_only=True)])
    assert codes(evaluate(pol, occupancy(), request("19:00"), NOW)) == ["no_service_at_this_time"]


def test_start_time_off_grid_comes_alone_and_names_the_times():
    decision = evaluate(everything_broken_policy(), occupancy(), request("19:15", 11), LATE)
    assert codes(decision) == ["start_time_off_grid"]
    broken = decision.violations[0]
    assert broken.param == "start_time" and broken.overridable is False
    assert "19:15" in broken.message
    assert "19:00, 19:30, 20:00, 20:30, 21:00, 21:30, 22:00" in broken.message


def test_off_grid_after_midnight_names_the_late_seatings():
    pol = policy(shifts=[shift(start="22:00", end="01:00", slot_interval_minutes=60)])
    decision = evaluate(pol, occupancy(), request("00:30"), NOW)
    assert codes(decision) == ["start_time_off_grid"]
    assert "22:00, 23:00, 00:00, 01:00" in decision.violations[0].message


def test_policy_rules_come_together_in_the_contract_order():
    decision = evaluate(everything_broken_policy(), occupancy(), request("20:00", 11), LATE)
    assert codes(decision) == [
        "party_size_too_large",
        "cutoff_passed",
        "slot_no_longer_available",
        "guarantee_required",
        "date_in_past",
    ]
    # The table search (no table seats 11) is never listed beside them.
    assert "no_table_available" not in codes(decision)
    by_code = {v.code: v for v in decision.violations}
    assert by_code["party_size_too_large"].param == "party_size"
    assert by_code["slot_no_longer_available"].param == "party_size"
    assert by_code["cutoff_passed"].param is None and by_code["date_in_past"].param is None
    assert [by_code[c].overridable for c in codes(decision)] == [True, True, True, True, False]


def test_party_too_small_and_beyond_window_together():
    pol = policy(min_party_size=2, max_advance_days=2)
    decision = evaluate(pol, occupancy(), request("19:00", 1), NOW)
    assert codes(decision) == ["party_size_too_small", "advance_window_exceeded"]


def test_the_table_search_comes_last_and_alone():
    pol = everything_broken_policy()
    overrides = {"party_size_too_large", "cutoff_passed", "slot_no_longer_available", "guarantee_required"}
    decision = evaluate(pol, occupancy(), request("21:30", 11, overrides=overrides), LATE)
    assert codes(decision) == ["no_table_available"]
    assert decision.violations[0].overridable is False
    assert sorted(decision.waived) == sorted(overrides)


def test_an_override_waives_only_what_it_names():
    pol = policy(max_party_size=4, max_advance_days=2)
    decision = evaluate(pol, occupancy(), request("19:00", 5, overrides={"party_size_too_large"}), NOW)
    assert codes(decision) == ["advance_window_exceeded"]
    assert decision.waived == ["party_size_too_large"]


def test_waived_lists_only_rules_that_applied():
    pol = policy(max_party_size=4)
    overrides = {"party_size_too_large", "cutoff_passed", "slot_no_longer_available", "advance_window_exceeded"}
    decision = evaluate(pol, occupancy(), request("19:00", 5, overrides=overrides), NOW)
    assert decision.accepted
    assert decision.waived == ["party_size_too_large"]
    assert decision.table_ids == (3,)
    assert evaluate(pol, occupancy(), request("19:00", 2, overrides=overrides), NOW).waived == []


def test_date_in_past_cannot_be_waived():
    decision = evaluate(policy(), occupancy(), request("19:00", overrides=OVERRIDABLE), at(DATE, "19:01"))
    assert codes(decision) == ["date_in_past"]


def test_overriding_the_covers_cap_still_needs_a_table():
    pol = policy(tables=[table(1, 10, 1, 4)], shifts=[shift(max_covers=2)])
    occ = occupancy([busy(1, at(DATE, "19:00"), at(DATE, "21:00"))], [covers(at(DATE, "19:00"), 2)])
    waived = request("19:30", 2, overrides={"slot_no_longer_available"})
    assert codes(evaluate(pol, occ, waived, NOW)) == ["no_table_available"]
    later = evaluate(pol, occ, request("21:00", 2, overrides={"slot_no_longer_available"}), NOW)
    assert later.accepted and later.waived == ["slot_no_longer_available"]


def test_waiving_the_card_books_without_one():
    pol = policy(shifts=[shift(guarantee=guarantee(from_size=2))])
    asked = evaluate(pol, occupancy(), request("19:00", 2), NOW)
    assert asked.accepted and asked.guarantee is not None and asked.waived == []
    waived = evaluate(pol, occupancy(), request("19:00", 2, overrides={"guarantee_required"}), NOW)
    assert waived.accepted and waived.guarantee is None and waived.waived == ["guarantee_required"]
    # No card would be asked of a party of one: nothing is waived.
    small = evaluate(pol, occupancy(), request("19:00", 1, overrides={"guarantee_required"}), NOW)
    assert small.waived == []


def test_the_card_the_restaurant_cannot_ask_for_is_waivable():
    pol = policy(shifts=[shift(guarantee=guarantee())], payments_enabled=False)
    assert codes(evaluate(pol, occupancy(), request(), NOW)) == ["guarantee_required"]
    decision = evaluate(pol, occupancy(), request(overrides={"guarantee_required"}), NOW)
    assert decision.accepted and decision.guarantee is None and decision.waived == ["guarantee_required"]


def test_an_accepted_decision_carries_the_seating():
    decision = evaluate(policy(shifts=[shift(requires_approval=True)]), occupancy(), request("20:00", 3), NOW)
    assert decision.accepted and decision.violations == []
    assert decision.shift.id == 1 and decision.slot.hhmm == "20:00"
    assert decision.starts_at == at(DATE, "20:00")
    assert decision.ends_at == at(DATE, "22:00") == decision.occupied_until
    assert decision.table_ids == (2,)
    assert decision.requires_approval is True


def test_section_preference_refusal_names_the_section():
    pol = policy(sections=[section(10), section(11)], tables=[table(1, 10, 1, 4), table(2, 11, 1, 2)])
    decision = evaluate(pol, occupancy(), request("19:00", 4, group_id=11), NOW)
    assert codes(decision) == ["no_table_available_in_section"]
    assert decision.violations[0].param == "section_id"


def test_two_services_sharing_a_time_book_into_the_one_that_sells_it():
    lunch = shift(1, start="12:00", end="15:00", max_covers=2)
    tea = shift(2, start="15:00", end="18:00")
    pol = policy(shifts=[lunch, tea])
    occ = occupancy(covers=[covers(at(DATE, "12:00"), 2, shift_id=1)])
    result = day(pol, occ=occ)
    assert offered(result, 0) == [] and offered(result, 1)[0] == "15:00"
    decision = evaluate(pol, occ, request("15:00", 2), NOW)
    assert decision.accepted and decision.shift.id == 2
    # With both open, the first service in order takes it.
    assert evaluate(pol, occupancy(), request("15:00", 2), NOW).shift.id == 1
    # When both refuse, the first service's refusal is the answer.
    full = occupancy(
        covers=[covers(at(DATE, "12:00"), 2, shift_id=1)],
        busy=[busy(tb, at(DATE, "14:00"), at(DATE, "19:00")) for tb in (1, 2, 3)],
    )
    assert codes(evaluate(pol, full, request("15:00", 2), NOW)) == ["slot_no_longer_available"]


# Booking a whole section group.

SECTIONS = [section(10), section(11, group=10), section(12), section(13, group=10, plan=2)]
TABLES = [table(1, 10, 1, 2), table(2, 11, 1, 4, online=False), table(3, 12, 1, 4), table(4, 13, 1, 4)]


def test_entire_group_takes_every_table_of_the_group_on_the_service_plan():
    pol = policy(sections=SECTIONS, tables=TABLES)
    decision = evaluate(
        pol, occupancy(), request("19:00", 12, entire_group_id=10, overrides={"party_size_too_large"}), NOW
    )
    assert decision.accepted
    assert sorted(decision.table_ids) == [1, 2]


def test_entire_group_with_occupied_tables_lists_the_conflicts():
    pol = policy(sections=SECTIONS, tables=TABLES)
    occ = occupancy([busy(2, at(DATE, "18:30"), at(DATE, "20:30")), busy(3, at(DATE, "19:00"), at(DATE, "21:00"))])
    decision = evaluate(pol, occ, request("20:00", 6, entire_group_id=10), NOW)
    assert codes(decision) == ["section_occupied"]
    broken = decision.violations[0]
    assert broken.conflicts == (Conflict(table=2, start_time="18:30", end_time="20:30"),)
    assert broken.param == "entire_section_id" and broken.overridable is False
    assert evaluate(pol, occ, request("20:30", 6, entire_group_id=10), NOW).accepted


def test_entire_group_without_tables_on_the_plan_is_refused():
    pol = policy(sections=[section(10), section(20, plan=2)], tables=[table(1, 10, 1, 4)])
    assert codes(evaluate(pol, occupancy(), request("19:00", 2, entire_group_id=20), NOW)) == [
        "no_table_available_in_section"
    ]


def test_entire_group_follows_the_policy_rules_first():
    pol = policy(sections=SECTIONS, tables=TABLES, max_advance_days=1)
    occ = occupancy([busy(1, at(DATE, "19:00"), at(DATE, "21:00"))])
    decision = evaluate(pol, occ, request("19:00", 6, entire_group_id=10), NOW)
    assert codes(decision) == ["advance_window_exceeded"]


def test_covers_of_an_entire_section_are_free_of_the_caps_when_exempt():
    pol = policy(sections=SECTIONS, tables=TABLES, shifts=[shift(max_covers=4)])
    exempt = request("19:00", 6, entire_group_id=10, excluded_from_shift_limits=True)
    assert evaluate(pol, occupancy(), exempt, NOW).accepted
    charged = request("19:00", 6, entire_group_id=10)
    assert codes(evaluate(pol, occupancy(), charged, NOW)) == ["slot_no_longer_available"]


def test_next_day_dates_pass_through():
    decision = evaluate(policy(), occupancy(), request(date=DATE + dt.timedelta(days=1)), NOW)
    assert decision.accepted and decision.starts_at == at(DATE + dt.timedelta(days=1), "19:00")


def test_a_wall_time_two_services_sell_at_different_instants_names_the_earlier_service():
    # A 00:00-03:00 service and a 20:00-00:00 service both sell "00:00" on one service date:
    # the first at midnight starting the date, the second at the midnight ending it.
    early = shift(1, "00:00", "03:00")
    late = shift(2, "20:00", "00:00")
    pol = policy(shifts=(early, late))
    result = day(pol)
    assert offered(result, 0)[0] == "00:00"
    assert "00:00" not in offered(result, 1) and "00:00" not in builders.unavailable(result, 1)
    decision = evaluate(pol, occupancy(), request("00:00"), NOW)
    assert decision.accepted and decision.shift.id == 1
    assert decision.starts_at == at(DATE, "00:00")
    # Even with the early seating taken, "00:00" never books the late one.
    taken = occupancy(busy=[busy(tid, at(DATE, "00:00"), at(DATE, "03:00")) for tid in (1, 2, 3)])
    refused = evaluate(pol, taken, request("00:00"), NOW)
    assert codes(refused) == ["no_table_available"]
