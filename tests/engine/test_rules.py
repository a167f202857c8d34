"""Covers caps, cutoff, past seatings and the booking policy (advance window, party size)."""

import datetime as dt

import pytest

from reservations.engine import evaluate
from tests.engine.builders import (
    DATE,
    NOW,
    TZ,
    at,
    codes,
    covers,
    day,
    occupancy,
    offered,
    policy,
    request,
    shift,
    table,
    unavailable,
)

ALL = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]
BIG = [table(1, 10, 1, 10), table(2, 10, 1, 10), table(3, 10, 1, 10)]


def local(text: str, date: dt.date = DATE) -> dt.datetime:
    return at(date, text)


# Caps.


def test_no_cap_means_available_covers_null():
    result = day(policy())
    assert {offer.available_covers for offer in result.shifts[0].slots} == {None}


def test_max_covers_caps_the_service():
    pol = policy(tables=BIG, shifts=[shift(max_covers=10)])
    occ = occupancy(covers=[covers(local("19:00"), 8)])
    result = day(pol, size=2, occ=occ)
    assert offered(result) == ALL
    assert {offer.available_covers for offer in result.shifts[0].slots} == {2}
    refused = day(pol, size=3, occ=occ)
    assert offered(refused) == [] and unavailable(refused) == ALL
    assert codes(evaluate(pol, occ, request("21:00", 3), NOW)) == ["slot_no_longer_available"]
    assert evaluate(pol, occ, request("21:00", 2), NOW).accepted


def test_max_covers_per_slot_caps_covers_starting_at_one_time():
    pol = policy(tables=BIG, shifts=[shift(max_covers_per_slot=4)])
    occ = occupancy(covers=[covers(local("19:00"), 4), covers(local("20:00"), 1)])
    result = day(pol, size=2, occ=occ)
    assert unavailable(result) == ["19:00"]
    by_time = {offer.slot.hhmm: offer.available_covers for offer in result.shifts[0].slots}
    assert by_time["19:30"] == 4 and by_time["20:00"] == 3
    assert codes(evaluate(pol, occ, request("19:00", 1), NOW)) == ["slot_no_longer_available"]
    assert evaluate(pol, occ, request("20:00", 3), NOW).accepted
    assert codes(evaluate(pol, occ, request("20:00", 4), NOW)) == ["slot_no_longer_available"]


def test_available_covers_is_the_smaller_remaining_figure():
    pol = policy(tables=BIG, shifts=[shift(max_covers=20, max_covers_per_slot=8)])
    occ = occupancy(covers=[covers(local("19:00"), 6), covers(local("20:00"), 7)])
    by_time = {offer.slot.hhmm: offer.available_covers for offer in day(pol, size=1, occ=occ).shifts[0].slots}
    assert by_time["19:00"] == 2  # slot: 8 - 6; service: 20 - 13
    assert by_time["20:00"] == 1
    assert by_time["21:00"] == 7  # service: 20 - 13; slot: 8


def test_covers_of_another_service_or_date_do_not_count():
    pol = policy(tables=BIG, shifts=[shift(1, max_covers=4), shift(2, start="12:00", end="14:00", max_covers=4)])
    yesterday = DATE - dt.timedelta(days=1)
    occ = occupancy(
        covers=[covers(local("12:00"), 4, shift_id=2), covers(local("19:00", yesterday), 4, date=yesterday)]
    )
    dinner, lunch = day(pol, size=4, occ=occ).shifts
    assert [o.slot.hhmm for o in dinner.slots] == ALL  # yesterday's dinner and today's lunch are not charged
    assert lunch.slots == []


def test_overbooked_service_shows_zero_never_negative():
    from reservations.engine.day import Day

    pol = policy(tables=BIG, shifts=[shift(max_covers=4)])
    occ = occupancy(covers=[covers(local("19:00"), 6)])
    service = Day(pol, DATE, occ, NOW).services[0]
    assert service.available_covers(service.clock.slots[0]) == 0


# Cutoff.


def at_local(text: str, date: dt.date = DATE, second: int = 0) -> dt.datetime:
    return at(date, text).replace(second=second)


@pytest.mark.parametrize(
    ("cutoff", "open_until", "closed_at"),
    [
        (120, "16:59", "17:00"),
        (1440, "18:59", "19:00"),  # the day before
        (0, "18:59", "19:00"),
    ],
)
def test_positive_and_zero_cutoff_close_before_start(cutoff, open_until, closed_at):
    pol = policy(shifts=[shift(cutoff_minutes=cutoff)])
    date = DATE - dt.timedelta(days=1) if cutoff == 1440 else DATE
    before = day(pol, now=at_local(open_until, date)).shifts[0]
    assert before.booking_closed is False and [o.slot.hhmm for o in before.slots] == ALL
    after = day(pol, now=at_local(closed_at, date)).shifts[0]
    assert after.booking_closed is True
    assert after.slots == [] and after.unavailable_slots == []
    assert codes(evaluate(pol, occupancy(), request("21:00"), at_local(closed_at, date))) == ["cutoff_passed"]
    assert evaluate(pol, occupancy(), request("21:00"), at_local(open_until, date)).accepted


