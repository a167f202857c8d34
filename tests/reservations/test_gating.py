"""Guest data (contact_email, contact_phone, guest_notes, internal_notes) only with guests:read."""

import pytest

from reservations.models import Reservation
from tests.factories import GuestFactory
from tests.reservations.helpers import book, cancel, create, events, patch

GUEST_KEYS = ("contact_email", "contact_phone", "guest_notes", "internal_notes")


def has_all(body: dict) -> bool:
    return all(key in body for key in GUEST_KEYS)


def has_none(body: dict) -> bool:
    return not any(key in body for key in GUEST_KEYS)


@pytest.fixture
def typed(api, bistro):
    """A booking whose booker typed contacts differing from the matched profile, with notes."""
    GuestFactory(restaurant=bistro.restaurant, email="alice@example.com", phone="+33612345678")
    return book(
        api,
        guest={"first_name": "Alicia", "last_name": "Martin", "email": "alice@example.com", "phone": "07 00 00 00 00"},
        guest_notes="Window",
        internal_notes="VIP",
    )


def test_create_response(api, no_guests, bistro):
    full = book(api)
    assert has_all(full) and full["contact_email"] is None and full["guest_notes"] is None
    gated = book(no_guests, start_time="20:00", guest_notes="Window", internal_notes="VIP")
    assert has_none(gated)
    stored = Reservation.objects.get(public_id=gated["id"])
    assert (stored.guest_notes, stored.internal_notes) == ("Window", "VIP")


def test_retrieve_and_list(api, no_guests, reader, typed):
    assert typed["contact_phone"] == "+33700000000" and typed["guest_notes"] == "Window"
    for client in (no_guests, reader):
        assert has_none(client.get(f"/v1/reservations/{typed['id']}").json())
        assert has_none(client.get("/v1/reservations").json()["data"][0])
        assert has_none(client.get("/v1/reservations", {"expand": "events"}).json()["data"][0])
    assert api.get(f"/v1/reservations/{typed['id']}").json() == typed
    assert api.get("/v1/reservations").json()["data"][0] == typed


def test_patch_without_guests_read_still_writes_notes(api, no_guests, bistro):
    made = book(api)
    response = patch(no_guests, made["id"], {"guest_notes": "Birthday", "internal_notes": "Cake at 21:00"})
    assert response.status_code == 200 and has_none(response.json())
    full = api.get(f"/v1/reservations/{made['id']}").json()
    assert (full["guest_notes"], full["internal_notes"]) == ("Birthday", "Cake at 21:00")
    full_patch = patch(api, made["id"], {"guest_notes": "Birthday!"}).json()
    assert has_all(full_patch) and full_patch["guest_notes"] == "Birthday!"


def test_cancel_response(api, no_guests, bistro):
    made = book(api, guest_notes="x")
    assert has_none(cancel(no_guests, made["id"]).json())
    other = book(api, start_time="20:00", guest_notes="y")
    body = cancel(api, other["id"]).json()
    assert has_all(body) and body["guest_notes"] == "y"


def test_event_data_is_gated(api, no_guests, typed):
    patch(api, typed["id"], {"guest_notes": "Terrace", "internal_notes": "VVIP", "party_size": 3})
    full = events(api, typed["id"])
    created = full[0]["data"]
    assert created["submitted_guest_name"] == "Alicia Martin"
    assert created["submitted_phone"] == "+33700000000" and created["contact_phone"] == "+33700000000"
    assert set(full[1]["data"]["changes"]) == {"guest_notes", "internal_notes", "party_size"}
    gated = events(no_guests, typed["id"])
    assert gated[0]["data"] == {"from_status": None, "to_status": "confirmed"}
    assert gated[1]["data"] == {"changes": {"party_size": {"from": 2, "to": 3}}}
    expanded = no_guests.get(f"/v1/reservations/{typed['id']}", {"expand": "events"}).json()["events"]
    assert [e["data"] for e in expanded] == [e["data"] for e in gated]


def test_an_event_changing_only_guest_data_keeps_its_place(api, no_guests, bistro):
    made = book(api)
    patch(no_guests, made["id"], {"guest_notes": "x"})
    gated = events(no_guests, made["id"])
    assert [e["type"] for e in gated] == ["reservation.created", "reservation.updated"]
    assert "guest_notes" not in gated[1]["data"].get("changes", {})


def test_the_create_refusal_names_no_guest_data(no_guests, bistro):
    response = create(no_guests, party_size=11)
    assert response.status_code == 422
    assert "alice" not in response.content.decode().lower()
