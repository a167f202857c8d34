"""GET /v1/availability, what is free: the parameters and their errors, the key's scope,
`excluding` a booking or hold, and who occupies a table (bookings by status, holds while live,
exempt bookings, an overnight seating). The answer's fields: test_day_fields.py."""

import datetime as dt

import pytest

from tests.availability.helpers import DATE, DINNER, NOW, Floor, book, get, hold, ok, slot_times
from tests.factories import RestaurantFactory
from tests.platform.helpers import assert_error

pytestmark = pytest.mark.usefixtures("frozen_clock")


# Parameters.


@pytest.mark.parametrize(
    ("params", "param"),
    [
        ({"service_date": None}, "service_date"),
        ({"service_date": ""}, "service_date"),
        ({"service_date": "2026-13-01"}, "service_date"),
        ({"service_date": "2026-02-30"}, "service_date"),
        ({"service_date": "05/12/2026"}, "service_date"),
        ({"service_date": "2026-12-5"}, "service_date"),
        ({"party_size": None}, "party_size"),
        ({"party_size": "two"}, "party_size"),
        ({"party_size": "0"}, "party_size"),
        ({"party_size": "-2"}, "party_size"),
        ({"party_size": "2.5"}, "party_size"),
        ({"month": "2026-12"}, "month"),
        ({"foo": "1"}, "foo"),
    ],
)
def test_bad_parameters_are_400_naming_them(api, floor, params, param):
    assert_error(get(api, **params), 400, "bad_request", param=param)


@pytest.mark.parametrize("value", ["0001-01-01", "1899-12-31", "9999-12-31"])
def test_dates_out_of_range_are_400_not_500(api, floor, value):
    assert_error(get(api, service_date=value), 400, "bad_request", param="service_date")


def test_needs_a_key_with_read_scope(make_client, restaurant, floor, anon):
    assert get(anon).status_code == 401
    writer = make_client(restaurant, scopes=["reservations:write"])
    assert_error(get(writer), 403, "insufficient_scope")


# excluding


def test_excluding_a_booking_answers_as_if_it_did_not_exist(api, floor):
    booking = book(floor.restaurant, [floor.b1], time="19:00", size=5, shift=floor.shift)
    assert ok(api, party_size=5)["shifts"][0]["unavailable_slots"] == ["19:00", "19:30", "20:00", "20:30"]
    assert slot_times(ok(api, party_size=5, excluding=booking.public_id)) == DINNER


def test_excluding_a_hold_answers_as_if_it_did_not_exist(api, floor):
    taken = hold(floor.restaurant, [floor.b1], time="20:00", size=5, shift=floor.shift)
    assert "20:00" in ok(api, party_size=5)["shifts"][0]["unavailable_slots"]
    assert slot_times(ok(api, party_size=5, excluding=taken.public_id)) == DINNER


def test_excluding_gives_back_the_covers_too(api, restaurant):
    floor = Floor(restaurant, max_covers=6)
    booking = book(restaurant, [floor.b1], size=5, shift=floor.shift)
    assert ok(api, party_size=2)["shifts"][0]["slots"] == []
    slots = ok(api, party_size=2, excluding=booking.public_id)["shifts"][0]["slots"]
    assert [slot["available_covers"] for slot in slots] == [6] * 7


def test_excluding_another_restaurants_or_unknown_id_is_404(api, floor):
    other = RestaurantFactory()
    elsewhere = Floor(other)
    foreign_booking = book(other, [elsewhere.b1], size=5)
    foreign_hold = hold(other, [elsewhere.a1], size=2)
    for value in (foreign_booking.public_id, foreign_hold.public_id, "resv_unknown", "hold_unknown"):
        assert_error(get(api, excluding=value), 404, "not_found", param="excluding")


@pytest.mark.parametrize("value", ["gst_123", "123", "sec_abc", "RESV_abc", "reservation"])
def test_excluding_of_neither_shape_is_400(api, floor, value):
    assert_error(get(api, excluding=value), 400, "bad_request", param="excluding")


# Who occupies.


