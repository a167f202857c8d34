"""The Stripe provider against recorded Stripe responses served from 127.0.0.1 (tests/payments/stripe_server.py).

The real `stripe` library sends every request; the tests hold our code to what it sends (path,
form parameters, idempotency keys, the secret key) and to how it reads each answer.
"""

from dataclasses import replace

import pytest

from config.exceptions import NotFound
from reservations.payments.base import CardStatus, Charge, NextAction, PaymentStatus, SavedCard
from reservations.payments.exceptions import (
    IdempotencyKeyReused,
    PaymentInputInvalid,
    PaymentProviderError,
    PaymentStateConflict,
)
from reservations.payments.stripe_provider import StripeProvider
from tests.factories import RestaurantFactory
from tests.payments.conftest import API_KEY, RECORDED_RESTAURANT, REFERENCE
from tests.payments.stripe_server import recording

pytestmark = pytest.mark.django_db

SETI = "seti_1QhT7sE2xYvR4nPqK9dLmA3b"
CUS = "cus_RkP4mZ8wXq2LbN"
PM = "pm_1QhT8aE2xYvR4nPqLmN0pQ7r"
PI = "pi_3QhU2bE2xYvR4nPq0aB1cD2e"
CARD = SavedCard("stripe", SETI, CUS, PM, amount=5000, currency="EUR")


def guarantee(provider):
    return provider.create_guarantee(
        amount=5000,
        currency="EUR",
        customer_email="ada@example.com",
        reference=REFERENCE,
        idempotency_key=f"{REFERENCE}:guarantee",
    )


def test_a_guarantee_creates_a_customer_and_an_off_session_setup_intent(stripe_provider, stripe_api):
    stripe_api.answer("POST", "/v1/customers", "customer")
    stripe_api.answer("POST", "/v1/setup_intents", "setup_intent_created")
    intent = guarantee(stripe_provider)
    assert (intent.provider, intent.intent_id, intent.customer_id, intent.amount, intent.currency) == (
        "stripe",
        SETI,
        CUS,
        5000,
        "EUR",
    )
    assert intent.client_secret == recording("setup_intent_created")["client_secret"]
    customer, setup = stripe_api.requests
    assert (customer.method, customer.path) == ("POST", "/v1/customers")
    assert customer.params == {
        "email": "ada@example.com",
        "metadata[restaurant]": RECORDED_RESTAURANT,
        "metadata[reference]": REFERENCE,
    }
    assert customer.idempotency_key == f"{REFERENCE}:guarantee:customer"
    assert customer.headers["authorization"] == f"Bearer {API_KEY}"
    assert (setup.method, setup.path) == ("POST", "/v1/setup_intents")
    assert setup.params == {
        "customer": CUS,
        "usage": "off_session",
        "payment_method_types[0]": "card",
        "metadata[restaurant]": RECORDED_RESTAURANT,
        "metadata[reference]": REFERENCE,
        "metadata[guarantee_amount]": "5000",
        "metadata[guarantee_currency]": "EUR",
    }
    assert setup.idempotency_key == f"{REFERENCE}:guarantee:setup_intent"


def test_a_payment_method_from_stripe_js_is_confirmed_and_the_card_saved(stripe_provider, stripe_api):
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_created")
    stripe_api.answer("POST", f"/v1/setup_intents/{SETI}/confirm", "setup_intent_succeeded")
    result = stripe_provider.confirm_card(SETI, card=PM, return_url="https://bistro.example/book/card-done")
    assert (result.status, result.payment_method_id, result.brand, result.last4) == ("saved", PM, "visa", "4242")
    assert (result.amount, result.currency, result.customer_id) == (5000, "EUR", CUS)
    assert result.card() == CARD
    retrieve, confirm = stripe_api.requests
    assert (retrieve.method, retrieve.params) == ("GET", {"expand[0]": "payment_method"})
    assert confirm.params == {
        "payment_method": PM,
        "expand[0]": "payment_method",
        "return_url": "https://bistro.example/book/card-done",
    }


def test_a_declined_card_is_a_declined_result_with_its_reason(stripe_provider, stripe_api):
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_created")
    stripe_api.answer("POST", f"/v1/setup_intents/{SETI}/confirm", "setup_intent_declined", status=402)
    result = stripe_provider.confirm_card(SETI, card="pm_card_chargeDeclined")
    assert (result.status, result.reason, result.message) == ("declined", "card_declined", "Your card was declined.")
    assert (result.intent_id, result.payment_method_id, result.amount) == (SETI, None, 5000)


def test_a_card_needing_3d_secure_asks_for_the_extra_step_then_the_intent_tells_the_outcome(
    stripe_provider, stripe_api
):
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_created")
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_succeeded")
    stripe_api.answer("POST", f"/v1/setup_intents/{SETI}/confirm", "setup_intent_requires_action")
    result = stripe_provider.confirm_card(SETI, card="pm_card_authenticationRequiredOnSetup")
    redirect = recording("setup_intent_requires_action")["next_action"]["redirect_to_url"]["url"]
    assert (result.status, result.action, result.last4) == (
        "requires_action",
        NextAction("redirect_to_url", redirect),
        "3155",
    )
    with pytest.raises(PaymentStateConflict):
        result.card()
    # The guest passed the bank's check on Stripe's page: the intent now says so.
    assert stripe_provider.card_status(SETI).status == CardStatus.SAVED


