"""GET /v1/waitlist-entries and /{id}: fields, filters, orders, gating of notes and expand=guest."""

import datetime as dt

import pytest
import time_machine

from tests.factories import GuestFactory, ReservationFactory, RestaurantFactory, WaitlistEntryFactory
from tests.reservations.helpers import assert_error

pytestmark = pytest.mark.django_db
FIELDS = {
    "object", "id", "status", "joined_via", "service_date", "party_size", "window_start", "window_end",
    "window_start_day_offset", "window_end_day_offset", "shift_name", "shift_start_time", "shift_end_time",
    "notes", "reservation", "guest", "created_at", "updated_at",
}  # fmt: skip


def ids(response) -> list[str]:
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["object"] == "list" and isinstance(body["has_more"], bool)
    return [e["id"] for e in body["data"]]


def overnight_entry(restaurant, **fields):
    """An entry of a service running past midnight, waiting for a table from 23:30 to 00:30."""
    return WaitlistEntryFactory(
        restaurant=restaurant,
        shift_name="Dîner",
        shift_start_time=dt.time(19, 0),
        shift_end_time=dt.time(1, 0),
        window_start=dt.time(23, 30),
        window_end=dt.time(0, 30),
        window_end_day_offset=1,
        **fields,
    )


def test_every_field_and_no_private_note(api, restaurant):
    entry = overnight_entry(restaurant, notes="Near the window please", private_note="Regular, offer the terrace")
    body = api.get(f"/v1/waitlist-entries/{entry.public_id}").json()
    assert set(body) == FIELDS
    assert body["object"] == "waitlist_entry" and body["status"] == "active" and body["joined_via"] == "widget"
    assert (body["window_start"], body["window_end"]) == ("23:30", "00:30")
    assert (body["window_start_day_offset"], body["window_end_day_offset"]) == (0, 1)
    assert (body["shift_name"], body["shift_start_time"], body["shift_end_time"]) == ("Dîner", "19:00", "01:00")
    assert body["notes"] == "Near the window please"
    assert body["guest"] == entry.guest.public_id and body["reservation"] is None
    assert "Regular" not in str(api.get("/v1/waitlist-entries").json())


def test_the_list_renders_each_entry_as_its_own_page_does(api, restaurant, reader):
    """The list reads plain rows (waitlist.selectors.entry_rows), the page a model instance: the
    same fields and values, with a booking or without, for either reader, expanded or not."""
    overnight_entry(restaurant, notes="Near the window")
    WaitlistEntryFactory(
        restaurant=restaurant, status="promoted", reservation=ReservationFactory(restaurant=restaurant)
    )
    for client, query in ((api, {}), (reader, {}), (api, {"expand": "guest"})):
        listed = client.get("/v1/waitlist-entries", query).json()["data"]
        assert len(listed) == 2
        for entry in listed:
            assert entry == client.get(f"/v1/waitlist-entries/{entry['id']}", query).json()
    assert any(entry["reservation"] for entry in listed) and any(entry["reservation"] is None for entry in listed)


def test_notes_only_with_guests_read(restaurant, reader):
    entry = WaitlistEntryFactory(restaurant=restaurant, notes="Near the window")
    body = reader.get(f"/v1/waitlist-entries/{entry.public_id}").json()
    assert "notes" not in body and body["guest"] == entry.guest.public_id
    assert "notes" not in reader.get("/v1/waitlist-entries").json()["data"][0]


def test_expand_guest_needs_guests_read(api, restaurant, reader):
    entry = WaitlistEntryFactory(restaurant=restaurant)
    assert_error(reader.get("/v1/waitlist-entries", {"expand": "guest"}), 403, "insufficient_scope", param="expand")
    assert_error(
        reader.get(f"/v1/waitlist-entries/{entry.public_id}", {"expand": "guest"}),
        403,
        "insufficient_scope",
        param="expand",
    )
    body = api.get(f"/v1/waitlist-entries/{entry.public_id}", {"expand": "guest"}).json()
    assert body["guest"]["object"] == "guest" and body["guest"]["id"] == entry.guest.public_id
    listed = api.get("/v1/waitlist-entries", {"expand": "guest"}).json()["data"]
    assert listed[0]["guest"]["id"] == entry.guest.public_id
    assert_error(api.get("/v1/waitlist-entries", {"expand": "events"}), 400, "bad_request", param="expand")


