"""The card deadline: the beat sweep under time-machine, with and without cancel_on_expiry, the
reminder, the support path, and a card save racing the sweep (exactly one outcome)."""

import datetime as dt
import threading

import pytest
from django.core import mail
from django.db import connection

from reservations.models import CardGuarantee, Reservation, Shift, TableAllocation
from reservations.payments.exceptions import CardStepClosed
from reservations.services.availability_version import bump_availability_version
from reservations.services.card_guarantee import expire_card_request, save_card, sweep_card_requests
from reservations.services.modify import ModifyParams, modify_reservation
from tests.guarantees.conftest import CARD_OK, NOW, book, build_place, event_types, sent_mail


def test_the_sweep_leaves_a_request_alone_until_its_deadline_then_cancels_it_silently(
    place, clock, django_capture_on_commit_callbacks
):
    booking = book(place)
    deadline = booking.guarantee_expires_at
    assert deadline == NOW + dt.timedelta(hours=48)  # 48 h, before the free-cancellation time (Fri 19:30)
    clock.move_to(deadline - dt.timedelta(seconds=5))
    assert sweep_card_requests()["expired"] == 0
    assert Reservation.objects.get(pk=booking.pk).status == "awaiting_guarantee"

    clock.move_to(deadline + dt.timedelta(seconds=1))
    sent_mail()
    mail.outbox = []
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_card_requests()["expired"] == 1

    booking.refresh_from_db()
    assert (booking.status, booking.cancellation_reason) == ("cancelled", "guarantee_expired")
    assert booking.guarantee_status == "released"
    assert TableAllocation.objects.filter(reservation=booking).count() == 0  # tables freed at once
    assert event_types(booking) == []  # neither created nor cancelled
    assert [m.subject for m in sent_mail()] == ["Your booking at Chez Garantie is cancelled"]
    assert "No card was saved before the deadline" in mail.outbox[0].body
    assert sweep_card_requests()["expired"] == 0  # once


def test_the_freed_table_can_be_booked_again_right_away(place, clock):
    first = book(place, party_size=4)
    clock.move_to(first.guarantee_expires_at + dt.timedelta(seconds=1))
    sweep_card_requests()
    again = book(place, party_size=4, email="bob@example.com")
    assert again.status == "awaiting_guarantee"


def test_without_cancel_on_expiry_the_booking_stands_without_its_card(place, clock):
    booking = book(place)
    Reservation.objects.filter(pk=booking.pk).update(guarantee_cancel_on_expiry=False)
    clock.move_to(booking.guarantee_expires_at + dt.timedelta(minutes=1))

    sweep_card_requests()

    booking.refresh_from_db()
    assert (booking.status, booking.guarantee_status) == ("confirmed", "released")
    assert TableAllocation.objects.filter(reservation=booking).count() == 1
    assert event_types(booking) == ["reservation.created", "reservation.guarantee_released"]
    with pytest.raises(CardStepClosed):
        save_card(reservation=booking, card_number=CARD_OK)


def test_an_announced_booking_whose_request_lapses_is_cancelled_with_its_event(place, clock):
    Shift.objects.filter(pk=place.shift.pk).update(guarantee_per_guest_amount=None, guarantee_from_party_size=None)
    bump_availability_version(place.restaurant.pk)
    booking = book(place)
    booking = (
        modify_reservation(reservation=booking, params=ModifyParams(fields={}, guarantee_request={"deadline_hours": 2}))
        if False
        else booking
    )
    booking = modify_reservation(
        reservation=booking, params=ModifyParams(fields={}, guarantee_request={"amount": 1000, "deadline_hours": 2})
    )
    clock.move_to(booking.guarantee_expires_at + dt.timedelta(seconds=1))

    sweep_card_requests()

    booking.refresh_from_db()
    assert booking.status == "cancelled"
    assert event_types(booking)[-1] == "reservation.cancelled"
    assert booking.events.order_by("created_at", "id").last().data == {
        "from_status": "awaiting_guarantee",
        "to_status": "cancelled",
        "cancellation_reason": "guarantee_expired",
    }


def test_the_deadline_is_clamped_to_the_free_cancellation_time_then_to_the_booked_time(db, clock):
    place = build_place(guarantee_cancel_hours=96)  # free cancellation ends Tue 19:30, 10.5 h from now
    booking = book(place)
    assert booking.guarantee_expires_at == booking.starts_at - dt.timedelta(hours=96)
    late = build_place(guarantee_cancel_hours=200)  # free cancellation over, the table 34.5 h away: the booked time
    booking = book(late, service_date=dt.date(2026, 12, 2))
    assert booking.guarantee_expires_at == booking.starts_at


