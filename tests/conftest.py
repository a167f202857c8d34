import pytest
from rest_framework.test import APIClient

from tests.factories import ALL_SCOPES, RestaurantFactory, make_key


@pytest.fixture
def restaurant(db):
    return RestaurantFactory()


@pytest.fixture
def make_client():
    """make_client(restaurant, scopes) -> an API client authenticated with a fresh key."""

    def make(restaurant, scopes=ALL_SCOPES, **key_fields):
        key, secret = make_key(restaurant, scopes, **key_fields)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
        client.key = key
        client.secret = secret
        return client

    return make


@pytest.fixture
def api(restaurant, make_client):
    """A client holding every scope at `restaurant`."""
    return make_client(restaurant)


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture(autouse=True, scope="session")
def celery_runs_tasks_in_process():
    """No worker runs during the tests: queued tasks (guest e-mails) run in-process instead of
    piling up in Redis. Tests of the queueing itself switch this off."""
    from config.celery import app

    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False
