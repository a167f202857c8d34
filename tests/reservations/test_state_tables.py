"""The contract's state tables of reservations and holds, row by row (from-state set with the ORM)."""

import datetime as dt

import pytest
import time_machine

from holds.models import Hold
from holds.services import sweep_expired_holds
from reservations.models import Reservation, ReservationEvent, Shift, TableAllocation
from tests.reservations.conftest import NOW
from tests.reservations.helpers import (
    assert_error,
    book,
    cancel,
    create,
    created,
    events,
    offered_times,
    patch,
    policy_changed,
    take_hold,
)

# Reservation.

STATES = [
    "awaiting_guarantee",
    "pending",
    "confirmed",
    "partially_seated",
    "seated",
    "completed",
    "cancelled",
    "no_show",
]
FINAL = ("completed", "cancelled", "no_show")
LIVE = ("pending", "confirmed", "partially_seated", "seated")


def in_state(api, state: str) -> str:
    """A booking of two at 19:30 in `state`, with the events a booking in that state would have."""
    rid = book(api)["id"]
    fields = {"status": state}
    if state == "awaiting_guarantee":
        # A card request not yet announced: no event at all.
        fields.update(
            guarantee_kind="imprint",
            guarantee_status="requested",
            guarantee_amount=2000,
            guarantee_currency="EUR",
            guarantee_expires_at=NOW + dt.timedelta(hours=48),
        )
        ReservationEvent.objects.filter(reservation__public_id=rid).delete()
    if state in FINAL:
        TableAllocation.objects.filter(reservation__public_id=rid).delete()
    Reservation.objects.filter(public_id=rid).update(**fields)
    return rid


def expected(state: str, trigger: str):
    """(HTTP status, status after, event type written or None, error code or None)."""
    if trigger == "cancel":
        if state in ("completed", "no_show"):
            return 409, state, None, "reservation_finalized"
        if state == "cancelled":
            return 200, "cancelled", None, None
        if state == "awaiting_guarantee":
            return 200, "cancelled", None, None  # never announced: cancelled silently
        return 200, "cancelled", "reservation.cancelled", None
    if state in FINAL:
        return 409, state, None, "reservation_finalized"
    if trigger == "patch_notes":
        return 200, state, None if state == "awaiting_guarantee" else "reservation.updated", None
    if trigger == "patch_needs_approval":
        if state == "confirmed":
            return 200, "pending", "reservation.pending", None
        return 200, state, None if state == "awaiting_guarantee" else "reservation.updated", None
    if trigger == "guarantee_request":
        if state == "confirmed":
            return 200, "awaiting_guarantee", ["reservation.updated", "reservation.guarantee_requested"], None
        return 422, state, None, "guarantee_request_not_allowed"
    raise AssertionError(trigger)


TRIGGERS = {
    "cancel": lambda api, rid: cancel(api, rid),
    "patch_notes": lambda api, rid: patch(api, rid, {"guest_notes": "changed"}),
    "patch_needs_approval": lambda api, rid: patch(api, rid, {"party_size": 4}),
    "guarantee_request": lambda api, rid: patch(api, rid, {"guarantee_request": {"amount": 1000}}),
}


@pytest.mark.parametrize("trigger", list(TRIGGERS))
@pytest.mark.parametrize("state", STATES)
def test_reservation_transitions(api, bistro, state, trigger):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    rid = in_state(api, state)
    before = [e["id"] for e in events(api, rid)]
    status_code, after, event_type, error = expected(state, trigger)
    response = TRIGGERS[trigger](api, rid)
    if error:
        assert_error(response, status_code, error)
    else:
        assert response.status_code == status_code, response.content
        assert response.json()["status"] == after
    assert Reservation.objects.get(public_id=rid).status == after
    new = [e for e in events(api, rid) if e["id"] not in before]
    expected_types = event_type if isinstance(event_type, list) else [event_type] if event_type else []
    assert [e["type"] for e in new] == expected_types
    if event_type and after != state:
        assert (new[0]["data"]["from_status"], new[0]["data"]["to_status"]) == (state, after)


