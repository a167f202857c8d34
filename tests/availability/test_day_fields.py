"""GET /v1/availability, the answer: every field in order, the services' caps, guarantee, approval,
waitlist and sections, the section filter, the locale, day notes and closures.
Parameters, `excluding` and who occupies a table: test_day_occupancy.py."""

import datetime as dt

import pytest
import time_machine

from reservations.services.availability_version import bump_availability_version
from tests.availability.helpers import DATE, DINNER, Floor, book, get, local, ok, slot_times
from tests.factories import ClosureFactory, DayNoteFactory, RestaurantFactory, ShiftFactory
from tests.platform.helpers import assert_error

pytestmark = pytest.mark.usefixtures("frozen_clock")

DAY_FIELDS = [
    "object",
    "service_date",
    "party_size",
    "section_id",
    "day_message",
    "display_only",
    "message_only",
    "closure",
    "shifts",
]
SHIFT_FIELDS = [
    "object",
    "id",
    "name",
    "guest_message",
    "start_time",
    "end_time",
    "effective_cutoff_minutes",
    "display_only",
    "booking_closed",
    "requires_approval",
    "waitlist_open",
    "guarantee",
    "guarantee_from_party_size",
    "slots",
    "unavailable_slots",
    "section_ids",
]


def test_every_field_in_order(api, floor):
    response = get(api)
    assert response.status_code == 200
    assert response["ETag"].startswith('"')
    body = response.json()
    assert list(body) == DAY_FIELDS
    assert body == {
        "object": "availability",
        "service_date": "2026-12-05",
        "party_size": 2,
        "section_id": None,
        "day_message": None,
        "display_only": False,
        "message_only": False,
        "closure": None,
        "shifts": [body["shifts"][0]],
    }
    shift = body["shifts"][0]
    assert list(shift) == SHIFT_FIELDS
    assert shift == {
        "object": "availability_shift",
        "id": floor.shift.public_id,
        "name": "Dinner",
        "guest_message": None,
        "start_time": "19:00",
        "end_time": "22:00",
        "effective_cutoff_minutes": None,
        "display_only": False,
        "booking_closed": False,
        "requires_approval": False,
        "waitlist_open": False,
        "guarantee": None,
        "guarantee_from_party_size": None,
        "slots": [
            {"object": "availability_slot", "time": time, "available_covers": None, "max_covers_per_slot": None}
            for time in DINNER
        ],
        "unavailable_slots": [],
        "section_ids": [floor.a.public_id],  # B's only table seats 4 to 6
    }
    assert shift["id"].startswith("shf_")


def test_caps_guarantee_approval_waitlist_and_cutoff(api, restaurant):
    floor = Floor(
        restaurant,
        max_covers=10,
        max_covers_per_slot=6,
        guarantee_per_guest_amount=2500,
        guarantee_from_party_size=4,
        guarantee_cancel_hours=48,
        approval_from_party_size=5,
        waitlist_enabled=True,
        cutoff_minutes=60,
    )
    book(restaurant, [floor.a2_table], size=3, shift=floor.shift)
    shift = ok(api, party_size=4)["shifts"][0]
    assert shift["effective_cutoff_minutes"] == 60
    assert shift["requires_approval"] is False
    assert shift["waitlist_open"] is True
    assert shift["guarantee"] == {
        "object": "availability_guarantee",
        "mode": "imprint",
        "currency": "EUR",
        "per_guest_amount": 2500,
        "amount": 10000,
        "cancel_hours": 48,
    }
    assert shift["guarantee_from_party_size"] == 4
    assert shift["unavailable_slots"] == ["19:00"]  # 3 of the 6 covers starting at 19:00 are taken
    small = ok(api, party_size=3)["shifts"][0]
    covers = {slot["time"]: (slot["available_covers"], slot["max_covers_per_slot"]) for slot in small["slots"]}
    assert covers["19:00"] == (3, 6)  # slot: 6 - 3; service: 10 - 3
    assert covers["21:00"] == (6, 6)  # slot: 6; service: 7
    assert small["guarantee"] is None and small["guarantee_from_party_size"] == 4
    assert ok(api, party_size=5)["shifts"][0]["requires_approval"] is True


def test_waitlist_closed_while_the_widget_is_off(api, restaurant):
    Floor(restaurant, waitlist_enabled=True)
    restaurant.widget_enabled = False
    restaurant.save()
    bump_availability_version(restaurant.pk)
    assert ok(api)["shifts"][0]["waitlist_open"] is False


def test_services_are_listed_in_start_order(api, floor):
    lunch = ShiftFactory(floor_plan=floor.plan, name="Lunch", start_time=dt.time(12, 0), end_time=dt.time(14, 0))
    assert [shift["id"] for shift in ok(api)["shifts"]] == [lunch.public_id, floor.shift.public_id]


# Sections.


def test_unavailable_slots_and_section_ids(api, floor):
    book(floor.restaurant, [floor.a2_table, floor.a3], time="19:00", size=4)
    body = ok(api, party_size=4)
    assert slot_times(body) == DINNER  # B1 seats four
    assert body["shifts"][0]["section_ids"] == [floor.a.public_id, floor.b.public_id]
    in_a = ok(api, party_size=4, section_id=floor.a.public_id)["shifts"][0]
    assert [slot["time"] for slot in in_a["slots"]] == ["21:00", "21:30", "22:00"]
    assert in_a["unavailable_slots"] == ["19:00", "19:30", "20:00", "20:30"]