def test_a_failed_3d_secure_reads_as_declined(stripe_provider, stripe_api):
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_authentication_failed")
    result = stripe_provider.card_status(SETI)
    assert (result.status, result.reason, result.payment_method_id) == ("declined", "authentication_failed", None)
    assert result.message.startswith("The latest attempt to set up the payment method has failed")


def test_a_card_number_is_never_sent_to_stripe(stripe_provider, stripe_api):
    with pytest.raises(PaymentInputInvalid) as refused:
        stripe_provider.confirm_card(SETI, card="4242424242424242")
    assert refused.value.param == "card"
    assert stripe_api.requests == []


def test_an_intent_of_another_restaurant_or_none_at_all_is_not_found(stripe_api, recorded_restaurant):
    other = StripeProvider(RestaurantFactory(), api_key=API_KEY, api_base=stripe_api.url, max_network_retries=0)
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_succeeded")
    with pytest.raises(NotFound):
        other.card_status(SETI)
    with pytest.raises(NotFound):
        other.confirm_card(SETI, card=PM)
    with pytest.raises(NotFound):
        other.release(SETI)
    assert [r.path for r in stripe_api.requests] == [f"/v1/setup_intents/{SETI}"] * 3  # nothing written
    mine = StripeProvider(recorded_restaurant, api_key=API_KEY, api_base=stripe_api.url, max_network_retries=0)
    stripe_api.answer("GET", "/v1/setup_intents/seti_1QhT7sE2xYvR4nPqNOPE0000", "resource_missing", status=404)
    with pytest.raises(NotFound) as missing:
        mine.card_status("seti_1QhT7sE2xYvR4nPqNOPE0000")
    assert missing.value.param == "intent"


def test_a_charge_is_an_off_session_payment_intent_confirmed_at_once(stripe_provider, stripe_api):
    stripe_api.answer("POST", "/v1/payment_intents", "payment_intent_succeeded")
    result = stripe_provider.charge(CARD, reference=REFERENCE, idempotency_key=f"{REFERENCE}:no-show")
    assert (result.status, result.charge_id, result.amount, result.currency, result.reason) == (
        "succeeded",
        PI,
        5000,
        "EUR",
        None,
    )
    assert result.charge() == Charge("stripe", PI, 5000, "EUR")
    (sent,) = stripe_api.requests
    assert (sent.method, sent.path) == ("POST", "/v1/payment_intents")
    assert sent.params == {
        "amount": "5000",
        "currency": "eur",
        "customer": CUS,
        "payment_method": PM,
        "payment_method_types[0]": "card",
        "off_session": "true",
        "confirm": "true",
        "metadata[restaurant]": RECORDED_RESTAURANT,
        "metadata[reference]": REFERENCE,
        "metadata[setup_intent]": SETI,
    }
    assert sent.idempotency_key == f"{REFERENCE}:no-show"


def test_a_partial_charge_sends_its_amount(stripe_provider, stripe_api):
    stripe_api.answer(
        "POST", "/v1/payment_intents", recording("payment_intent_succeeded", amount=1500, amount_received=1500)
    )
    result = stripe_provider.charge(replace(CARD, charged=3000), amount=1500, idempotency_key="late")
    assert (result.status, result.amount) == ("succeeded", 1500)
    assert stripe_api.requests[0].params["amount"] == "1500"


@pytest.mark.parametrize(
    "recorded, reason, message",
    [
        ("payment_intent_insufficient_funds", "insufficient_funds", "Your card has insufficient funds."),
        (
            "payment_intent_authentication_required",
            "authentication_required",
            "Your card was declined. This transaction requires authentication.",
        ),
    ],
)
def test_a_declined_charge_is_a_failed_result_with_its_reason(stripe_provider, stripe_api, recorded, reason, message):
    stripe_api.answer("POST", "/v1/payment_intents", recorded, status=402)
    result = stripe_provider.charge(CARD, idempotency_key="no-show")
    assert (result.status, result.reason, result.message) == ("failed", reason, message)
    assert (result.charge_id, result.amount) == (PI, 5000)
    with pytest.raises(PaymentStateConflict):
        result.charge()


def test_a_charge_still_processing_is_pending(stripe_provider, stripe_api):
    stripe_api.answer(
        "POST", "/v1/payment_intents", recording("payment_intent_succeeded", status="processing", amount_received=0)
    )
    assert stripe_provider.charge(CARD, idempotency_key="no-show").status == PaymentStatus.PENDING