@pytest.mark.parametrize(
    ("status", "occupies"),
    [
        ("awaiting_guarantee", True),
        ("pending", True),
        ("confirmed", True),
        ("partially_seated", True),
        ("seated", True),
        ("completed", False),
        ("cancelled", False),
        ("no_show", False),
    ],
)
def test_bookings_occupy_by_status(api, restaurant, status, occupies):
    floor = Floor(restaurant, max_covers=6)
    book(restaurant, [floor.b1], time="19:00", size=5, status=status, shift=floor.shift)
    five = ok(api, party_size=5)["shifts"][0]
    two = ok(api, party_size=2)["shifts"][0]
    if occupies:
        assert five["unavailable_slots"] == DINNER  # table taken 19:00-21:00, and the cap has 1 cover left
        assert two["slots"] == [] and two["unavailable_slots"] == DINNER
        assert [slot["available_covers"] for slot in ok(api, party_size=1)["shifts"][0]["slots"]] == [1] * 7
    else:
        assert [slot["time"] for slot in five["slots"]] == DINNER
        assert [slot["available_covers"] for slot in two["slots"]] == [6] * 7


def test_exempt_booking_takes_its_table_but_not_the_caps(api, restaurant):
    floor = Floor(restaurant, max_covers=6)
    book(restaurant, [floor.b1], time="19:00", size=5, excluded=True, shift=floor.shift)
    assert ok(api, party_size=5)["shifts"][0]["unavailable_slots"] == ["19:00", "19:30", "20:00", "20:30"]
    assert [slot["available_covers"] for slot in ok(api, party_size=2)["shifts"][0]["slots"]] == [6] * 7


@pytest.mark.parametrize(
    ("status", "kind", "minutes_left", "occupies"),
    [
        ("held", "basket", 10, True),
        ("held", "commitment", 10, True),
        ("held", "commitment", -10, True),  # a commitment hold keeps its table until the sweep
        ("held", "basket", -1, False),  # a basket hold lapses at its deadline, swept or not
        ("released", "basket", 10, False),
        ("expired", "basket", -10, False),
        ("expired", "commitment", -10, False),
        ("converted", "basket", 10, False),
    ],
)
def test_holds_occupy_while_live(api, restaurant, status, kind, minutes_left, occupies):
    floor = Floor(restaurant, max_covers=6)
    # A converted hold names its booking (here one that no longer occupies anything).
    booking = book(restaurant, [], status="cancelled", size=5) if status == "converted" else None
    hold(
        restaurant,
        [floor.b1],
        time="19:00",
        size=5,
        status=status,
        kind=kind,
        shift=floor.shift,
        expires_at=NOW + dt.timedelta(minutes=minutes_left),
        reservation=booking,
    )
    five = ok(api, party_size=5)["shifts"][0]
    covers = [slot["available_covers"] for slot in ok(api, party_size=1)["shifts"][0]["slots"]]
    if occupies:
        assert five["unavailable_slots"] == DINNER
        assert covers == [1] * 7
    else:
        assert [slot["time"] for slot in five["slots"]] == DINNER
        assert covers == [6] * 7


def test_overnight_booking_of_the_day_before_takes_its_table(api, restaurant):
    floor = Floor(
        restaurant, start_time=dt.time(22, 0), end_time=dt.time(2, 0), slot_interval_minutes=60, seating_minutes=90
    )
    book(restaurant, [floor.b1], date=DATE - dt.timedelta(days=1), time="23:00", minutes=300, size=5)
    # Yesterday's seating runs until 04:00 on DATE: nothing of DATE's night is touched.
    assert slot_times(ok(api, party_size=5)) == ["22:00", "23:00", "00:00", "01:00", "02:00"]
    book(restaurant, [floor.b1], date=DATE, time="23:30", minutes=150, size=5)
    late = ok(api, party_size=5)["shifts"][0]
    assert [slot["time"] for slot in late["slots"]] == ["22:00", "02:00"]
    assert late["unavailable_slots"] == ["23:00", "00:00", "01:00"]
