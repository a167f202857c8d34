"""Which provider takes a restaurant's card guarantees.

`provider_for(restaurant)` is the one door for new guarantees and charges: it refuses with the
contract's 422 `payments_suspended` when the restaurant's `payments_enabled` switch is off, or
when its provider cannot be used on this service (Stripe without `STRIPE_SECRET_KEY`, the test
provider turned off by `PAYMENTS_TEST_PROVIDER=0`). The Stripe keys are the service's, read
from the environment (config/settings.py): none is stored in the database.

`provider_named(restaurant, name)` hands out the provider that saved an existing card whatever
the switch and the restaurant's current choice say, for what must still be possible on it
(a refund, a release) after the restaurant changed provider or suspended payments.
"""

import logging

from django.conf import settings

from reservations.models.restaurant import PaymentProviderName
from reservations.payments.base import PaymentProvider
from reservations.payments.exceptions import PaymentInputInvalid, PaymentsSuspended
from reservations.payments.stripe_provider import StripeProvider
from reservations.payments.test_provider import TestProvider

logger = logging.getLogger(__name__)


def provider_for(restaurant) -> PaymentProvider:
    """The restaurant's provider, for a new guarantee or a charge; 422 `payments_suspended` when payments are off."""
    if not restaurant.payments_enabled:
        raise PaymentsSuspended()
    return provider_named(restaurant, restaurant.payment_provider)


def provider_named(restaurant, name: str) -> PaymentProvider:
    """The provider `name` for the restaurant, whatever its switch says."""
    if name == PaymentProviderName.TEST:
        if not settings.PAYMENTS_TEST_PROVIDER:
            raise PaymentsSuspended("This restaurant cannot take card payments now: its provider is not available.")
        return TestProvider(restaurant)
    if name == PaymentProviderName.STRIPE:
        if not settings.STRIPE_SECRET_KEY:
            logger.error("Restaurant %s uses Stripe, but STRIPE_SECRET_KEY is not set.", restaurant.public_id)
            raise PaymentsSuspended("This restaurant cannot take card payments now: its provider is not available.")
        return StripeProvider(
            restaurant,
            api_key=settings.STRIPE_SECRET_KEY,
            api_base=settings.STRIPE_API_BASE or None,
            max_network_retries=settings.STRIPE_MAX_NETWORK_RETRIES,
        )
    raise PaymentInputInvalid(f"No payment provider is called {name!r}.", param="payment_provider")
