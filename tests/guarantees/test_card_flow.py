"""The guest's side of a card guarantee: save, decline, extra step, the withheld and fired events."""

import datetime as dt

import pytest

from reservations.models import CardGuarantee, Reservation, Shift, TableAllocation
from reservations.payments.exceptions import CardStepClosed
from reservations.selectors.reservations import get_served
from reservations.services.availability_version import bump_availability_version
from reservations.services.card_guarantee import card_step, complete_extra_step, save_card
from reservations.services.modify import ModifyParams, modify_reservation
from tests.guarantees.conftest import CARD_3DS, CARD_DECLINED, CARD_OK, book, event_types, sent_mail


def test_a_guaranteed_slot_waits_silently_then_a_saved_card_confirms_it_and_fires_created(
    place, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        booking = book(place)
    assert booking.status == "awaiting_guarantee" and booking.guarantee_status == "requested"
    assert booking.guarantee_amount == 3000 and booking.guarantee_currency == "EUR"
    assert event_types(booking) == []
    assert [m.subject for m in sent_mail()] == ["Please secure your booking at Chez Garantie with a card"]

    with django_capture_on_commit_callbacks(execute=True):
        outcome = save_card(reservation=booking, card_number=CARD_OK)

    assert outcome.status == "saved"
    booking.refresh_from_db()
    assert (booking.status, booking.guarantee_status) == ("confirmed", "active")
    assert event_types(booking) == ["reservation.created"]
    created = booking.events.get()
    assert created.data["from_status"] is None and created.data["to_status"] == "confirmed"
    card = CardGuarantee.objects.get(reservation=booking)
    assert (card.provider, card.brand, card.last4, card.amount) == ("test", "visa", "4242", 3000)
    assert card.saved_at is not None and card.payment_method_id.startswith("pm_test_")
    assert sent_mail()[-1].subject == "Your booking at Chez Garantie"


def test_a_second_save_of_the_same_card_changes_nothing(place):
    booking = book(place)
    assert save_card(reservation=booking, card_number=CARD_OK).status == "saved"
    booking.refresh_from_db()
    with pytest.raises(CardStepClosed):
        save_card(reservation=booking, card_number=CARD_OK)
    assert event_types(booking) == ["reservation.created"]


def test_a_declined_card_leaves_the_request_open_for_another_card(place):
    booking = book(place)
    outcome = save_card(reservation=booking, card_number=CARD_DECLINED)
    assert (outcome.status, outcome.reason) == ("declined", "card_declined")
    booking.refresh_from_db()
    assert (booking.status, booking.guarantee_status) == ("awaiting_guarantee", "requested")
    assert event_types(booking) == []
    assert CardGuarantee.objects.get(reservation=booking).last_decline == "card_declined"

    assert save_card(reservation=booking, card_number=CARD_OK).status == "saved"
    booking.refresh_from_db()
    assert booking.status == "confirmed" and event_types(booking) == ["reservation.created"]


def test_a_real_card_number_is_declined_and_never_stored(place):
    booking = book(place)
    outcome = save_card(reservation=booking, card_number="5105 1051 0510 5100")
    assert (outcome.status, outcome.reason) == ("declined", "test_mode_live_card")
    assert "5105" not in str(CardGuarantee.objects.filter(reservation=booking).values().get())


def test_the_extra_step_approved_saves_the_card(place):
    booking = book(place)
    assert save_card(reservation=booking, card_number=CARD_3DS).status == "requires_action"
    booking.refresh_from_db()
    assert booking.status == "awaiting_guarantee" and event_types(booking) == []
    assert CardGuarantee.objects.get(reservation=booking).awaiting_action

    assert complete_extra_step(reservation=booking, approve=True).status == "saved"
    booking.refresh_from_db()
    assert (booking.status, booking.guarantee_status) == ("confirmed", "active")
    assert event_types(booking) == ["reservation.created"]
    assert not CardGuarantee.objects.get(reservation=booking).awaiting_action


def test_the_extra_step_failed_declines_and_another_card_may_follow(place):
    booking = book(place)
    save_card(reservation=booking, card_number=CARD_3DS)
    outcome = complete_extra_step(reservation=booking, approve=False)
    assert (outcome.status, outcome.reason) == ("declined", "authentication_failed")
    booking.refresh_from_db()
    assert booking.status == "awaiting_guarantee" and event_types(booking) == []
    assert save_card(reservation=booking, card_number=CARD_OK).status == "saved"


def test_a_service_needing_approval_lands_pending_when_the_card_is_saved(db, clock):
    from tests.guarantees.conftest import build_place

    place = build_place(requires_approval=True)
    booking = book(place)
    save_card(reservation=booking, card_number=CARD_OK)
    booking.refresh_from_db()
    assert booking.status == "pending"
    assert booking.events.get().data["to_status"] == "pending"


def test_a_confirmed_booking_asked_for_a_card_returns_to_confirmed_with_the_request_in_its_history(place):
    Shift.objects.filter(pk=place.shift.pk).update(guarantee_per_guest_amount=None, guarantee_from_party_size=None)
    bump_availability_version(place.restaurant.pk)
    booking = book(place)
    assert booking.status == "confirmed"
    booking = modify_reservation(
        reservation=booking, params=ModifyParams(fields={}, guarantee_request={"amount": 2500})
    )
    assert booking.status == "awaiting_guarantee"

    save_card(reservation=booking, card_number=CARD_OK)

    booking.refresh_from_db()
    assert (booking.status, booking.guarantee_status, booking.guarantee_amount) == ("confirmed", "active", 2500)
    assert event_types(booking) == [
        "reservation.created",
        "reservation.updated",
        "reservation.guarantee_requested",
        "reservation.updated",
    ]
    back = booking.events.order_by("created_at", "id").last()
    assert back.data == {"from_status": "awaiting_guarantee", "to_status": "confirmed"}


def test_a_card_cannot_be_saved_after_the_deadline(place, clock):
    booking = book(place)
    clock.move_to(booking.guarantee_expires_at + dt.timedelta(seconds=1))
    with pytest.raises(CardStepClosed):
        save_card(reservation=booking, card_number=CARD_OK)
    booking.refresh_from_db()
    assert booking.status == "awaiting_guarantee" and event_types(booking) == []


def test_the_card_step_is_one_intent_whatever_the_retries(place):
    booking = book(place)
    first = card_step(reservation=booking)
    again = card_step(reservation=booking)
    assert first.pk == again.pk and first.intent_id == again.intent_id and first.intent_id.startswith("seti_test_")


def test_a_widget_booking_on_a_guaranteed_slot_is_out_of_the_apis_sight_until_its_card_is_saved(
    place, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        booking = book(
            place, source="widget", booking_channel="website_widget", guest_source="widget", guest_present=True
        )
    assert (booking.status, booking.source, booking.booking_channel) == ("awaiting_guest", "widget", "website_widget")
    assert abs((booking.guarantee_expires_at - booking.created_at).total_seconds() - 1800) < 2
    assert get_served(place.restaurant, booking.public_id) is None
    assert TableAllocation.objects.filter(reservation=booking).count() == 1  # it holds its table
    assert sent_mail() == []  # the guest is on the card step: nothing e-mailed yet

    save_card(reservation=booking, card_number=CARD_OK)

    booking.refresh_from_db()
    assert booking.status == "confirmed" and event_types(booking) == ["reservation.created"]
    assert get_served(place.restaurant, booking.public_id) is not None
    assert booking.guest.source == "widget"


def test_the_awaiting_guest_booking_blocks_its_table_for_others(place):
    for _ in range(2):
        book(place, source="widget", booking_channel="website_widget", guest_source="widget", guest_present=True)
    from django.db import transaction

    from reservations.exceptions import BookingRulesViolated

    with pytest.raises(BookingRulesViolated), transaction.atomic():
        book(place)
    assert Reservation.objects.filter(status="awaiting_guest").count() == 2