def test_expire_by_hand_ends_the_request_now_exactly_as_the_deadline_would(place):
    booking = book(place)
    expire_card_request(reservation=booking)
    booking.refresh_from_db()
    assert (booking.status, booking.cancellation_reason) == ("cancelled", "guarantee_expired")
    assert event_types(booking) == []
    # A booking no longer awaiting a card is left as it is.
    assert expire_card_request(reservation=booking).status == "cancelled"


def test_an_abandoned_widget_card_step_is_cancelled_after_half_an_hour(place, clock):
    booking = book(place, source="widget", booking_channel="website_widget", guest_source="widget", guest_present=True)
    clock.move_to(NOW + dt.timedelta(minutes=29))
    assert sweep_card_requests()["expired"] == 0
    clock.move_to(NOW + dt.timedelta(minutes=31))
    assert sweep_card_requests()["expired"] == 1
    booking.refresh_from_db()
    assert booking.status == "cancelled" and event_types(booking) == []


def test_the_reminder_goes_once_24_hours_before_the_deadline(db, clock, django_capture_on_commit_callbacks):
    place = build_place()
    booking = book(place)  # deadline 48 h ahead
    clock.move_to(booking.guarantee_expires_at - dt.timedelta(hours=25))
    assert sweep_card_requests()["reminded"] == 0
    clock.move_to(booking.guarantee_expires_at - dt.timedelta(hours=23))
    sent_mail()
    mail.outbox = []
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_card_requests()["reminded"] == 1
    assert [m.subject for m in sent_mail()] == ["Reminder: secure your booking at Chez Garantie with a card"]
    assert sweep_card_requests()["reminded"] == 0
    assert CardGuarantee.objects.get(reservation=booking).reminded_at is not None


def test_no_reminder_when_the_request_gave_less_than_a_day(db, clock):
    place = build_place(guarantee_cancel_hours=96)  # deadline 10.5 h away
    book(place)
    assert sweep_card_requests()["reminded"] == 0


def race_once(booking) -> dict:
    """A card save just before the deadline and the sweep just after it, started together."""
    deadline = booking.guarantee_expires_at
    barrier = threading.Barrier(2)
    results = {}

    def saver():
        barrier.wait()
        try:
            before = deadline - dt.timedelta(seconds=1)
            results["save"] = save_card(reservation=booking, card_number=CARD_OK, now=before).status
        except CardStepClosed:
            results["save"] = "closed"
        finally:
            connection.close()

    def sweeper():
        barrier.wait()
        try:
            after = deadline + dt.timedelta(seconds=1)
            results["expire"] = expire_card_request(reservation=booking, now=after).status
        finally:
            connection.close()

    threads = [threading.Thread(target=saver), threading.Thread(target=sweeper)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


@pytest.mark.django_db(transaction=True)
def test_a_card_save_racing_the_sweep_has_exactly_one_outcome():
    place = build_place()
    outcomes = []
    for round_ in range(6):
        booking = book(place, email=f"race{round_}@example.com", at=dt.time(19, 0) if round_ % 2 else dt.time(21, 0))
        results = race_once(booking)
        booking.refresh_from_db()
        card = CardGuarantee.objects.filter(reservation=booking).first()
        types = event_types(booking)
        if booking.status == "confirmed":
            assert results["save"] == "saved" and types == ["reservation.created"]
            assert booking.guarantee_status == "active" and card.released_at is None
        else:
            assert booking.status == "cancelled" and booking.cancellation_reason == "guarantee_expired"
            assert results["save"] == "closed" and types == []
            assert booking.guarantee_status == "released"
            assert TableAllocation.objects.filter(reservation=booking).count() == 0
            # A card the provider saved in the meantime was let go again.
            assert card is None or card.saved_at is None
        outcomes.append(booking.status)
    assert set(outcomes) <= {"confirmed", "cancelled"}


def test_partner_managed_bookings_get_the_card_request_but_no_reminder(db, clock, django_capture_on_commit_callbacks):
    place = build_place()
    with django_capture_on_commit_callbacks(execute=True):
        booking = book(place, guest_notifications="partner_managed")
    assert [m.subject for m in sent_mail()] == ["Please secure your booking at Chez Garantie with a card"]
    clock.move_to(booking.guarantee_expires_at - dt.timedelta(hours=23))
    with django_capture_on_commit_callbacks(execute=True):
        sweep_card_requests()
    assert len(sent_mail()) == 1
