"""The per-process API-key cache (apikeys.authentication): requests authenticate without a
query, and a revoked key is refused by every process within one second."""

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apikeys.authentication import clear_key_cache, lookup_key
from apikeys.secrets import hash_secret
from apikeys.services import revoke_key
from reservations.models import Restaurant
from reservations.services.availability_version import bump_availability_version
from tests.factories import RestaurantFactory, make_key
from tests.platform.helpers import assert_error

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3


@pytest.fixture
def key_cache_on(settings):
    settings.API_KEY_CACHE_SECONDS = 1.0
    clear_key_cache()
    yield
    clear_key_cache()


def ping_queries(client) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get("/v1/ping")
    return response.status_code, len(captured)


@pytest.mark.django_db
def test_a_cached_key_authenticates_without_a_query(key_cache_on, api):
    assert ping_queries(api) == (200, 1)  # the lookup fills the cache
    assert ping_queries(api) == (200, 0)
    assert ping_queries(api) == (200, 0)


@pytest.mark.django_db
def test_revoking_in_this_process_refuses_at_once(key_cache_on, api):
    assert ping_queries(api)[0] == 200
    assert ping_queries(api) == (200, 0)
    revoke_key(key=api.key)
    assert_error(api.get("/v1/ping"), 401, "invalid_token")


@pytest.mark.django_db
def test_a_plan_change_saved_in_this_process_applies_at_once(key_cache_on, api, restaurant):
    assert ping_queries(api) == (200, 1)
    restaurant.api_access = False
    restaurant.save()
    assert_error(api.get("/v1/ping"), 403, "plan_required")


@pytest.mark.django_db
def test_the_versions_are_never_served_from_the_cache(key_cache_on, api, restaurant):
    """A cached restaurant hands out no version counter: they are read fresh (one small query)."""
    api.get("/v1/ping")
    _, cached = lookup_key(hash_secret(api.secret))
    assert "policy_version" not in cached.__dict__ and "availability_version" not in cached.__dict__
    bump_availability_version(restaurant.pk)  # an F() update: no signal, the cache keeps its row
    _, cached = lookup_key(hash_secret(api.secret))
    fresh = Restaurant.objects.get(pk=restaurant.pk)
    assert (cached.policy_version, cached.availability_version) == (fresh.policy_version, fresh.availability_version)
    assert fresh.availability_version == 1


@pytest.mark.django_db
def test_an_unknown_key_is_never_cached(key_cache_on, anon):
    anon.credentials(HTTP_AUTHORIZATION="Bearer sk_live_" + "x" * 32)
    for _ in range(2):
        with CaptureQueriesContext(connection) as captured:
            assert_error(anon.get("/v1/ping"), 401, "invalid_token")
        assert len(captured) == 1


def _database_url() -> str:
    db = connection.settings_dict
    user = db.get("USER") or "postgres"
    auth = f"{user}:{db['PASSWORD']}" if db.get("PASSWORD") else user
    return f"postgres://{auth}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


@pytest.mark.django_db(transaction=True)
def test_a_revoked_key_is_refused_by_every_process_within_one_second():
    """Three other processes authenticate the key from their caches (0 queries per request); the key
    is revoked here (another process: their caches are not told); every request any of them starts
    more than one second after the revocation committed is refused."""
    restaurant = RestaurantFactory()
    key, secret = make_key(restaurant)
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "API_KEY_CACHE_SECONDS": "1",
        "PYTHONPATH": str(ROOT),
    }
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.platform.key_cache_worker", secret, "--seconds", "60"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    lines: list[list[dict]] = [[] for _ in workers]
    warm = [threading.Event() for _ in workers]

    def read(index: int) -> None:
        for raw in workers[index].stdout:
            line = json.loads(raw)
            lines[index].append(line)
            if line["status"] == 200 and line["queries"] == 0:
                warm[index].set()  # this process answers from its cache

    readers = [threading.Thread(target=read, args=(i,), daemon=True) for i in range(len(workers))]
    for reader in readers:
        reader.start()
    try:
        for event in warm:
            assert event.wait(60), "a worker never answered from its cache"
        time.sleep(0.3)
        revoke_key(key=key)  # committed when save() returns (autocommit)
        revoked_at = time.time()
        for worker in workers:
            worker.wait(timeout=60)
        for reader in readers:
            reader.join(timeout=5)
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    assert timezone.now() > key.revoked_at
    for seen in lines:
        pid = seen[0]["pid"]
        after = [line for line in seen if line["t"] > revoked_at + 1.0]
        assert after, f"process {pid} stopped before the second after the revocation"
        accepted = [round(line["t"] - revoked_at, 3) for line in after if line["status"] != 401]
        assert not accepted, f"process {pid} still accepted the key {accepted} s after the revocation"
        cached_before = [line for line in seen if line["t"] < revoked_at and line["queries"] == 0]
        # Accepted before: 200, or 429 once the three processes spent the key's read budget
        # (the budget is counted after authentication, so a 429 is an accepted key).
        assert cached_before and all(line["status"] in (200, 429) for line in cached_before)
        assert any(line["status"] == 200 for line in cached_before)
