"""PATCH /v1/reservations/{id}, the status it leads to: approval, final states, and the guarantee
rules (the guest's consent for a larger party, a card asked by the restaurant, its deadline).
What a modify changes and how it is validated: test_reservations_modify_fields.py."""

import datetime as dt

import pytest
import time_machine

from reservations.models import Reservation, Shift
from tests.factories import GuestFactory, ShiftFactory
from tests.reservations.conftest import NOW
from tests.reservations.helpers import (
    assert_error,
    book,
    events,
    last_event,
    ok,
    patch,
    policy_changed,
    set_status,
)

# Approval.


def test_a_move_needing_approval_sends_a_confirmed_booking_to_pending(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api, party_size=2)
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["status"] == "pending"
    event = last_event(api, made["id"])
    assert event["type"] == "reservation.pending"
    assert event["data"] == {
        "from_status": "confirmed",
        "to_status": "pending",
        "changes": {"party_size": {"from": 2, "to": 4}},
    }
    body = ok(patch(api, made["id"], {"party_size": 5}))
    assert body["status"] == "pending" and last_event(api, made["id"])["type"] == "reservation.updated"
    assert "from_status" not in last_event(api, made["id"])["data"]


def test_a_move_to_a_service_needing_approval(api, bistro):
    ShiftFactory(
        floor_plan=bistro.plan,
        name="Lunch",
        start_time=dt.time(12, 0),
        end_time=dt.time(14, 0),
        slot_interval_minutes=30,
        seating_minutes=90,
        requires_approval=True,
    )
    policy_changed(bistro.restaurant)
    made = book(api)
    body = ok(patch(api, made["id"], {"start_time": "12:30"}))
    assert body["status"] == "pending" and body["starts_at"] == "2026-12-05T12:30:00+01:00"


@pytest.mark.parametrize("channel", ["back_office", "walk_in", "phone"])
def test_staff_channels_stay_confirmed(api, bistro, channel):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api)
    set_status(made["id"], "confirmed", booking_channel=channel)
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["status"] == "confirmed" and body["booking_channel"] == channel
    assert last_event(api, made["id"])["type"] == "reservation.updated"


@pytest.mark.parametrize("channel", ["website_widget", "google_reserve", "partner_platform"])
def test_other_channels_go_pending(api, bistro, channel):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api)
    set_status(made["id"], "confirmed", booking_channel=channel)
    assert ok(patch(api, made["id"], {"party_size": 4}))["status"] == "pending"


def test_notes_alone_never_send_to_approval(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api, party_size=4)
    set_status(made["id"], "confirmed")  # approved by the restaurant
    assert ok(patch(api, made["id"], {"guest_notes": "x"}))["status"] == "confirmed"


def test_a_smaller_party_needs_no_new_approval(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api, party_size=6)
    set_status(made["id"], "confirmed")  # the restaurant approved six
    assert ok(patch(api, made["id"], {"party_size": 5}))["status"] == "confirmed"
    assert ok(patch(api, made["id"], {"section_id": bistro.section.public_id}))["status"] == "confirmed"
    assert ok(patch(api, made["id"], {"start_time": "20:00"}))["status"] == "pending"


# Final states.


@pytest.mark.parametrize("status", ["completed", "no_show", "cancelled"])
def test_final_states_are_409(api, bistro, status):
    made = book(api)
    set_status(made["id"], status)
    assert_error(patch(api, made["id"], {"guest_notes": "x"}), 409, "reservation_finalized")
    assert Reservation.objects.get(public_id=made["id"]).guest_notes is None


# Guarantees.


@pytest.fixture
def guaranteed(bistro):
    """Dinner asks 15.00 EUR per guest from four guests; free cancellation up to 24 h before."""
    Shift.objects.filter(pk=bistro.shift.pk).update(
        guarantee_per_guest_amount=1500, guarantee_from_party_size=4, guarantee_cancel_hours=24
    )
    policy_changed(bistro.restaurant)
    return bistro


