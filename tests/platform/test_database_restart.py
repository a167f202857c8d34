"""A database restart costs no request: persistent connections are health-checked before reuse
(CONN_HEALTH_CHECKS), so gunicorn's first request after its connection died is served, not a 500."""

import pytest
import requests
from django.db import connection

from tests.e2e.conftest import start_gunicorn
from tests.factories import RestaurantFactory, make_key


def terminate_other_connections() -> int:
    """What a database restart does to the server's connections (this test's own one stays)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_the_first_request_after_the_connection_died_is_served():
    _key, secret = make_key(RestaurantFactory())
    headers = {"Authorization": f"Bearer {secret}"}
    with start_gunicorn(workers=1) as server:
        assert requests.get(server + "/v1/reservations", headers=headers, timeout=10).status_code == 200
        assert terminate_other_connections() >= 1  # the worker kept its connection (CONN_MAX_AGE)
        # A list always reads the database (ping may answer from the key cache).
        response = requests.get(server + "/v1/reservations", headers=headers, timeout=10)
        assert response.status_code == 200, server.log()
        assert response.json()["object"] == "list"
        assert terminate_other_connections() >= 1
        response = requests.get(server + "/v1/reservations", headers=headers, timeout=10)
        assert response.status_code == 200, server.log()