def test_a_refund_of_the_payment_intent_in_part(stripe_provider, stripe_api):
    stripe_api.answer("POST", "/v1/refunds", "refund_succeeded")
    charge = Charge("stripe", PI, 5000, "EUR")
    result = stripe_provider.refund(charge, amount=2000, reference=REFERENCE, idempotency_key=f"{REFERENCE}:refund:1")
    assert (result.status, result.refund_id, result.charge_id, result.amount, result.currency) == (
        "succeeded",
        "re_3QhU2bE2xYvR4nPq0Rf5Gh6j",
        PI,
        2000,
        "EUR",
    )
    (sent,) = stripe_api.requests
    assert (sent.path, sent.idempotency_key) == ("/v1/refunds", f"{REFERENCE}:refund:1")
    assert sent.params == {
        "payment_intent": PI,
        "amount": "2000",
        "metadata[restaurant]": RECORDED_RESTAURANT,
        "metadata[reference]": REFERENCE,
    }


def test_a_refund_of_the_rest_and_one_stripe_refuses(stripe_provider, stripe_api):
    stripe_api.answer("POST", "/v1/refunds", recording("refund_succeeded", amount=3000))
    stripe_api.answer("POST", "/v1/refunds", "refund_already_refunded", status=400)
    charge = Charge("stripe", PI, 5000, "EUR", refunded=2000)
    assert stripe_provider.refund(charge, idempotency_key="rest").amount == 3000
    assert stripe_api.requests[0].params["amount"] == "3000"
    with pytest.raises(PaymentStateConflict):
        stripe_provider.refund(charge, idempotency_key="again")


def test_a_pending_or_failed_refund(stripe_provider, stripe_api):
    stripe_api.answer("POST", "/v1/refunds", recording("refund_succeeded", status="pending"))
    stripe_api.answer(
        "POST", "/v1/refunds", recording("refund_succeeded", status="failed", failure_reason="expired_or_canceled_card")
    )
    charge = Charge("stripe", PI, 5000, "EUR")
    assert stripe_provider.refund(charge, amount=2000, idempotency_key="a").status == PaymentStatus.PENDING
    failed = stripe_provider.refund(charge, amount=2000, idempotency_key="b")
    assert (failed.status, failed.reason) == ("failed", "expired_or_canceled_card")


def test_release_cancels_an_unfinished_setup_intent(stripe_provider, stripe_api):
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_created")
    stripe_api.answer("POST", f"/v1/setup_intents/{SETI}/cancel", "setup_intent_canceled")
    assert stripe_provider.release(SETI).status == CardStatus.RELEASED
    cancel = stripe_api.requests[1]
    assert (cancel.path, cancel.params) == (
        f"/v1/setup_intents/{SETI}/cancel",
        {"cancellation_reason": "abandoned", "expand[0]": "payment_method"},
    )


def test_release_detaches_a_saved_card_and_the_intent_then_reads_released(stripe_provider, stripe_api):
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_succeeded")
    stripe_api.answer(
        "GET", f"/v1/setup_intents/{SETI}", recording("setup_intent_succeeded", payment_method={"customer": None})
    )
    stripe_api.answer("POST", f"/v1/payment_methods/{PM}/detach", "payment_method_detached")
    released = stripe_provider.release(SETI)
    assert (released.status, released.payment_method_id) == ("released", None)
    assert [(r.method, r.path) for r in stripe_api.requests] == [
        ("GET", f"/v1/setup_intents/{SETI}"),
        ("POST", f"/v1/payment_methods/{PM}/detach"),
    ]
    # Released twice: the card is detached already, nothing more is sent.
    assert stripe_provider.release(SETI).status == CardStatus.RELEASED
    assert stripe_provider.card_status(SETI).status == CardStatus.RELEASED
    assert len(stripe_api.requests) == 4


def test_release_of_a_cancelled_intent_sends_nothing_more(stripe_provider, stripe_api):
    stripe_api.answer("GET", f"/v1/setup_intents/{SETI}", "setup_intent_canceled")
    assert stripe_provider.release(SETI).status == CardStatus.RELEASED
    assert [r.method for r in stripe_api.requests] == ["GET"]


def test_a_key_reused_with_other_parameters_is_a_conflict(stripe_provider, stripe_api):
    stripe_api.answer("POST", "/v1/customers", "customer")
    stripe_api.answer("POST", "/v1/setup_intents", "idempotency_error", status=400)
    with pytest.raises(IdempotencyKeyReused):
        guarantee(stripe_provider)


def test_a_wrong_secret_key_or_an_unreachable_stripe_is_a_provider_error(
    stripe_provider, stripe_api, recorded_restaurant
):
    stripe_api.answer("POST", "/v1/payment_intents", "invalid_api_key", status=401)
    with pytest.raises(PaymentProviderError) as failed:
        stripe_provider.charge(CARD, idempotency_key="no-show")
    assert (failed.value.kind, failed.value.code) == ("upstream", "upstream_error")
    # Port 9 (discard) on loopback: nothing listens, the connection is refused.
    down = StripeProvider(recorded_restaurant, api_key=API_KEY, api_base="http://127.0.0.1:9", max_network_retries=0)
    with pytest.raises(PaymentProviderError):
        down.charge(CARD, idempotency_key="no-show")
