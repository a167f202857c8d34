"""Which services run on a date, closures, day notes, and the per-shift fields of the day."""

import datetime as dt

import pytest

from reservations.engine import evaluate
from tests.engine.builders import (
    DATE,
    NOW,
    at,
    closure,
    codes,
    covers,
    day,
    guarantee,
    note,
    occupancy,
    offered,
    policy,
    request,
    shift,
    unavailable,
)

SUNDAY = DATE + dt.timedelta(days=1)


# Runs on a date: weekday, validity, closure.


def test_runs_on_its_weekdays_only():
    pol = policy(shifts=[shift(days=[5])])  # Saturdays
    assert len(day(pol, date=DATE).shifts) == 1
    assert day(pol, date=SUNDAY).shifts == []


@pytest.mark.parametrize(
    ("valid_from", "valid_until", "runs"),
    [
        (DATE, None, True),
        (DATE + dt.timedelta(days=1), None, False),
        (None, DATE, True),
        (None, DATE - dt.timedelta(days=1), False),
        (DATE - dt.timedelta(days=7), DATE + dt.timedelta(days=7), True),
    ],
)
def test_runs_inside_its_validity_inclusive(valid_from, valid_until, runs):
    pol = policy(shifts=[shift(valid_from=valid_from, valid_until=valid_until)])
    assert bool(day(pol).shifts) is runs


def test_a_closure_sets_closure_and_no_shifts():
    holiday = closure(DATE - dt.timedelta(days=2), DATE, name={"fr": "Congés", "en": "Holidays"}, message="Back soon")
    result = day(policy(closures=[holiday]))
    assert result.closure == holiday
    assert result.shifts == []
    assert result.message_only is False
    assert day(policy(closures=[holiday]), date=SUNDAY).closure is None  # the end date is inclusive, not beyond


def test_a_closure_refuses_bookings_as_no_service():
    decision = evaluate(policy(closures=[closure(DATE)]), occupancy(), request("19:00"), NOW)
    assert codes(decision) == ["no_service_at_this_time"]


def test_a_service_of_the_day_before_a_closure_still_runs_past_midnight():
    night = shift(start="22:00", end="02:00", slot_interval_minutes=60)
    result = day(policy(shifts=[night], closures=[closure(SUNDAY)]))
    assert offered(result) == ["22:00", "23:00", "00:00", "01:00", "02:00"]


# Day notes.


def test_banner_sets_the_day_message_and_sells_as_usual():
    result = day(policy(day_notes=[note(DATE, {"fr": "Terrasse fermée"}, "banner")]))
    assert result.day_message == {"fr": "Terrasse fermée"}
    assert result.message_only is False and result.display_only is False
    assert offered(result)


def test_message_only_sets_the_message_and_runs_no_service():
    result = day(policy(day_notes=[note(DATE, "Call us", "message_only")]))
    assert result.day_message == "Call us"
    assert result.message_only is True
    assert result.shifts == []
    assert codes(evaluate(policy(day_notes=[note(DATE, "x", "message_only")]), occupancy(), request(), NOW)) == [
        "no_service_at_this_time"
    ]


def test_display_only_note_shows_every_service_with_no_slots():
    pol = policy(
        shifts=[shift(1), shift(2, start="12:00", end="14:00")], day_notes=[note(DATE, "Walk-ins", "display_only")]
    )
    result = day(pol)
    assert result.display_only is True
    assert result.day_message == "Walk-ins"
    assert len(result.shifts) == 2
    for item in result.shifts:
        assert item.display_only is True
        assert item.slots == [] and item.unavailable_slots == []


def test_display_only_service_sells_nothing_and_others_still_sell():
    pol = policy(shifts=[shift(1, display_only=True), shift(2, start="12:00", end="14:00")])
    result = day(pol)
    assert result.display_only is False
    by_id = {item.shift.id: item for item in result.shifts}
    assert by_id[1].display_only is True and by_id[1].slots == [] and by_id[1].unavailable_slots == []
    assert by_id[2].slots
    assert day(policy(shifts=[shift(display_only=True)])).display_only is True