def test_cutoff_of_minus_one_stays_open_during_service_until_last_seating():
    pol = policy(shifts=[shift(cutoff_minutes=-1)])
    during = day(pol, now=at_local("20:10")).shifts[0]
    assert during.booking_closed is False
    assert [o.slot.hhmm for o in during.slots] == ["20:30", "21:00", "21:30", "22:00"]
    assert during.unavailable_slots == []  # past seatings are neither offered nor greyed
    assert evaluate(pol, occupancy(), request("21:00"), at_local("20:10")).accepted
    assert codes(evaluate(pol, occupancy(), request("20:00"), at_local("20:10"))) == ["date_in_past"]
    last = day(pol, now=at_local("22:00")).shifts[0]
    assert [o.slot.hhmm for o in last.slots] == ["22:00"]
    over = day(pol, now=at_local("22:00", second=1)).shifts[0]
    assert over.booking_closed is True and over.slots == []
    assert codes(evaluate(pol, occupancy(), request("22:00"), at_local("22:00", second=1))) == [
        "cutoff_passed",
        "date_in_past",
    ]


def test_no_cutoff_sells_until_each_seating_time():
    pol = policy(shifts=[shift(cutoff_minutes=None)], default_cutoff_minutes=None)
    during = day(pol, now=at_local("20:10")).shifts[0]
    assert during.booking_closed is False and during.effective_cutoff_minutes is None
    assert [o.slot.hhmm for o in during.slots] == ["20:30", "21:00", "21:30", "22:00"]
    over = day(pol, now=at_local("22:01")).shifts[0]
    assert over.booking_closed is True and over.slots == []
    assert codes(evaluate(pol, occupancy(), request("22:00"), at_local("22:01"))) == ["date_in_past"]


def test_restaurant_default_cutoff_applies_when_the_service_has_none():
    pol = policy(shifts=[shift()], default_cutoff_minutes=60)
    assert day(pol, now=at_local("17:59")).shifts[0].booking_closed is False
    assert day(pol, now=at_local("18:00")).shifts[0].booking_closed is True
    own = policy(shifts=[shift(cutoff_minutes=-1)], default_cutoff_minutes=60)
    assert day(own, now=at_local("18:30")).shifts[0].booking_closed is False


def test_cutoff_counts_from_the_service_start_not_from_each_seating():
    pol = policy(shifts=[shift(cutoff_minutes=30)])
    result = day(pol, now=at_local("18:40")).shifts[0]
    assert result.booking_closed is True and result.slots == []


def test_cutoff_of_an_overnight_service_counts_from_its_start():
    pol = policy(shifts=[shift(start="22:00", end="02:00", cutoff_minutes=60, slot_interval_minutes=60)])
    assert day(pol, now=at_local("20:59")).shifts[0].booking_closed is False
    assert day(pol, now=at_local("21:00")).shifts[0].booking_closed is True


def test_past_day_is_closed():
    result = day(policy(), date=DATE, now=at_local("10:00", DATE + dt.timedelta(days=1))).shifts[0]
    assert result.booking_closed is True and result.slots == [] and result.unavailable_slots == []


def test_a_seating_already_past_is_never_offered_nor_greyed():
    result = day(policy(), now=at_local("19:31")).shifts[0]
    assert [o.slot.hhmm for o in result.slots] == ["20:00", "20:30", "21:00", "21:30", "22:00"]
    assert result.unavailable_slots == []
    assert day(policy(), now=at_local("19:30")).shifts[0].slots[0].slot.hhmm == "19:30"  # due now: still sold


def test_overnight_seatings_of_yesterday_are_sold_after_midnight():
    night = shift(start="22:00", end="02:00", slot_interval_minutes=60)
    now = at_local("00:30", DATE + dt.timedelta(days=1))
    result = day(policy(shifts=[night]), now=now).shifts[0]
    assert [o.slot.hhmm for o in result.slots] == ["01:00", "02:00"]
    assert evaluate(policy(shifts=[night]), occupancy(), request("01:00"), now).accepted


# The booking policy.


def test_beyond_the_advance_window_nothing_is_sold():
    pol = policy(max_advance_days=4)
    inside = day(pol, date=NOW.astimezone(TZ).date() + dt.timedelta(days=4))
    assert offered(inside) == ALL
    beyond = day(pol, date=NOW.astimezone(TZ).date() + dt.timedelta(days=5)).shifts[0]
    assert beyond.slots == [] and beyond.unavailable_slots == []
    decision = evaluate(pol, occupancy(), request(date=DATE + dt.timedelta(days=1)), NOW)
    assert codes(decision) == ["advance_window_exceeded"]
    assert decision.violations[0].overridable is True


def test_no_advance_window_sells_any_date():
    pol = policy(max_advance_days=None)
    assert offered(day(pol, date=DATE + dt.timedelta(days=3000))) == ALL


@pytest.mark.parametrize(("size", "code"), [(1, "party_size_too_small"), (9, "party_size_too_large")])
def test_party_size_outside_the_policy_sells_nothing(size, code):
    pol = policy(tables=BIG, min_party_size=2, max_party_size=8)
    result = day(pol, size=size).shifts[0]
    assert result.slots == [] and result.unavailable_slots == []
    decision = evaluate(pol, occupancy(), request(size=size), NOW)
    assert codes(decision) == [code]
    assert decision.violations[0].param == "party_size" and decision.violations[0].overridable


def test_no_party_size_bounds():
    pol = policy(tables=BIG, min_party_size=None, max_party_size=None)
    assert offered(day(pol, size=1)) == ALL
    assert offered(day(pol, size=10)) == ALL
    assert unavailable(day(pol, size=11)) == ALL  # no table, but the policy does not refuse it
