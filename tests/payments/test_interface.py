"""The interface's own rules, the same for every provider: amounts in whole minor units, checked
before any provider is called."""

from dataclasses import replace
from decimal import Decimal

import pytest

from reservations.models.payments import SimulatedCardIntent, SimulatedCharge
from reservations.payments.base import MAX_AMOUNT, CardResult, CardStatus, Charge, PaymentProvider, SavedCard
from reservations.payments.exceptions import PaymentAmountInvalid, PaymentInputInvalid, PaymentStateConflict
from reservations.payments.stripe_provider import StripeProvider
from reservations.payments.test_provider import TestProvider

pytestmark = pytest.mark.django_db

GUARANTEE = {"currency": "EUR", "customer_email": "ada@example.com", "reference": "resv_1", "idempotency_key": "k"}


@pytest.fixture
def provider(restaurant):
    return TestProvider(restaurant)


@pytest.fixture
def card(provider):
    intent = provider.create_guarantee(amount=5000, **GUARANTEE)
    return provider.confirm_card(intent.intent_id, card="4242424242424242").card()


@pytest.mark.parametrize("amount", [0, -100, 25.0, 25.5, Decimal("25"), "2500", True, None, MAX_AMOUNT + 1])
def test_a_guarantee_amount_is_a_whole_number_of_minor_units_above_zero(provider, amount):
    with pytest.raises(PaymentAmountInvalid) as refused:
        provider.create_guarantee(amount=amount, **GUARANTEE)
    error = refused.value
    assert (error.kind, error.code, error.param) == ("refused", "guarantee_amount_invalid", "amount")
    assert not SimulatedCardIntent.objects.exists()


@pytest.mark.parametrize(
    "field, value",
    [
        ("currency", "eur"),
        ("currency", "EURO"),
        ("currency", None),
        ("customer_email", ""),
        ("customer_email", "not an address"),
        ("reference", "x" * 101),
        ("idempotency_key", ""),
        ("idempotency_key", "k" * 201),
        ("idempotency_key", "line\nbreak"),
    ],
)
def test_malformed_guarantee_arguments_are_refused_naming_them(provider, field, value):
    with pytest.raises(PaymentInputInvalid) as refused:
        provider.create_guarantee(amount=5000, **{**GUARANTEE, field: value})
    assert (refused.value.kind, refused.value.param) == ("invalid", field)


@pytest.mark.parametrize("amount", [0, -1, 10.0, Decimal("10"), False, 5001])
def test_a_charge_is_above_zero_and_at_most_the_guarantee(provider, card, amount):
    with pytest.raises(PaymentAmountInvalid) as refused:
        provider.charge(card, amount=amount, idempotency_key="c")
    assert (refused.value.code, refused.value.param) == ("payment_amount_invalid", "amount")
    assert not SimulatedCharge.objects.exists()


def test_a_charge_is_at_most_what_the_earlier_charges_left(provider, card):
    with pytest.raises(PaymentAmountInvalid, match="above what is left of the guarantee"):
        provider.charge(replace(card, charged=4000), amount=1001, idempotency_key="c")
    with pytest.raises(PaymentAmountInvalid, match="charged in full"):
        provider.charge(replace(card, charged=5000), idempotency_key="c")
    assert not SimulatedCharge.objects.exists()
    # Without an amount: all that is left.
    assert provider.charge(replace(card, charged=4000), idempotency_key="c").amount == 1000


@pytest.mark.parametrize("amount", [0, 12.5, 4001])
def test_a_refund_is_above_zero_and_at_most_the_charge(provider, card, amount):
    charge = provider.charge(card, amount=4000, idempotency_key="c").charge()
    with pytest.raises(PaymentAmountInvalid):
        provider.refund(charge, amount=amount, idempotency_key="r")
    with pytest.raises(PaymentAmountInvalid, match="refunded in full"):
        provider.refund(replace(charge, refunded=4000), idempotency_key="r")
    assert provider.refund(replace(charge, refunded=1000), idempotency_key="r").amount == 3000


def test_a_handle_of_another_provider_is_refused(provider, card, restaurant):
    stripe = StripeProvider(restaurant, api_key="sk_test_unused", api_base="http://127.0.0.1:9")
    with pytest.raises(PaymentStateConflict):
        stripe.charge(card, idempotency_key="c")
    with pytest.raises(PaymentStateConflict):
        stripe.refund(Charge("test", "ch_test_x", 100, "EUR"), idempotency_key="r")


def test_only_a_saved_result_gives_a_card_to_keep():
    result = CardResult("test", CardStatus.REQUIRES_ACTION, "seti_x", "cus_x", 5000, "EUR", payment_method_id="pm_x")
    with pytest.raises(PaymentStateConflict):
        result.card()
    assert replace(result, status=CardStatus.SAVED).card() == SavedCard(
        "test", "seti_x", "cus_x", "pm_x", amount=5000, currency="EUR"
    )


def test_both_providers_implement_the_whole_interface():
    for provider in (TestProvider, StripeProvider):
        assert issubclass(provider, PaymentProvider) and not provider.__abstractmethods__
    assert (TestProvider.name, StripeProvider.name) == ("test", "stripe")
