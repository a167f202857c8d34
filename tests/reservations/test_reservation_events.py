"""GET /v1/reservations/{id}/events: one event per change, oldest first, paginated, 404 as the read."""

import datetime as dt

import pytest

from reservations.models import ReservationEvent, Shift
from tests.factories import ReservationFactory
from tests.reservations.helpers import (
    ID_RE,
    assert_error,
    book,
    cancel,
    codes,
    events,
    patch,
    policy_changed,
    set_status,
    take_hold,
)


def test_every_change_writes_its_event_oldest_first(api, bistro):
    made = book(api)
    patch(api, made["id"], {"party_size": 3})
    patch(api, made["id"], {"guest_notes": "Window", "internal_notes": "VIP"})
    cancel(api, made["id"])
    found = events(api, made["id"])
    assert [e["type"] for e in found] == [
        "reservation.created",
        "reservation.updated",
        "reservation.updated",
        "reservation.cancelled",
    ]
    for event in found:
        assert list(event) == ["object", "id", "type", "created_at", "data"]
        assert event["object"] == "reservation_event" and ID_RE["evt"].match(event["id"])
        assert event["created_at"].endswith("+01:00")
    stamps = [dt.datetime.fromisoformat(e["created_at"]) for e in found]
    assert stamps == sorted(stamps)
    assert found[1]["data"] == {"changes": {"party_size": {"from": 2, "to": 3}}}
    assert found[2]["data"] == {
        "changes": {"guest_notes": {"from": None, "to": "Window"}, "internal_notes": {"from": None, "to": "VIP"}}
    }
    assert ReservationEvent.objects.filter(reservation__public_id=made["id"]).count() == 4


def test_a_patch_that_changes_nothing_writes_no_event(api, bistro):
    made = book(api, guest_notes="Window")
    assert patch(api, made["id"], {"guest_notes": "Window"}).status_code == 200
    assert [e["type"] for e in events(api, made["id"])] == ["reservation.created"]


def test_a_refused_change_writes_no_event(api, bistro):
    made = book(api)
    book(api, party_size=5)
    assert codes(patch(api, made["id"], {"party_size": 5})) == ["no_table_available"]
    assert [e["type"] for e in events(api, made["id"])] == ["reservation.created"]


def test_pagination_in_written_order(api, bistro):
    made = book(api)
    for n in range(4):
        patch(api, made["id"], {"guest_notes": f"note {n}"})
    everything = [e["id"] for e in events(api, made["id"])]
    assert len(everything) == 5
    first = api.get(f"/v1/reservations/{made['id']}/events", {"limit": 2}).json()
    assert first["object"] == "list" and first["has_more"] is True
    assert [e["id"] for e in first["data"]] == everything[:2]
    rest = api.get(f"/v1/reservations/{made['id']}/events", {"starting_after": everything[1]}).json()
    assert [e["id"] for e in rest["data"]] == everything[2:] and rest["has_more"] is False
    before = api.get(f"/v1/reservations/{made['id']}/events", {"ending_before": everything[4], "limit": 2}).json()
    assert [e["id"] for e in before["data"]] == everything[2:4]
    assert_error(
        api.get(f"/v1/reservations/{made['id']}/events", {"starting_after": "evt_unknown"}),
        400,
        "bad_request",
        param="starting_after",
    )
    assert_error(
        api.get(f"/v1/reservations/{made['id']}/events", {"type": "reservation.created"}),
        400,
        "bad_request",
        param="type",
    )


def test_events_of_another_booking_are_not_a_cursor(api, bistro):
    one, two = book(api), book(api, start_time="20:00")
    other_event = events(api, two["id"])[0]["id"]
    assert_error(
        api.get(f"/v1/reservations/{one['id']}/events", {"starting_after": other_event}),
        400,
        "bad_request",
        param="starting_after",
    )


def test_empty_for_a_booking_awaiting_its_card(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(guarantee_per_guest_amount=1000)
    policy_changed(bistro.restaurant)
    made = book(api)
    patch(api, made["id"], {"guest_notes": "x"})
    response = api.get(f"/v1/reservations/{made['id']}/events")
    assert response.status_code == 200
    assert response.json() == {"object": "list", "data": [], "has_more": False}


def test_404_like_the_single_read(api, bistro):
    assert_error(api.get("/v1/reservations/resv_000000000000000000000000/events"), 404, "not_found")
    held = take_hold(api)
    assert_error(api.get(f"/v1/reservations/{held['id']}/events"), 404, "not_found")
    foreign = ReservationFactory()  # of another restaurant
    assert_error(api.get(f"/v1/reservations/{foreign.public_id}/events"), 404, "not_found")
    made = book(api)
    set_status(made["id"], "awaiting_guest")
    assert_error(api.get(f"/v1/reservations/{made['id']}/events"), 404, "not_found")


def test_expand_events_matches_the_endpoint(api, bistro):
    made = book(api)
    patch(api, made["id"], {"party_size": 4})
    expanded = api.get(f"/v1/reservations/{made['id']}", {"expand": "events"}).json()["events"]
    assert expanded == events(api, made["id"])


def test_events_are_readable_with_the_read_scope(reader, api, bistro):
    made = book(api)
    assert len(events(reader, made["id"])) == 1


@pytest.mark.parametrize("status", ["pending", "confirmed"])
def test_status_changes_carry_from_and_to(api, bistro, status):
    made = book(api)
    set_status(made["id"], status)
    cancel(api, made["id"])
    data = events(api, made["id"])[-1]["data"]
    assert (data["from_status"], data["to_status"]) == (status, "cancelled")


def _fail(*args, **kwargs):
    raise RuntimeError("a failure after the event was written")


def test_a_change_and_its_event_commit_together(api, bistro, monkeypatch):
    from guests.models import Guest
    from reservations.models import Reservation, TableAllocation
    from tests.reservations.helpers import allocations_of, create, new_key

    made = book(api)
    # The last step of every write (create and modify finish the booking step; cancel bumps itself).
    monkeypatch.setattr("reservations.services.booking_step.BookingStep.finish", _fail)
    monkeypatch.setattr("reservations.services.cancel.bump_availability_version", _fail)
    assert patch(api, made["id"], {"party_size": 4}).status_code == 500
    assert cancel(api, made["id"]).status_code == 500
    key = new_key()
    assert create(api, key=key, start_time="20:00", guest={"first_name": "Zed"}).status_code == 500
    assert Reservation.objects.count() == 1 and Guest.objects.count() == 1
    assert ReservationEvent.objects.count() == 1
    assert Reservation.objects.get().party_size == 2 and Reservation.objects.get().status == "confirmed"
    assert allocations_of(made["id"]) == ["T2"] and TableAllocation.objects.count() == 1
    monkeypatch.undo()
    assert create(api, key=key, start_time="20:00", guest={"first_name": "Zed"}).status_code == 201
