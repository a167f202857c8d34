"""GET /v1/availability/months: one availability_day per date, fields in the order of decisions.md."""

import datetime as dt

import pytest
import time_machine

from reservations.services.availability_version import bump_availability_version
from tests.availability.helpers import Floor, book, hold, local
from tests.factories import ClosureFactory, DayNoteFactory, RestaurantFactory
from tests.platform.helpers import assert_error

DAY_FIELDS = [
    "object",
    "date",
    "past",
    "beyond_window",
    "closed",
    "closure",
    "no_service",
    "message_only",
    "day_message",
    "display_only",
    "booking_closed",
    "party_sizes",
    "sections",
    "waitlist_party_sizes",
]
SIZES = [1, 2, 3, 4, 5, 6]
pytestmark = pytest.mark.usefixtures("frozen_clock")


def get(api, month="2026-12", **params):
    query = {"month": month, **params}
    return api.get("/v1/availability/months", {k: v for k, v in query.items() if v is not None})


def days(api, month="2026-12", **params) -> dict[str, dict]:
    response = get(api, month, **params)
    assert response.status_code == 200, response.content
    body = response.json()
    return {day["date"]: day for day in body["days"]}


def test_every_day_in_order_with_every_field(api, restaurant):
    Floor(restaurant)
    response = get(api)
    assert response.status_code == 200
    assert response["ETag"]
    body = response.json()
    assert list(body) == ["object", "month", "days"]
    assert body["object"] == "availability_month" and body["month"] == "2026-12"
    assert [day["date"] for day in body["days"]] == [f"2026-12-{n:02d}" for n in range(1, 32)]
    for day in body["days"]:
        assert list(day) == DAY_FIELDS
    assert body["days"][4] == {
        "object": "availability_day",
        "date": "2026-12-05",
        "past": False,
        "beyond_window": False,
        "closed": False,
        "closure": None,
        "no_service": False,
        "message_only": False,
        "day_message": None,
        "display_only": False,
        "booking_closed": False,
        "party_sizes": SIZES,
        "sections": [],
        "waitlist_party_sizes": [],
    }


def test_february_and_leap_years(api, restaurant):
    Floor(restaurant)
    assert len(days(api, "2027-02")) == 28
    assert len(days(api, "2028-02")) == 29


def test_past_days(api, restaurant):
    Floor(restaurant)
    november = days(api, "2026-11")
    assert all(day["past"] for day in november.values())
    assert all(day["party_sizes"] == [] for day in november.values())
    december = days(api)
    assert december["2026-12-01"]["past"] is False and december["2026-12-01"]["party_sizes"] == SIZES


def test_yesterday_is_not_past_while_its_overnight_service_seats(api, restaurant):
    Floor(restaurant, start_time=dt.time(22, 0), end_time=dt.time(2, 0), slot_interval_minutes=60)
    with time_machine.travel(local(dt.date(2026, 12, 2), "00:30"), tick=False):
        seating = days(api)
    assert seating["2026-12-01"]["past"] is False and seating["2026-12-01"]["party_sizes"] == SIZES
    with time_machine.travel(local(dt.date(2026, 12, 2), "02:01"), tick=False):
        over = days(api)
    assert over["2026-12-01"]["past"] is True


def test_booking_closed_once_every_service_is_over(api, restaurant):
    Floor(restaurant)
    with time_machine.travel(local(dt.date(2026, 12, 1), "22:01"), tick=False):
        today = days(api)["2026-12-01"]
    assert today["booking_closed"] is True and today["past"] is False and today["party_sizes"] == []


def test_beyond_window(api, restaurant):
    Floor(restaurant)
    restaurant.max_advance_days = 20
    restaurant.save()
    bump_availability_version(restaurant.pk)
    month = days(api)
    assert month["2026-12-21"]["beyond_window"] is False and month["2026-12-21"]["party_sizes"] == SIZES
    assert month["2026-12-22"]["beyond_window"] is True and month["2026-12-22"]["party_sizes"] == []


def test_closure_and_translations(api, restaurant):
    Floor(restaurant)
    ClosureFactory(
        restaurant=restaurant,
        start_date=dt.date(2026, 12, 24),
        end_date=dt.date(2026, 12, 25),
        name={"fr": "Noël", "en": "Christmas"},
        guest_message={"fr": "Joyeux Noël", "en": "Merry Christmas"},
    )
    DayNoteFactory(restaurant=restaurant, date=dt.date(2026, 12, 12), message={"fr": "Fête", "en": "Party"})
    bump_availability_version(restaurant.pk)
    french, english = days(api), days(api, locale="en")
    closed = english["2026-12-24"]
    assert closed["closed"] is True and closed["no_service"] is True and closed["party_sizes"] == []
    assert closed["closure"] == {
        "object": "availability_closure",
        "name": "Christmas",
        "guest_message": "Merry Christmas",
        "start_date": "2026-12-24",
        "end_date": "2026-12-25",
    }
    assert french["2026-12-25"]["closure"]["name"] == "Noël"
    assert french["2026-12-26"]["closed"] is False and french["2026-12-26"]["closure"] is None
    assert french["2026-12-12"]["day_message"] == "Fête" and english["2026-12-12"]["day_message"] == "Party"
    assert english["2026-12-12"]["party_sizes"] == SIZES