def test_closure_wins_over_a_note():
    result = day(policy(closures=[closure(DATE)], day_notes=[note(DATE, "x", "message_only")]))
    assert result.closure is not None and result.shifts == [] and result.message_only is False


def test_services_are_listed_in_start_order():
    pol = policy(shifts=[shift(1, start="12:00", end="14:00"), shift(2, start="19:00", end="22:00")])
    assert [item.shift.id for item in day(pol).shifts] == [1, 2]


# Per shift.


def test_requires_approval_for_every_party_or_from_a_size():
    assert day(policy(shifts=[shift(requires_approval=True)])).shifts[0].requires_approval is True
    pol = policy(shifts=[shift(approval_from_party_size=5)])
    assert day(pol, size=4).shifts[0].requires_approval is False
    assert day(pol, size=5).shifts[0].requires_approval is True
    assert evaluate(pol, occupancy(), request(size=5), NOW).requires_approval is True
    assert evaluate(pol, occupancy(), request(size=4), NOW).requires_approval is False


def test_guarantee_applies_from_its_party_size():
    card = guarantee(2500, from_size=4, cancel_hours=48)
    pol = policy(shifts=[shift(guarantee=card)])
    assert day(pol, size=3).shifts[0].guarantee is None
    assert day(pol, size=4).shifts[0].guarantee == card
    assert evaluate(pol, occupancy(), request(size=4), NOW).guarantee == card
    assert evaluate(pol, occupancy(), request(size=3), NOW).guarantee is None


def test_guarantee_amount_is_per_guest_times_party():
    from reservations.shapes.availability import AvailabilityGuaranteeShape

    body = AvailabilityGuaranteeShape.render(guarantee(2500, from_size=1, cancel_hours=None), 4, "EUR")
    assert body == {
        "object": "availability_guarantee",
        "mode": "imprint",
        "currency": "EUR",
        "per_guest_amount": 2500,
        "amount": 10000,
        "cancel_hours": None,
    }


def test_a_card_the_restaurant_cannot_ask_for_sells_nothing():
    pol = policy(shifts=[shift(guarantee=guarantee(from_size=4))], payments_enabled=False)
    assert offered(day(pol, size=3))
    result = day(pol, size=4)
    assert result.shifts[0].slots == [] and result.shifts[0].unavailable_slots == []
    assert codes(evaluate(pol, occupancy(), request(size=4), NOW)) == ["guarantee_required"]


@pytest.mark.parametrize(
    ("service", "widget", "expected"),
    [(True, True, True), (True, False, False), (False, True, False)],
)
def test_waitlist_open_needs_the_service_waitlist_and_the_widget(service, widget, expected):
    pol = policy(shifts=[shift(waitlist_enabled=service)], widget_enabled=widget)
    assert day(pol).shifts[0].waitlist_open is expected


@pytest.mark.parametrize(
    ("own", "default", "effective"), [(30, 60, 30), (None, 60, 60), (0, 60, 0), (-1, 60, -1), (None, None, None)]
)
def test_effective_cutoff_is_the_service_value_else_the_restaurant_default(own, default, effective):
    pol = policy(shifts=[shift(cutoff_minutes=own)], default_cutoff_minutes=default)
    assert day(pol).shifts[0].effective_cutoff_minutes == effective


def test_unavailable_slots_are_sold_times_this_party_cannot_take():
    pol = policy(shifts=[shift(max_covers_per_slot=4)])
    occ = occupancy(covers=[covers(at(DATE, "20:00"), 3)])
    result = day(pol, size=2, occ=occ)
    assert unavailable(result) == ["20:00"]
    assert "20:00" not in offered(result)
    assert "20:00" in offered(day(pol, size=1, occ=occ))
