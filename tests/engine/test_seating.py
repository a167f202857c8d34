"""Seating durations, who occupies a table, table fit, blocks and best fit."""

import datetime as dt

import pytest

from reservations.engine import evaluate
from tests.engine.builders import (
    DATE,
    NOW,
    at,
    block,
    busy,
    codes,
    combination,
    day,
    occupancy,
    offered,
    policy,
    request,
    section,
    shift,
    table,
    unavailable,
)

ALL = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]


def one_table(low=1, high=4, **shift_fields):
    return policy(tables=[table(1, 10, low, high)], shifts=[shift(**shift_fields)])


# Durations.


def test_seating_lasts_seating_minutes():
    decision = evaluate(policy(), occupancy(), request("19:30"), NOW)
    assert decision.ends_at == at(DATE, "21:30")
    assert decision.occupied_until == at(DATE, "21:30")


@pytest.mark.parametrize(("size", "minutes"), [(2, 90), (4, 90), (5, 150), (6, 150), (8, 180), (10, 180)])
def test_seating_minutes_by_party_size_apply_from_their_size_up(size, minutes):
    pol = policy(
        tables=[table(1, 10, 1, 10)],
        shifts=[shift(seating_minutes=90, seating_minutes_by_party_size=((5, 150), (7, 180)))],
    )
    decision = evaluate(pol, occupancy(), request("19:00", size), NOW)
    assert decision.accepted
    assert decision.ends_at - decision.starts_at == dt.timedelta(minutes=minutes)


def test_no_duration_holds_the_table_to_the_end_of_service():
    pol = one_table(seating_minutes=None)
    decision = evaluate(pol, occupancy(), request("19:30"), NOW)
    assert decision.accepted
    assert decision.ends_at is None
    assert decision.occupied_until == at(DATE, "22:00")
    occ = occupancy([busy(1, decision.starts_at, decision.occupied_until)])
    # Every seating before the end overlaps it (an earlier one runs to the end as well).
    assert offered(day(pol, occ=occ)) == ["22:00"]
    assert unavailable(day(pol, occ=occ)) == ALL[:-1]


def test_no_duration_past_midnight_holds_to_the_next_day():
    pol = one_table(start="22:00", end="02:00", seating_minutes=None, slot_interval_minutes=60)
    decision = evaluate(pol, occupancy(), request("23:00"), NOW)
    assert decision.ends_at is None
    assert decision.occupied_until == at(DATE + dt.timedelta(days=1), "02:00")


def test_no_duration_seating_at_the_end_still_takes_its_table():
    pol = one_table(seating_minutes=None)
    decision = evaluate(pol, occupancy(), request("22:00"), NOW)
    assert decision.accepted and decision.occupied_until > decision.starts_at
    occ = occupancy([busy(1, decision.starts_at, decision.occupied_until)])
    assert codes(evaluate(pol, occ, request("22:00"), NOW)) == ["no_table_available"]
    assert unavailable(day(pol, occ=occ)) == ["22:00"]  # earlier seatings end as it begins