def test_growing_a_party_with_a_card_needs_the_guests_consent(api, guaranteed):
    made = book(api, party_size=4)
    assert made["status"] == "awaiting_guarantee"
    assert_error(patch(api, made["id"], {"party_size": 5}), 422, "guarantee_consent_guest_only")
    set_status(made["id"], "confirmed", guarantee_status="active")
    assert_error(
        patch(api, made["id"], {"party_size": 5, "override": ["guarantee_required"]}),
        422,
        "guarantee_consent_guest_only",
    )
    assert ok(api.get(f"/v1/reservations/{made['id']}"))["party_size"] == 4


def test_moving_a_booking_awaiting_its_card_keeps_the_card_request(api, guaranteed):
    made = book(api, party_size=4)
    body = ok(patch(api, made["id"], {"start_time": "20:00"}))
    assert body["status"] == "awaiting_guarantee"
    assert body["guarantee"] == made["guarantee"]
    assert events(api, made["id"]) == []


def test_a_patch_removing_the_card_requirement_announces_the_booking(api, guaranteed):
    made = book(api, party_size=4, guest={"first_name": "Alicia", "last_name": "M", "email": "a@example.com"})
    body = ok(patch(api, made["id"], {"party_size": 3}))
    assert body["status"] == "confirmed" and body["guarantee"] is None
    found = events(api, made["id"])
    assert [e["type"] for e in found] == ["reservation.created"]
    assert found[0]["data"]["to_status"] == "confirmed"


def test_putting_a_booking_without_card_onto_a_guarantee_is_refused(api, guaranteed):
    made = book(api, party_size=2)
    assert_error(patch(api, made["id"], {"party_size": 4}), 422, "guarantee_modify_requires_card")
    response = patch(api, made["id"], {"party_size": 4, "override": ["guarantee_required"]})
    assert_error(response, 422, "guarantee_modify_requires_card")
    assert ok(api.get(f"/v1/reservations/{made['id']}"))["party_size"] == 2


def test_a_booking_already_lacking_its_card_is_not_refused(api, guaranteed):
    made = book(api, party_size=4, override=["guarantee_required"])
    assert made["status"] == "confirmed"
    assert ok(patch(api, made["id"], {"party_size": 5}))["guarantee"] is None


def test_a_restaurant_unable_to_take_cards_is_not_refused(api, guaranteed):
    made = book(api, party_size=2)
    guaranteed.restaurant.payments_enabled = False
    guaranteed.restaurant.save()
    policy_changed(guaranteed.restaurant)
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["status"] == "confirmed" and body["guarantee"] is None


def test_a_smaller_party_awaiting_its_card_is_asked_for_less(api, guaranteed):
    made = book(api, party_size=5)
    assert made["guarantee"]["amount"] == 7500
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["status"] == "awaiting_guarantee" and body["guarantee"]["amount"] == 6000
    assert body["guarantee"]["expires_at"] == made["guarantee"]["expires_at"]


def test_a_guarantee_request_on_the_restaurants_terms(api, guaranteed):
    made = book(api, party_size=4, override=["guarantee_required"])
    body = ok(patch(api, made["id"], {"guarantee_request": {}}))
    assert body["status"] == "awaiting_guarantee"
    guarantee = body["guarantee"]
    assert (guarantee["object"], guarantee["kind"], guarantee["status"]) == ("guarantee", "imprint", "requested")
    assert guarantee["amount"] == 6000 and guarantee["currency"] == "EUR"
    deadline = dt.datetime.fromisoformat(guarantee["expires_at"])
    assert abs((deadline - (NOW + dt.timedelta(hours=48))).total_seconds()) < 30
    updated, requested = events(api, made["id"])[-2:]
    assert updated["type"] == "reservation.updated"
    assert updated["data"] == {"from_status": "confirmed", "to_status": "awaiting_guarantee"}
    assert requested["type"] == "reservation.guarantee_requested"
    assert requested["data"] == {"guarantee_status": "requested", "amount": 6000, "currency": "EUR"}


def test_a_guarantee_request_for_a_party_below_the_card_size_uses_the_per_guest_amount(api, guaranteed):
    made = book(api, party_size=2)
    body = ok(patch(api, made["id"], {"guarantee_request": {}}))
    assert body["guarantee"]["amount"] == 3000


