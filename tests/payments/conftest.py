import pytest

from reservations.payments.stripe_provider import StripeProvider
from tests.factories import RestaurantFactory
from tests.payments.stripe_server import RecordedStripe, serve

# The restaurant and booking the recordings (tests/payments/recordings) were made for.
RECORDED_RESTAURANT = "rst_4eC39HqLyjWDarjtT1zdp7dc"
REFERENCE = "resv_Vb81kQ2pXz7LmN4tR9sWc3Ya"
API_KEY = "sk_test_51RecordedKeyForTheLocalServer0000"


@pytest.fixture
def recorded_restaurant(db):
    return RestaurantFactory(public_id=RECORDED_RESTAURANT, payment_provider="stripe", currency="EUR")


@pytest.fixture
def stripe_api():
    """The local recorded Stripe API; fails the test if our code sent a request nothing was recorded for."""
    api = RecordedStripe()
    stop = serve(api)
    yield api
    stop()
    assert not api.unexpected, f"requests nothing was recorded for: {api.unexpected}"


@pytest.fixture
def stripe_provider(recorded_restaurant, stripe_api):
    return StripeProvider(recorded_restaurant, api_key=API_KEY, api_base=stripe_api.url, max_network_retries=0)
