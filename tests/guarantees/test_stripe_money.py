"""A Stripe charge the provider concludes later: pending at first, then its webhook decides
(`payment_intent.succeeded` / `payment_intent.payment_failed`); Stripe is the recorded local server."""

import json
import time

import pytest
from django.test import Client

from reservations.models import GuaranteeCharge, Reservation
from reservations.services.card_guarantee import card_step, refresh_card
from reservations.services.guarantee_money import charge_guarantee
from tests.factories import RestaurantFactory
from tests.guarantees.conftest import book, build_place, event_types
from tests.payments.conftest import API_KEY, RECORDED_RESTAURANT, stripe_api  # noqa: F401  (the fixture)
from tests.payments.stripe_server import recording
from tests.payments.test_webhooks import sign

SETI = "seti_1QhT7sE2xYvR4nPqK9dLmA3b"
PI = "pi_3QhU2bE2xYvR4nPq0aB1cD2e"
WEBHOOK_SECRET = "whsec_guarantee_money_test"


@pytest.fixture
def no_show(db, clock, settings, stripe_api):  # noqa: F811
    """A no-show whose card (50.00 EUR, the recordings' amount) was saved with Stripe."""
    settings.STRIPE_SECRET_KEY = API_KEY
    settings.STRIPE_API_BASE = stripe_api.url
    settings.STRIPE_MAX_NETWORK_RETRIES = 0
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    restaurant = RestaurantFactory(public_id=RECORDED_RESTAURANT, payment_provider="stripe", write_burst=1000)
    place = build_place(restaurant=restaurant, guarantee_per_guest_amount=2500)
    stripe_api.answer("POST", "/v1/customers", "customer")
    stripe_api.answer("POST", "/v1/setup_intents", "setup_intent_created")
    booking = book(place)
    card_step(reservation=booking)
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_succeeded")
    assert refresh_card(reservation=booking).status == "saved"
    Reservation.objects.filter(pk=booking.pk).update(status="no_show")
    booking.refresh_from_db()
    return booking


def deliver(name: str):
    payload = json.dumps(recording(name)).encode()
    return Client().post(
        "/payments/stripe/webhook",
        payload,
        content_type="application/json",
        HTTP_STRIPE_SIGNATURE=sign(payload, secret=WEBHOOK_SECRET, at=int(time.time())),
    )


def processing(stripe_api):  # noqa: F811
    stripe_api.answer(
        "POST", "/v1/payment_intents", recording("payment_intent_succeeded", status="processing", amount_received=0)
    )


def test_a_pending_charge_is_concluded_by_its_webhook(no_show, stripe_api):  # noqa: F811
    processing(stripe_api)
    row = charge_guarantee(reservation=no_show)
    assert (row.status, row.charge_id, row.amount) == ("pending", PI, 5000)
    assert event_types(no_show) == ["reservation.created"]  # nothing announced yet

    assert deliver("event_payment_intent_succeeded").status_code == 200

    row.refresh_from_db()
    no_show.refresh_from_db()
    assert row.status == "succeeded" and no_show.guarantee_status == "charged"
    assert no_show.card.charged == 5000
    assert event_types(no_show)[-1] == "reservation.guarantee_charged"
    # A redelivery changes nothing.
    assert deliver("event_payment_intent_succeeded").json()["duplicate"] is True
    assert event_types(no_show).count("reservation.guarantee_charged") == 1


def test_a_pending_charge_that_fails_is_announced_as_failed(no_show, stripe_api):  # noqa: F811
    processing(stripe_api)
    charge_guarantee(reservation=no_show)
    assert deliver("event_payment_intent_payment_failed").status_code == 200
    row = GuaranteeCharge.objects.get()
    no_show.refresh_from_db()
    assert row.status == "failed" and row.reason
    assert no_show.guarantee_status == "failed" and no_show.card.charged == 0
    failed = no_show.events.order_by("created_at", "id").last()
    assert failed.type == "reservation.guarantee_payment_failed" and failed.data["failure_reason"] == row.reason
