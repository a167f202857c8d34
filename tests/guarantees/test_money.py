"""Staff money on a saved card: charge a no-show or late cancellation, refund, release; the events."""

import threading

import pytest
from django.db import connection, transaction

from reservations.models import GuaranteeCharge, Reservation, SimulatedCardIntent
from reservations.payments.exceptions import GuaranteeNotChargeable, PaymentAmountInvalid, PaymentsSuspended
from reservations.services.card_guarantee import save_card
from reservations.services.guarantee_money import charge_guarantee, refund_guarantee, release_guarantee
from tests.guarantees.conftest import CARD_NO_FUNDS, CARD_OK, book, build_place, event_types


def guaranteed(place, card=CARD_OK, status=None):
    booking = book(place)
    assert save_card(reservation=booking, card_number=card).status == "saved"
    if status:
        Reservation.objects.filter(pk=booking.pk).update(status=status)
    booking.refresh_from_db()
    return booking


def refused(error, call, **kwargs):
    with pytest.raises(error), transaction.atomic():
        call(**kwargs)


def test_a_no_show_is_charged_part_then_the_rest_never_more(place):
    booking = guaranteed(place, status="no_show")
    row = charge_guarantee(reservation=booking, amount=1000, staff="host")
    assert (row.status, row.amount, row.currency, row.staff) == ("succeeded", 1000, "EUR", "host")
    booking.refresh_from_db()
    assert booking.guarantee_status == "charged"
    charged = booking.events.order_by("created_at", "id").last()
    assert charged.type == "reservation.guarantee_charged"
    assert charged.data["charged_amount"] == 1000 and charged.data["charged_total"] == 1000
    refused(PaymentAmountInvalid, charge_guarantee, reservation=booking, amount=2001)
    rest = charge_guarantee(reservation=booking)  # None: all that is left
    assert rest.amount == 2000
    refused(PaymentAmountInvalid, charge_guarantee, reservation=booking, amount=1)
    assert booking.card.charged == 3000


@pytest.mark.parametrize("amount", [10.5, "1000", True, 0, -5])
def test_amounts_are_whole_minor_units_above_zero(place, amount):
    booking = guaranteed(place, status="no_show")
    refused(PaymentAmountInvalid, charge_guarantee, reservation=booking, amount=amount)
    assert not GuaranteeCharge.objects.exists()


def test_only_a_no_show_or_cancelled_booking_with_a_saved_card_is_charged(place):
    booking = guaranteed(place)  # confirmed
    refused(GuaranteeNotChargeable, charge_guarantee, reservation=booking)
    unsaved = book(place, email="other@example.com")
    Reservation.objects.filter(pk=unsaved.pk).update(status="no_show")
    unsaved.refresh_from_db()
    refused(GuaranteeNotChargeable, charge_guarantee, reservation=unsaved)


def test_a_late_cancellation_is_charged(place):
    booking = guaranteed(place, status="cancelled")
    assert charge_guarantee(reservation=booking, amount=500).status == "succeeded"


def test_a_failed_charge_is_recorded_with_its_event(place):
    booking = guaranteed(place, card=CARD_NO_FUNDS, status="no_show")
    row = charge_guarantee(reservation=booking)
    assert (row.status, row.reason) == ("failed", "insufficient_funds")
    booking.refresh_from_db()
    assert booking.guarantee_status == "failed"
    failed = booking.events.order_by("created_at", "id").last()
    assert failed.type == "reservation.guarantee_payment_failed"
    assert failed.data["failure_reason"] == "insufficient_funds" and failed.data["attempted_amount"] == 3000


def test_payments_suspended_refuses_a_charge(place):
    booking = guaranteed(place, status="no_show")
    place.restaurant.payments_enabled = False
    place.restaurant.save(update_fields=["payments_enabled"])
    refused(PaymentsSuspended, charge_guarantee, reservation=booking)


def test_refund_partially_then_fully_never_beyond(place):
    booking = guaranteed(place, status="no_show")
    charge_guarantee(reservation=booking)
    row = refund_guarantee(reservation=booking, amount=1200)
    assert row.refunded == 1200
    booking.refresh_from_db()
    assert booking.guarantee_status == "refunded"
    refunded = booking.events.order_by("created_at", "id").last()
    assert refunded.type == "reservation.guarantee_refunded" and refunded.data["refunded_amount"] == 1200
    refused(PaymentAmountInvalid, refund_guarantee, reservation=booking, amount=1801)
    assert refund_guarantee(reservation=booking).refunded == 3000
    refused(GuaranteeNotChargeable, refund_guarantee, reservation=booking)
    assert event_types(booking).count("reservation.guarantee_refunded") == 2


def test_release_after_the_visit_lets_the_card_go(place):
    booking = guaranteed(place, status="completed")
    release_guarantee(reservation=booking)
    booking.refresh_from_db()
    assert booking.guarantee_status == "released"
    assert event_types(booking)[-1] == "reservation.guarantee_released"
    assert SimulatedCardIntent.objects.get(intent_id=booking.card.intent_id).status == "released"
    refused(GuaranteeNotChargeable, charge_guarantee, reservation=booking)


def test_a_charged_guarantee_is_not_released(place):
    booking = guaranteed(place, status="no_show")
    charge_guarantee(reservation=booking, amount=100)
    refused(GuaranteeNotChargeable, release_guarantee, reservation=booking)


def test_releasing_a_card_still_awaited_accepts_the_booking_without_one(place):
    booking = book(place)
    release_guarantee(reservation=booking)
    booking.refresh_from_db()
    assert (booking.status, booking.guarantee_status) == ("confirmed", "released")
    assert event_types(booking) == ["reservation.created", "reservation.guarantee_released"]


@pytest.mark.django_db(transaction=True)
def test_two_hosts_charging_at_once_never_take_more_than_the_guarantee():
    place = build_place()
    booking = guaranteed(place, status="no_show")
    barrier = threading.Barrier(2)
    outcomes = []

    def host():
        barrier.wait()
        try:
            outcomes.append(charge_guarantee(reservation=booking, amount=2000).status)
        except PaymentAmountInvalid:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=host) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(outcomes) == ["refused", "succeeded"]
    booking.card.refresh_from_db()
    assert booking.card.charged == 2000
    assert GuaranteeCharge.objects.filter(status="succeeded").count() == 1
