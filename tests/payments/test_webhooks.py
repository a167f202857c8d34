"""Stripe webhooks at POST /payments/stripe/webhook: signed, fresh, recorded once, read as outcomes."""

import hashlib
import hmac
import json
import time

import pytest
from django.test import Client

from reservations.models.payments import ProviderEvent
from reservations.payments.webhooks import OutcomeKind, ProviderOutcome, outcome_of, receive_stripe_event
from tests.factories import ProviderEventFactory
from tests.payments.conftest import RECORDED_RESTAURANT, REFERENCE
from tests.payments.stripe_server import recording

pytestmark = pytest.mark.django_db

URL = "/payments/stripe/webhook"
SECRET = "whsec_test_9f8e7d6c5b4a39281706f5e4d3c2b1a0"
PI = "pi_3QhU2bE2xYvR4nPq0aB1cD2e"
SETI = "seti_1QhT7sE2xYvR4nPqK9dLmA3b"


@pytest.fixture(autouse=True)
def signing_secret(settings):
    settings.STRIPE_WEBHOOK_SECRET = SECRET
    settings.STRIPE_WEBHOOK_TOLERANCE = 300


def sign(payload: bytes, *, secret: str = SECRET, at: int | None = None) -> str:
    """A Stripe-Signature header, computed as Stripe documents it (independently of the library)."""
    timestamp = int(time.time()) if at is None else at
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def body(name: str = "event_payment_intent_succeeded") -> bytes:
    return json.dumps(recording(name)).encode()


def deliver(payload: bytes, signature: str | None, client=None):
    headers = {"HTTP_STRIPE_SIGNATURE": signature} if signature is not None else {}
    return (client or Client()).post(URL, payload, content_type="application/json", **headers)


def test_a_signed_event_is_recorded_and_acknowledged():
    payload = body()
    # A real browser-less POST: no CSRF token, and the check is on.
    response = deliver(payload, sign(payload), Client(enforce_csrf_checks=True))
    assert response.status_code == 200
    assert response.json() == {"received": True, "id": "evt_3QhU2bE2xYvR4nPq0Ev1Su2c", "duplicate": False}
    event = ProviderEvent.objects.get()
    assert (event.provider, event.event_id, event.type, event.livemode) == (
        "stripe",
        "evt_3QhU2bE2xYvR4nPq0Ev1Su2c",
        "payment_intent.succeeded",
        False,
    )
    # Acted on by the guarantee's state machine (here: no charge of ours is pending on it).
    assert event.processed_at is not None
    assert event.payload == json.loads(payload)


def test_a_redelivered_event_is_acknowledged_as_a_duplicate_and_recorded_once():
    payload = body()
    assert deliver(payload, sign(payload)).json()["duplicate"] is False
    again = deliver(payload, sign(payload))
    assert (again.status_code, again.json()["duplicate"]) == (200, True)
    assert ProviderEvent.objects.count() == 1


def test_a_tampered_body_is_refused():
    payload = body()
    signature = sign(payload)
    tampered = payload.replace(b'"amount": 5000', b'"amount": 1')
    assert tampered != payload
    response = deliver(tampered, signature)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_signature"
    assert not ProviderEvent.objects.exists()


def test_a_replay_outside_the_tolerance_is_refused_and_a_late_delivery_inside_it_accepted():
    payload = body()
    now = int(time.time())
    replayed = deliver(payload, sign(payload, at=now - 301))
    assert (replayed.status_code, replayed.json()["error"]["code"]) == (400, "invalid_signature")
    assert "tolerance" in replayed.json()["error"]["message"]
    assert not ProviderEvent.objects.exists()
    assert deliver(payload, sign(payload, at=now - 240)).status_code == 200


@pytest.mark.parametrize(
    "signature",
    [
        None,
        "",
        "t=1767261600",
        "v1=deadbeef",
        "garbage",
    ],
)
def test_a_missing_or_malformed_signature_is_refused(signature):
    response = deliver(body(), signature)
    assert (response.status_code, response.json()["error"]["code"]) == (400, "invalid_signature")
    assert not ProviderEvent.objects.exists()