def test_a_guarantee_request_with_amount_deadline_and_expiry(api, bistro):
    made = book(api)
    body = ok(
        patch(api, made["id"], {"guarantee_request": {"amount": 2500, "deadline_hours": 10, "cancel_on_expiry": False}})
    )
    assert body["guarantee"]["amount"] == 2500 and body["guarantee"]["currency"] == "EUR"
    deadline = dt.datetime.fromisoformat(body["guarantee"]["expires_at"])
    assert abs((deadline - (NOW + dt.timedelta(hours=10))).total_seconds()) < 30
    assert Reservation.objects.get(public_id=made["id"]).guarantee_cancel_on_expiry is False


def test_the_requested_deadline_is_clamped_before_the_booked_time(api, bistro):
    made = book(api)
    body = ok(patch(api, made["id"], {"guarantee_request": {"amount": 1000, "deadline_hours": 500}}))
    assert body["guarantee"]["expires_at"] == made["starts_at"]


def test_guarantee_request_refusals(api, bistro):
    pending = book(api)
    set_status(pending["id"], "pending")
    assert_error(
        patch(api, pending["id"], {"guarantee_request": {"amount": 100}}),
        422,
        "guarantee_request_not_allowed",
        param="guarantee_request",
    )
    made = book(api, start_time="20:00")
    assert_error(
        patch(api, made["id"], {"guarantee_request": {}}),
        422,
        "guarantee_amount_invalid",
        param="guarantee_request[amount]",
    )
    for amount in (0, -100):
        assert_error(
            patch(api, made["id"], {"guarantee_request": {"amount": amount}}),
            422,
            "guarantee_amount_invalid",
            param="guarantee_request[amount]",
        )
    ok(patch(api, made["id"], {"guarantee_request": {"amount": 100}}))
    assert_error(
        patch(api, made["id"], {"guarantee_request": {"amount": 100}}),
        422,
        "guarantee_request_not_allowed",
        param="guarantee_request",
    )


def test_guarantee_request_on_a_past_booking_is_not_allowed(api, bistro):
    made = book(api)
    with time_machine.travel(dt.datetime(2026, 12, 5, 19, 0, tzinfo=dt.UTC), tick=False):
        assert_error(
            patch(api, made["id"], {"guarantee_request": {"amount": 100}}),
            422,
            "guarantee_request_not_allowed",
            param="guarantee_request",
        )


def test_guarantee_request_needs_payments_and_an_email(api, bistro):
    no_email = book(api, guest={"first_name": "Bob"})
    assert_error(
        patch(api, no_email["id"], {"guarantee_request": {"amount": 100}}), 422, "email_required_for_guarantee"
    )
    made = book(api, start_time="20:00")
    bistro.restaurant.payments_enabled = False
    bistro.restaurant.save()
    assert_error(patch(api, made["id"], {"guarantee_request": {"amount": 100}}), 422, "payments_suspended")
    assert ok(api.get(f"/v1/reservations/{made['id']}"))["status"] == "confirmed"


def test_a_guarantee_request_uses_the_bookings_own_contact_email(api, bistro):
    guest = GuestFactory(restaurant=bistro.restaurant, phone="+33612345678")
    made = book(api, guest={"first_name": "Alice", "phone": "0612345678", "email": "alice@example.com"})
    assert made["guest"] == guest.public_id
    assert ok(patch(api, made["id"], {"guarantee_request": {"amount": 100}}))["status"] == "awaiting_guarantee"


def test_moving_a_booking_whose_card_the_restaurant_requested_keeps_the_request(api, bistro):
    made = book(api)
    asked = ok(patch(api, made["id"], {"guarantee_request": {"amount": 2000}}))
    body = ok(patch(api, made["id"], {"start_time": "20:00"}))
    assert body["status"] == "awaiting_guarantee" and body["guarantee"] == asked["guarantee"]


def test_a_requested_card_deadline_is_never_in_the_past(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(guarantee_per_guest_amount=1000, guarantee_cancel_hours=24)
    policy_changed(bistro.restaurant)
    made = book(api, service_date="2026-12-01", start_time="19:00")  # free cancellation ended at 19:00 yesterday
    assert made["status"] == "awaiting_guarantee"
    assert made["guarantee"]["expires_at"] == "2026-12-01T19:00:00+01:00"