def test_no_service_message_only_and_display_only(api, restaurant):
    Floor(restaurant, days=[1, 2, 3, 4, 5, 6])  # no Monday service
    DayNoteFactory(restaurant=restaurant, date=dt.date(2026, 12, 10), message="Privé", mode="message_only")
    DayNoteFactory(restaurant=restaurant, date=dt.date(2026, 12, 11), message="Bar", mode="display_only")
    bump_availability_version(restaurant.pk)
    month = days(api)
    monday = month["2026-12-07"]
    assert (monday["no_service"], monday["closed"], monday["party_sizes"]) == (True, False, [])
    note = month["2026-12-10"]
    assert (note["message_only"], note["day_message"], note["no_service"], note["party_sizes"]) == (
        True,
        "Privé",
        False,
        [],
    )
    shown = month["2026-12-11"]
    assert (shown["display_only"], shown["day_message"], shown["party_sizes"]) == (True, "Bar", [])


def test_sections_only_with_seating_preference(api, restaurant):
    floor = Floor(restaurant)
    assert days(api)["2026-12-05"]["sections"] == []
    restaurant.show_seating_preference = True
    restaurant.save()
    bump_availability_version(restaurant.pk)
    assert days(api)["2026-12-05"]["sections"] == [
        {"object": "availability_section", "section_id": floor.a.public_id, "party_sizes": [1, 2, 3, 4]},
        {"object": "availability_section", "section_id": floor.b.public_id, "party_sizes": [4, 5, 6]},
    ]


def test_waitlist_party_sizes(api, restaurant):
    Floor(restaurant, waitlist_enabled=True)
    assert days(api)["2026-12-05"]["waitlist_party_sizes"] == [7, 8, 9, 10]
    restaurant.widget_enabled = False
    restaurant.save()
    bump_availability_version(restaurant.pk)
    assert days(api)["2026-12-05"]["waitlist_party_sizes"] == []


def test_bookings_and_excluding(api, restaurant):
    floor = Floor(restaurant, max_covers=6)
    booking = book(restaurant, [floor.b1], size=5, shift=floor.shift)
    taken = hold(restaurant, [floor.a1], date=dt.date(2026, 12, 6), size=2, shift=floor.shift)
    month = days(api)
    assert month["2026-12-05"]["party_sizes"] == [1]
    assert month["2026-12-06"]["party_sizes"] == [1, 2, 3, 4]  # 4 covers left
    assert days(api, excluding=booking.public_id)["2026-12-05"]["party_sizes"] == SIZES
    assert days(api, excluding=taken.public_id)["2026-12-06"]["party_sizes"] == SIZES


def test_fully_booked_day_has_no_sizes_and_no_flags(api, restaurant):
    floor = Floor(restaurant, max_covers=5)
    book(restaurant, [floor.b1], size=5, shift=floor.shift)
    day = days(api)["2026-12-05"]
    assert day["party_sizes"] == []
    assert not any(
        day[flag]
        for flag in ("past", "beyond_window", "closed", "no_service", "message_only", "display_only", "booking_closed")
    )


@pytest.mark.parametrize(
    ("params", "param"),
    [
        ({"month": None}, "month"),
        ({"month": ""}, "month"),
        ({"month": "2026-13"}, "month"),
        ({"month": "2026-00"}, "month"),
        ({"month": "2026-1"}, "month"),
        ({"month": "202612"}, "month"),
        ({"month": "2026-12-01"}, "month"),
        ({"month": "0001-01"}, "month"),
        ({"month": "9999-12"}, "month"),
        ({"party_size": "2"}, "party_size"),
        ({"section_id": "sec_x"}, "section_id"),
        ({"locale": "de"}, "locale"),
        ({"excluding": "gst_1"}, "excluding"),
    ],
)
def test_bad_parameters_are_400_naming_them(api, restaurant, params, param):
    Floor(restaurant)
    query = {"month": "2026-12", **params}
    response = api.get("/v1/availability/months", {k: v for k, v in query.items() if v is not None})
    assert_error(response, 400, "bad_request", param=param)


def test_excluding_another_restaurants_booking_is_404(api, restaurant):
    Floor(restaurant)
    other = RestaurantFactory()
    foreign = book(other, [Floor(other).b1], size=5)
    assert_error(get(api, excluding=foreign.public_id), 404, "not_found", param="excluding")
    assert_error(get(api, excluding="hold_nothing"), 404, "not_found", param="excluding")


def test_bookings_after_midnight_count_for_the_night_they_belong_to(api, restaurant):
    floor = Floor(
        restaurant, start_time=dt.time(22, 0), end_time=dt.time(2, 0), slot_interval_minutes=60, seating_minutes=60
    )
    night = dt.date(2026, 12, 5)
    # B1 (the only table for five) is taken from 22:00 to 00:00, then from 00:00 to 03:00 next morning:
    # the second allocation starts on the next calendar day but blocks the night of the 5th.
    book(restaurant, [floor.b1], date=night, time="22:00", minutes=120, size=5, shift=floor.shift)
    book(
        restaurant, [floor.b1], date=night + dt.timedelta(days=1), time="00:00", minutes=180, size=5, shift=floor.shift
    )
    month = days(api)
    assert 5 not in month["2026-12-05"]["party_sizes"]
    assert 5 in month["2026-12-06"]["party_sizes"]  # its own night starts at 22:00 on the 6th
    assert 5 in month["2026-12-04"]["party_sizes"]