def test_a_duration_blocks_exactly_the_overlapping_seatings():
    pol = one_table()  # 120-minute seatings
    occ = occupancy([busy(1, at(DATE, "20:00"), at(DATE, "22:00"))])
    result = day(pol, occ=occ)
    assert offered(result) == ["22:00"]  # 19:00 ends at 21:00, overlapping; 22:00 starts as it ends
    occ = occupancy([busy(1, at(DATE, "21:00"), at(DATE, "23:00"))])
    assert offered(day(pol, occ=occ)) == ["19:00"]  # 19:00-21:00 ends as the other begins
    occ = occupancy([busy(1, at(DATE, "17:00"), at(DATE, "19:30"))])
    assert offered(day(pol, occ=occ)) == ["19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]


# Who occupies: the engine takes what the loader gives it.


def test_busy_takes_a_table_and_covers_only_count_against_caps():
    pol = one_table(max_covers=4)
    # An exempt booking: its table is busy, its covers are not charged.
    occ = occupancy([busy(1, at(DATE, "19:00"), at(DATE, "21:00"))], covers=[])
    assert offered(day(pol, occ=occ)) == ["21:00", "21:30", "22:00"]
    assert day(pol, occ=occ).shifts[0].slots[0].available_covers == 4


def test_excluded_from_shift_limits_only_skips_the_caps():
    from tests.engine.builders import covers

    pol = one_table(max_covers=2)
    occ = occupancy(covers=[covers(at(DATE, "19:00"), 2)])
    assert codes(evaluate(pol, occ, request("21:00"), NOW)) == ["slot_no_longer_available"]
    assert evaluate(pol, occ, request("21:00", excluded_from_shift_limits=True), NOW).accepted
    taken = occupancy([busy(1, at(DATE, "21:00"), at(DATE, "23:00"))], covers=occ.covers)
    refused = evaluate(pol, taken, request("21:00", excluded_from_shift_limits=True), NOW)
    assert codes(refused) == ["no_table_available"]


# Table fit.


@pytest.mark.parametrize(("size", "tables"), [(1, (1,)), (2, (1,)), (3, (2,)), (4, (2,)), (5, (3,)), (6, (3,))])
def test_best_fit_is_the_smallest_sufficient_table(size, tables):
    assert evaluate(policy(), occupancy(), request(size=size), NOW).table_ids == tables


def test_min_capacity_is_respected():
    pol = policy(tables=[table(1, 10, 4, 6)])
    assert codes(evaluate(pol, occupancy(), request(size=3), NOW)) == ["no_table_available"]
    assert unavailable(day(pol, size=3)) == ALL
    assert offered(day(pol, size=4)) == ALL


def test_the_next_best_table_when_the_best_is_taken():
    occ = occupancy([busy(1, at(DATE, "18:00"), at(DATE, "23:00"))])
    assert evaluate(policy(), occ, request(size=2), NOW).table_ids == (2,)


def test_party_larger_than_any_table_needs_a_combination():
    assert codes(evaluate(policy(), occupancy(), request(size=8), NOW)) == ["no_table_available"]
    pol = policy(combinations=[combination(100, (2, 3), 7, 10)])
    decision = evaluate(pol, occupancy(), request(size=8), NOW)
    assert decision.table_ids == (2, 3)


def test_combination_only_when_all_its_tables_are_free():
    pol = policy(combinations=[combination(100, (2, 3), 7, 10)])
    occ = occupancy([busy(3, at(DATE, "19:00"), at(DATE, "20:00"))])
    result = day(pol, size=8, occ=occ)
    assert offered(result) == ["20:00", "20:30", "21:00", "21:30", "22:00"]
    assert unavailable(result) == ["19:00", "19:30"]
    assert codes(evaluate(pol, occ, request("19:00", 8), NOW)) == ["no_table_available"]


def test_single_table_before_a_combination_of_equal_capacity():
    pol = policy(combinations=[combination(100, (1, 2), 4, 6)])
    assert evaluate(pol, occupancy(), request(size=5), NOW).table_ids == (3,)
    occ = occupancy([busy(3, at(DATE, "18:00"), at(DATE, "23:00"))])
    assert evaluate(pol, occ, request(size=5), NOW).table_ids == (1, 2)


def test_smaller_combination_before_a_larger_single_table():
    pol = policy(
        tables=[table(1, 10, 1, 2), table(2, 10, 1, 2), table(3, 10, 1, 8)],
        combinations=[combination(100, (1, 2), 3, 4)],
    )
    assert evaluate(pol, occupancy(), request(size=4), NOW).table_ids == (1, 2)


@pytest.mark.parametrize(
    "pol",
    [
        policy(tables=[table(1, 10, 1, 4, online=False)]),
        policy(sections=[section(10, online=False)], tables=[table(1, 10, 1, 4)]),
        policy(
            sections=[section(10), section(11)], tables=[table(1, 10, 1, 4)], shifts=[shift(online_section_ids=[11])]
        ),
        policy(sections=[section(10, plan=2)], tables=[table(1, 10, 1, 4)]),
    ],
    ids=["table-offline", "section-offline", "not-an-online-section", "other-floor-plan"],
)
def test_tables_must_be_sold_online_in_this_service(pol):
    assert offered(day(pol)) == []
    assert unavailable(day(pol)) == ALL
    assert codes(evaluate(pol, occupancy(), request(), NOW)) == ["no_table_available"]


def test_online_sections_keep_their_tables():
    pol = policy(
        sections=[section(10), section(11)],
        tables=[table(1, 10, 1, 2), table(2, 11, 1, 4)],
        shifts=[shift(online_section_ids=[11])],
    )
    assert evaluate(pol, occupancy(), request(size=2), NOW).table_ids == (2,)


def test_combination_needs_every_table_sold_online_and_its_own_flag():
    tables = [table(1, 10, 1, 4), table(2, 10, 1, 4, online=False)]
    pol = policy(tables=tables, combinations=[combination(100, (1, 2), 5, 8)])
    assert codes(evaluate(pol, occupancy(), request(size=6), NOW)) == ["no_table_available"]
    pol = policy(
        tables=[table(1, 10, 1, 4), table(2, 10, 1, 4)], combinations=[combination(100, (1, 2), 5, 8, online=False)]
    )
    assert codes(evaluate(pol, occupancy(), request(size=6), NOW)) == ["no_table_available"]
    pol = policy(tables=[table(1, 10, 1, 4), table(2, 10, 1, 4)], combinations=[combination(100, (1, 2), 5, 8, plan=2)])
    assert codes(evaluate(pol, occupancy(), request(size=6), NOW)) == ["no_table_available"]


def test_other_floor_plans_are_ignored():
    sections = [section(10, plan=1), section(20, plan=2)]
    tables = [table(1, 10, 1, 2), table(2, 20, 1, 8)]
    lunch = shift(2, start="12:00", end="14:00", floor_plan_id=2)
    pol = policy(sections=sections, tables=tables, shifts=[shift(1), lunch])
    assert codes(evaluate(pol, occupancy(), request("19:00", 6), NOW)) == ["no_table_available"]
    assert evaluate(pol, occupancy(), request("12:00", 6), NOW).table_ids == (2,)
    # A booking on the other plan's table does not take a table of this plan.
    occ = occupancy([busy(2, at(DATE, "18:00"), at(DATE, "23:00"))])
    assert evaluate(pol, occ, request("19:00", 2), NOW).table_ids == (1,)


# Blocks.


def test_block_with_tables_takes_them_off_sale_for_its_time():
    pol = policy(blocks=[block(DATE, "18:00", "20:00", tables=[3])])
    result = day(pol, size=5)
    assert unavailable(result) == ["19:00", "19:30"]
    assert offered(result) == ["20:00", "20:30", "21:00", "21:30", "22:00"]
    assert offered(day(pol, size=2)) == ALL  # other tables stay on sale


def test_block_without_tables_takes_every_table():
    pol = policy(blocks=[block(DATE, "20:00", "21:00")])
    for size in (1, 3, 5):
        assert offered(day(pol, size=size)) == ["21:00", "21:30", "22:00"]


def test_block_of_another_date_does_not_apply():
    pol = policy(blocks=[block(DATE + dt.timedelta(days=2), "18:00", "23:00")])
    assert offered(day(pol)) == ALL


def test_block_past_midnight_reaches_the_next_day():
    pol = policy(
        shifts=[shift(start="00:30", end="02:00", seating_minutes=30)],
        blocks=[block(DATE - dt.timedelta(days=1), "23:00", "01:00")],
    )
    assert offered(day(pol)) == ["01:00", "01:30", "02:00"]


def test_section_filter_keeps_the_group_only():
    sections = [section(10), section(11, group=10), section(12)]
    tables = [table(1, 10, 1, 2), table(2, 11, 1, 4), table(3, 12, 1, 4)]
    pol = policy(sections=sections, tables=tables)
    assert evaluate(pol, occupancy(), request(size=3, group_id=10), NOW).table_ids == (2,)
    assert evaluate(pol, occupancy(), request(size=3, group_id=12), NOW).table_ids == (3,)
    occ = occupancy([busy(2, at(DATE, "18:00"), at(DATE, "23:00"))])
    assert codes(evaluate(pol, occ, request(size=3, group_id=10), NOW)) == ["no_table_available_in_section"]
    assert offered(day(pol, size=3, occ=occ, group=10)) == []
    assert offered(day(pol, size=3, occ=occ, group=12)) == ALL
    assert day(pol, size=3).shifts[0].section_group_ids == [10, 12]
    assert day(pol, size=2).shifts[0].section_group_ids == [10, 12]


def test_section_ids_list_groups_sold_online_in_the_service_that_fit_the_party():
    sections = [section(10, online=False), section(11, group=10), section(12), section(13, plan=2), section(14)]
    tables = [table(1, 10, 1, 8), table(2, 11, 1, 2), table(3, 12, 2, 4), table(4, 13, 1, 8), table(5, 14, 1, 8)]
    pol = policy(sections=sections, tables=tables, shifts=[shift(online_section_ids=[10, 11, 12])])
    # Group 10 is offered through its online member 11, named by its leader; 13 is on another plan;
    # 14 is not an online section of this service.
    assert day(pol, size=2).shifts[0].section_group_ids == [10, 12]
    assert day(pol, size=3).shifts[0].section_group_ids == [12]  # table 1 of 10 is not sold online
    assert day(pol, size=5).shifts[0].section_group_ids == []
    combined = policy(
        sections=sections,
        tables=tables,
        combinations=[combination(100, (2, 3), 5, 6)],
        shifts=[shift(online_section_ids=[10, 11, 12])],
    )
    assert day(combined, size=5).shifts[0].section_group_ids == []  # a combination across groups is in neither