def test_a_signature_made_with_another_secret_is_refused():
    payload = body()
    response = deliver(payload, sign(payload, secret="whsec_someone_else"))
    assert response.status_code == 400


@pytest.mark.parametrize("payload", [b"not json", b"[1, 2]", b'{"object": "event"}'])
def test_a_signed_body_that_is_not_an_event_is_refused(payload):
    response = deliver(payload, sign(payload))
    assert (response.status_code, response.json()["error"]["code"]) == (400, "invalid_payload")
    assert not ProviderEvent.objects.exists()


def test_without_a_signing_secret_nothing_is_accepted(settings):
    settings.STRIPE_WEBHOOK_SECRET = ""
    payload = body()
    response = deliver(payload, sign(payload, secret=""))
    assert (response.status_code, response.json()["error"]["code"]) == (503, "webhook_not_configured")
    assert not ProviderEvent.objects.exists()


def test_only_post_is_allowed():
    assert Client().get(URL).status_code == 405


# What each event means (the seam the guarantee's state machine will call).


def test_a_saved_card_outcome():
    payload = body("event_setup_intent_succeeded")
    received = receive_stripe_event(payload, sign(payload))
    assert received.created
    assert received.outcome == ProviderOutcome(
        kind=OutcomeKind.CARD_SAVED,
        provider="stripe",
        event_id="evt_1QhT8dE2xYvR4nPqW5e6R7t8",
        restaurant=RECORDED_RESTAURANT,
        reference=REFERENCE,
        intent_id=SETI,
        payment_method_id="pm_1QhT8aE2xYvR4nPqLmN0pQ7r",
        amount=5000,
        currency="EUR",
    )


def test_a_charge_succeeded_outcome():
    payload = body("event_payment_intent_succeeded")
    outcome = receive_stripe_event(payload, sign(payload)).outcome
    assert (outcome.kind, outcome.charge_id, outcome.intent_id, outcome.amount, outcome.currency) == (
        "charge_succeeded",
        PI,
        SETI,
        5000,
        "EUR",
    )
    assert (outcome.restaurant, outcome.reference, outcome.reason) == (RECORDED_RESTAURANT, REFERENCE, None)


def test_a_charge_failed_outcome_carries_the_reason():
    payload = body("event_payment_intent_payment_failed")
    outcome = receive_stripe_event(payload, sign(payload)).outcome
    assert (outcome.kind, outcome.charge_id, outcome.amount, outcome.reason, outcome.message) == (
        "charge_failed",
        PI,
        5000,
        "insufficient_funds",
        "Your card has insufficient funds.",
    )


def test_a_refund_outcome_names_the_charge_as_the_interface_does_and_the_total_refunded():
    payload = body("event_charge_refunded")
    outcome = receive_stripe_event(payload, sign(payload)).outcome
    assert (outcome.kind, outcome.charge_id, outcome.amount, outcome.currency, outcome.restaurant) == (
        "charge_refunded",
        PI,
        2000,
        "EUR",
        RECORDED_RESTAURANT,
    )


def test_other_events_are_recorded_and_mean_nothing_to_a_guarantee():
    payload = body("event_customer_created")
    received = receive_stripe_event(payload, sign(payload))
    assert received.created and received.outcome is None
    assert received.event.type == "customer.created"


def test_an_event_of_an_object_not_made_here_has_no_restaurant():
    event = ProviderEventFactory(
        type="payment_intent.succeeded",
        payload={"id": "evt_x", "type": "payment_intent.succeeded", "data": {"object": {"id": "pi_x", "amount": 700}}},
    )
    outcome = outcome_of(event)
    assert (outcome.kind, outcome.restaurant, outcome.reference, outcome.amount) == (
        "charge_succeeded",
        None,
        None,
        700,
    )
