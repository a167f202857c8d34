import pytest

from deploy.receiver import Receiver
from tests.reservations.conftest import bistro, clock, no_guests  # noqa: F401  (the bistro and its clock)
from webhooks.models import Endpoint
from webhooks.services import delivery


@pytest.fixture(autouse=True)
def loopback_receivers(settings):
    """The receivers of these tests listen on loopback, which deliveries refuse by default."""
    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.0/8"]


@pytest.fixture
def receiver():
    with Receiver() as running:
        yield running


def flush() -> int:
    """What the worker does after a commit, here and now: fan out, then deliver every endpoint's due rows."""
    delivery.dispatch()
    return sum(
        delivery.deliver_endpoint(pk) for pk in Endpoint.objects.filter(enabled=True).values_list("pk", flat=True)
    )