def test_a_member_section_filters_the_same_as_its_group(api, floor):
    book(floor.restaurant, [floor.a2_table, floor.a3], time="19:00", size=4)
    leader = ok(api, party_size=4, section_id=floor.a.public_id)
    member = ok(api, party_size=4, section_id=floor.a2.public_id)
    assert member["shifts"] == leader["shifts"]
    assert leader["section_id"] == member["section_id"] == floor.a.public_id  # the filter applied: the group
    other = ok(api, party_size=4, section_id=floor.b.public_id)
    assert other["section_id"] == floor.b.public_id
    assert slot_times(other) == DINNER


def test_unknown_section_is_400(api, floor):
    assert_error(get(api, section_id="sec_nope"), 400, "bad_request", param="section_id")
    stranger = Floor(RestaurantFactory())
    assert_error(get(api, section_id=stranger.a.public_id), 400, "bad_request", param="section_id")


def test_an_unknown_section_is_reported_before_an_unknown_excluding(api, floor):
    response = get(api, section_id="sec_nope", excluding="resv_unknown")
    assert_error(response, 400, "bad_request", param="section_id")


# locale


def test_locale_translates_guest_facing_text(api, restaurant):
    Floor(restaurant, name={"fr": "Dîner", "en": "Dinner"}, guest_message={"fr": "Bienvenue", "en": "Welcome"})
    DayNoteFactory(restaurant=restaurant, date=DATE, message={"fr": "Menu de fête", "en": "Festive menu"})
    bump_availability_version(restaurant.pk)
    french = ok(api)
    assert (french["shifts"][0]["name"], french["shifts"][0]["guest_message"]) == ("Dîner", "Bienvenue")
    assert french["day_message"] == "Menu de fête"
    english = ok(api, locale="en")
    assert (english["shifts"][0]["name"], english["shifts"][0]["guest_message"]) == ("Dinner", "Welcome")
    assert english["day_message"] == "Festive menu"
    assert ok(api, locale="fr") == french


def test_locale_falls_back_to_the_primary_language(api, restaurant):
    Floor(restaurant, name={"fr": "Dîner"}, guest_message="Texte unique")
    assert ok(api, locale="en")["shifts"][0]["name"] == "Dîner"
    assert ok(api, locale="en")["shifts"][0]["guest_message"] == "Texte unique"


def test_closure_text_is_translated(api, restaurant):
    Floor(restaurant)
    ClosureFactory(
        restaurant=restaurant,
        start_date=DATE - dt.timedelta(days=1),
        end_date=DATE + dt.timedelta(days=2),
        name={"fr": "Congés", "en": "Holidays"},
        guest_message={"fr": "À bientôt"},
    )
    bump_availability_version(restaurant.pk)
    body = ok(api, locale="en")
    assert body["closure"] == {
        "object": "availability_closure",
        "name": "Holidays",
        "guest_message": "À bientôt",
        "start_date": "2026-12-04",
        "end_date": "2026-12-07",
    }
    assert body["shifts"] == []


@pytest.mark.parametrize("value", ["de", "EN", "english", ""])
def test_locale_outside_guest_languages_is_400(api, floor, value):
    assert_error(get(api, locale=value), 400, "bad_request", param="locale")


# Day notes, cutoff and window.


def test_message_only_day(api, restaurant):
    Floor(restaurant)
    DayNoteFactory(restaurant=restaurant, date=DATE, message="Privatisé", mode="message_only")
    body = ok(api)
    assert (body["message_only"], body["day_message"], body["shifts"], body["display_only"]) == (
        True,
        "Privatisé",
        [],
        False,
    )


def test_display_only_day(api, restaurant):
    Floor(restaurant)
    DayNoteFactory(restaurant=restaurant, date=DATE, message="Sans réservation", mode="display_only")
    body = ok(api)
    assert body["display_only"] is True and body["day_message"] == "Sans réservation"
    shift = body["shifts"][0]
    assert shift["display_only"] is True and shift["slots"] == [] and shift["unavailable_slots"] == []


def test_booking_closed_after_the_cutoff(api, restaurant):
    Floor(restaurant, cutoff_minutes=120)
    with time_machine.travel(local(DATE, "17:00"), tick=False):
        shift = ok(api)["shifts"][0]
    assert shift["booking_closed"] is True and shift["slots"] == [] and shift["unavailable_slots"] == []


def test_beyond_the_window_and_outside_party_sizes_nothing_is_sold(api, restaurant):
    Floor(restaurant)
    restaurant.max_advance_days = 2
    restaurant.save()
    bump_availability_version(restaurant.pk)
    beyond = ok(api)["shifts"][0]
    assert beyond["slots"] == [] and beyond["unavailable_slots"] == []
    near = ok(api, service_date="2026-12-03", party_size=11)["shifts"][0]
    assert near["slots"] == [] and near["unavailable_slots"] == []