@pytest.mark.parametrize(
    ("setup", "status", "event"),
    [
        ({}, "confirmed", "reservation.created"),
        ({"requires_approval": True}, "pending", "reservation.created"),
        ({"approval_from_party_size": 2}, "pending", "reservation.created"),
        ({"guarantee_per_guest_amount": 1000}, "awaiting_guarantee", None),
        ({"guarantee_per_guest_amount": 1000, "requires_approval": True}, "awaiting_guarantee", None),
    ],
)
def test_reservation_creation_rows(api, bistro, setup, status, event):
    Shift.objects.filter(pk=bistro.shift.pk).update(**setup)
    policy_changed(bistro.restaurant)
    made = book(api)
    assert made["status"] == status
    assert [e["type"] for e in events(api, made["id"])] == ([event] if event else [])


# Holds.

HOLD_STATES = ["held", "released", "expired", "converted"]


def hold_in_state(api, state: str) -> dict:
    made = take_hold(api)
    if state == "converted":
        created(create(api, hold_id=made["id"], service_date=None, start_time=None, party_size=None))
    elif state in ("released", "expired"):
        Hold.objects.filter(public_id=made["id"]).update(status=state, ended_at=NOW)
        TableAllocation.objects.filter(hold__public_id=made["id"]).delete()
    return made


def convert(api, hold_id):
    return create(api, hold_id=hold_id, service_date=None, start_time=None, party_size=None)


HOLD_EXPECTED = {
    # (state, trigger): (HTTP status, status after, error code)
    ("held", "release"): (200, "released", None),
    ("held", "convert"): (201, "converted", None),
    ("released", "release"): (200, "released", None),
    ("released", "convert"): (409, "released", "hold_released"),
    ("expired", "release"): (200, "expired", None),
    ("expired", "convert"): (409, "expired", "hold_expired"),
    ("converted", "release"): (409, "converted", "hold_already_converted"),
    ("converted", "convert"): (409, "converted", "hold_already_converted"),
}


@pytest.mark.parametrize("trigger", ["release", "convert"])
@pytest.mark.parametrize("state", HOLD_STATES)
def test_hold_transitions(api, bistro, state, trigger):
    made = hold_in_state(api, state)
    status_code, after, error = HOLD_EXPECTED[(state, trigger)]
    before = api.get(f"/v1/holds/{made['id']}").json()
    response = api.delete(f"/v1/holds/{made['id']}") if trigger == "release" else convert(api, made["id"])
    if error:
        assert_error(response, status_code, error)
    else:
        assert response.status_code == status_code, response.content
    hold = api.get(f"/v1/holds/{made['id']}").json()
    assert hold["status"] == after
    if trigger == "release" and status_code == 200:
        assert response.json() == hold
        if state != "held":
            assert hold == before  # a terminal hold comes back unchanged
    if after in ("released", "expired", "converted"):
        assert not TableAllocation.objects.filter(hold__public_id=made["id"]).exists()


@pytest.mark.parametrize(
    ("kind", "after_deadline", "after_sweep"),
    [("basket", "expired", "expired"), ("commitment", "held", "expired")],
)
def test_hold_lapse_rows(api, bistro, kind, after_deadline, after_sweep):
    """held -> expired at the deadline (basket) or at the sweep (commitment); the table follows."""
    made = take_hold(api, kind=kind, party_size=5, expires_at=(NOW + dt.timedelta(minutes=20)).isoformat())
    with time_machine.travel(NOW + dt.timedelta(minutes=21), tick=False):
        assert api.get(f"/v1/holds/{made['id']}").json()["status"] == after_deadline
        assert ("19:30" in offered_times(api, party_size=5)) is (after_deadline == "expired")
        sweep_expired_holds()
        assert api.get(f"/v1/holds/{made['id']}").json()["status"] == after_sweep
        assert "19:30" in offered_times(api, party_size=5)