def test_scope_reservations_read(restaurant, make_client):
    client = make_client(restaurant, ["guests:read"])
    assert_error(client.get("/v1/waitlist-entries"), 403, "insufficient_scope", param=None)


def test_unknown_and_foreign_ids_are_404(api, restaurant):
    foreign = WaitlistEntryFactory(restaurant=RestaurantFactory())
    assert_error(api.get(f"/v1/waitlist-entries/{foreign.public_id}"), 404, "not_found")
    assert_error(api.get("/v1/waitlist-entries/wl_nothing"), 404, "not_found")
    assert_error(api.get("/v1/waitlist-entries/gst_x"), 404, "not_found")
    assert ids(api.get("/v1/waitlist-entries")) == []


def test_a_promoted_entry_names_its_reservation(api, restaurant):
    reservation = ReservationFactory(restaurant=restaurant)
    entry = WaitlistEntryFactory(restaurant=restaurant, status="promoted", reservation=reservation)
    assert api.get(f"/v1/waitlist-entries/{entry.public_id}").json()["reservation"] == reservation.public_id


def test_filters(api, restaurant):
    guest = GuestFactory(restaurant=restaurant)

    def entry(day: int, status: str = "active"):
        return WaitlistEntryFactory(
            restaurant=restaurant, guest=guest, service_date=dt.date(2026, 12, day), status=status
        ).public_id

    a, b, c = entry(4), entry(5, "cancelled"), entry(6, "expired")
    assert ids(api.get("/v1/waitlist-entries", {"status": "cancelled"})) == [b]
    assert ids(api.get("/v1/waitlist-entries", {"service_date": "2026-12-05"})) == [b]
    assert set(ids(api.get("/v1/waitlist-entries", {"service_date[gte]": "2026-12-05"}))) == {b, c}
    assert set(ids(api.get("/v1/waitlist-entries", {"service_date[lte]": "2026-12-05"}))) == {a, b}
    assert ids(api.get("/v1/waitlist-entries", {"service_date[gte]": "2026-12-05", "status": "expired"})) == [c]
    assert set(ids(api.get("/v1/waitlist-entries", {"id": f"{a},{c}"}))) == {a, c}
    assert_error(api.get("/v1/waitlist-entries", {"status": "waiting"}), 400, "bad_request", param="status")
    assert_error(api.get("/v1/waitlist-entries", {"service_date": "05/12/2026"}), 400, "bad_request",
                 param="service_date")  # fmt: skip
    assert_error(api.get("/v1/waitlist-entries", {"date": "2026-12-05"}), 400, "bad_request", param="date")
    assert_error(api.get("/v1/waitlist-entries", {"id": "gst_x"}), 400, "bad_request", param="id")
    too_many = ",".join(f"wl_{i:024d}" for i in range(101))
    assert_error(api.get("/v1/waitlist-entries", {"id": too_many}), 400, "bad_request", param="id")


def test_orders_and_pages(api, restaurant):
    made = []
    for day in range(1, 5):
        with time_machine.travel(dt.datetime(2026, 11, day, 10, tzinfo=dt.UTC), tick=False):
            made.append(WaitlistEntryFactory(restaurant=restaurant))
    newest = [e.public_id for e in reversed(made)]
    assert ids(api.get("/v1/waitlist-entries")) == newest
    page = api.get("/v1/waitlist-entries", {"limit": 3}).json()
    assert page["has_more"] and [e["id"] for e in page["data"]] == newest[:3]
    assert ids(api.get("/v1/waitlist-entries", {"starting_after": newest[2]})) == newest[3:]
    assert ids(api.get("/v1/waitlist-entries", {"ending_before": newest[1]})) == newest[:1]
    with time_machine.travel(dt.datetime(2026, 11, 20, 10, tzinfo=dt.UTC), tick=False):
        made[3].party_size = 3
        made[3].save()
    with time_machine.travel(dt.datetime(2026, 11, 21, 10, tzinfo=dt.UTC), tick=False):
        made[0].party_size = 3
        made[0].save()
    assert ids(api.get("/v1/waitlist-entries", {"updated_since": "2026-11-15"})) == [
        made[3].public_id,
        made[0].public_id,
    ]
    assert_error(api.get("/v1/waitlist-entries", {"starting_after": "wl_zzz"}), 400, "bad_request",
                 param="starting_after")  # fmt: skip
