"""A Stripe restaurant's card step: Stripe.js with the intent's client secret, the return page and the
provider's webhook completing it; Stripe answered by the recorded local server (tests/payments)."""

import json
import time

import pytest
from django.test import Client

from reservations.models import CardGuarantee
from tests.factories import RestaurantFactory
from tests.guarantees.conftest import book, build_place, event_types
from tests.payments.conftest import API_KEY, RECORDED_RESTAURANT, stripe_api  # noqa: F401  (the fixture)
from tests.payments.stripe_server import recording
from tests.payments.test_webhooks import sign

SETI = "seti_1QhT7sE2xYvR4nPqK9dLmA3b"
WEBHOOK_SECRET = "whsec_guest_pages_test"


@pytest.fixture
def stripe_place(db, clock, settings, stripe_api):  # noqa: F811
    settings.STRIPE_SECRET_KEY = API_KEY
    settings.STRIPE_API_BASE = stripe_api.url
    settings.STRIPE_MAX_NETWORK_RETRIES = 0
    settings.STRIPE_PUBLISHABLE_KEY = "pk_test_guestpages"
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    restaurant = RestaurantFactory(
        public_id=RECORDED_RESTAURANT, payment_provider="stripe", name="Chez Stripe", write_burst=1000
    )
    stripe_api.answer("POST", "/v1/customers", "customer")
    stripe_api.answer("POST", "/v1/setup_intents", "setup_intent_created")
    return build_place(restaurant=restaurant)


def page_of(reservation) -> str:
    return f"/book/{reservation.restaurant.slug}/{reservation.modification_token}"


def test_the_card_step_hands_stripe_js_the_client_secret_under_a_nonce(stripe_place, stripe_api):  # noqa: F811
    booking = book(stripe_place)
    page = Client().get(page_of(booking) + "?lang=en")
    text = page.content.decode()
    secret = recording("setup_intent_created")["client_secret"]
    assert f'data-secret="{secret}"' in text and 'data-key="pk_test_guestpages"' in text
    assert '<script src="https://js.stripe.com/v3/"></script>' in text
    nonce = text.split('<script nonce="')[1].split('"')[0]
    policy = page["Content-Security-Policy"]
    assert f"script-src 'nonce-{nonce}' https://js.stripe.com" in policy and "frame-src https://js.stripe.com" in policy
    assert CardGuarantee.objects.get(reservation=booking).intent_id == SETI
    Client().get(page_of(booking))  # a reload makes no second intent
    assert [r.path for r in stripe_api.requests] == ["/v1/customers", "/v1/setup_intents"]


def test_the_return_page_reads_the_intent_and_the_booking_stands(stripe_place, stripe_api):  # noqa: F811
    booking = book(stripe_place)
    client = Client()
    client.get(page_of(booking))
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_succeeded")
    response = client.get(page_of(booking) + f"/card/return?setup_intent={SETI}&redirect_status=succeeded")
    assert response.status_code == 302 and response["Location"].endswith("notice=card_saved")
    booking.refresh_from_db()
    assert (booking.status, booking.guarantee_status) == ("confirmed", "active")
    card = CardGuarantee.objects.get(reservation=booking)
    assert (card.provider, card.last4, card.payment_method_id) == ("stripe", "4242", "pm_1QhT8aE2xYvR4nPqLmN0pQ7r")
    assert event_types(booking) == ["reservation.created"]


def test_the_providers_webhook_completes_a_card_saved_after_the_extra_step(stripe_place, stripe_api):  # noqa: F811
    booking = book(stripe_place)
    Client().get(page_of(booking))
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_succeeded")
    payload = json.dumps(recording("event_setup_intent_succeeded")).encode()
    response = Client().post(
        "/payments/stripe/webhook",
        payload,
        content_type="application/json",
        HTTP_STRIPE_SIGNATURE=sign(payload, secret=WEBHOOK_SECRET, at=int(time.time())),
    )
    assert response.status_code == 200, response.content
    booking.refresh_from_db()
    assert booking.status == "confirmed" and event_types(booking) == ["reservation.created"]
