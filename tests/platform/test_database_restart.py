"""A database restart costs no request: persistent connections are health-checked before reuse
(CONN_HEALTH_CHECKS), so gunicorn's first request after its connection died is served, not a 500."""

import time

import pytest
import requests
from django.db import connection

from tests.e2e.conftest import start_gunicorn
from tests.factories import RestaurantFactory, make_key


def terminate_other_connections() -> int:
    """What a database restart does to the server's connections (this test's own one stays), once
    it is over: pg_terminate_backend only signals a backend, which then tells its client and exits;
    a request sent in between would race the restart itself rather than follow it."""
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH others AS MATERIALIZED (SELECT pid FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()) "
            "SELECT array_agg(pid) FROM others WHERE pg_terminate_backend(pid)"
        )
        pids = cursor.fetchone()[0] or []
        deadline = time.monotonic() + 10
        while pids and time.monotonic() < deadline:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", [pids])
            if cursor.fetchone()[0] == 0:
                break
            time.sleep(0.01)
        else:
            if pids:
                raise AssertionError(f"backends {pids} still running 10 s after pg_terminate_backend")
    return len(pids)


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
