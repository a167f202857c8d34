"""A restaurant's provider: its choice, the payments-suspended switch, the service's Stripe keys."""

import pytest
from django.db import IntegrityError, transaction

from config.exceptions import Refused
from reservations.models import Restaurant
from reservations.payments.exceptions import PaymentsSuspended
from reservations.payments.registry import provider_for, provider_named
from reservations.payments.stripe_provider import StripeProvider
from reservations.payments.test_provider import TestProvider
from tests.factories import RestaurantFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def stripe_keys(settings):
    settings.STRIPE_SECRET_KEY = "sk_test_51FromTheEnvironment"
    settings.STRIPE_API_BASE = ""
    settings.STRIPE_MAX_NETWORK_RETRIES = 2
    settings.PAYMENTS_TEST_PROVIDER = True


def test_a_new_restaurant_uses_the_test_provider(restaurant):
    assert restaurant.payment_provider == "test" and restaurant.payments_enabled
    provider = provider_for(restaurant)
    assert isinstance(provider, TestProvider) and provider.restaurant == restaurant


def test_a_restaurant_on_stripe_gets_stripe_with_the_services_key(settings, stripe_api, recorded_restaurant):
    settings.STRIPE_API_BASE = stripe_api.url
    settings.STRIPE_MAX_NETWORK_RETRIES = 0
    provider = provider_for(recorded_restaurant)
    assert isinstance(provider, StripeProvider) and provider.restaurant == recorded_restaurant
    stripe_api.answer("GET", "/v1/setup_intents/seti_1QhT7sE2xYvR4nPqK9dLmA3b", "setup_intent_succeeded")
    assert provider.card_status("seti_1QhT7sE2xYvR4nPqK9dLmA3b").saved
    assert stripe_api.requests[0].headers["authorization"] == "Bearer sk_test_51FromTheEnvironment"


@pytest.mark.parametrize("name", ["test", "stripe"])
def test_payments_switched_off_is_payments_suspended(name):
    restaurant = RestaurantFactory(payment_provider=name, payments_enabled=False)
    with pytest.raises(PaymentsSuspended) as suspended:
        provider_for(restaurant)
    error = suspended.value
    assert isinstance(error, Refused)
    assert (error.kind, error.code, error.param) == ("refused", "payments_suspended", None)
    # The card saved earlier can still be refunded or released through its provider.
    assert provider_named(restaurant, name).name == name


def test_stripe_without_a_secret_key_on_this_service_is_payments_suspended(settings, caplog):
    settings.STRIPE_SECRET_KEY = ""
    restaurant = RestaurantFactory(payment_provider="stripe")
    with pytest.raises(PaymentsSuspended):
        provider_for(restaurant)
    assert "STRIPE_SECRET_KEY is not set" in caplog.text


def test_the_test_provider_turned_off_on_this_service_is_payments_suspended(settings, restaurant):
    settings.PAYMENTS_TEST_PROVIDER = False
    with pytest.raises(PaymentsSuspended):
        provider_for(restaurant)


def test_the_database_holds_a_provider_to_the_known_ones(restaurant):
    with pytest.raises(IntegrityError), transaction.atomic():
        Restaurant.objects.filter(pk=restaurant.pk).update(payment_provider="paypal")
    Restaurant.objects.filter(pk=restaurant.pk).update(payment_provider="stripe")
    restaurant.refresh_from_db()
    assert restaurant.payment_provider == "stripe"
