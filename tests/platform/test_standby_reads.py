"""Reads from the standby (config/postgresql/replica.py; issue 33, point 2), against a real second
connection: the alias "replica" is added for these tests, a connection of its own to the test
database. That server is not in recovery, so its position is its own insert position: as far as
the writes the tests make, as a standby that has replayed them. A position recorded past it stands
for a standby that has not (tests/cluster pauses a real standby's replay).

Where a request's reads went is read three ways: the queries each connection ran, the counter
`database_reads_total`, and the answer itself (always the same, whichever server gave it)."""

import copy

import pytest
from django.db import connections
from django.test.utils import CaptureQueriesContext
from prometheus_client import REGISTRY

from config.postgresql import replica
from reservations.selectors import answer_cache, kept_occupancy
from tests.reservations.conftest import DAY, booking_body

# Every alias, the module's "replica" among them; the second connection sees only what is committed.
pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")

AHEAD = "7fffffff00000000"  # a position no test database reaches: a standby that has not replayed it


@pytest.fixture(scope="module", autouse=True)
def replica_alias(django_db_setup):
    """The alias "replica": a second connection to the test database (a mirror, as DATABASE_REPLICA_URL
    makes it in a test run), defined before each test's case class so that its tests may use it."""
    default = copy.deepcopy(connections["default"].settings_dict)
    connections.settings[replica.REPLICA] = {**default, "TEST": {**default["TEST"], "MIRROR": "default"}}
    yield
    connections[replica.REPLICA].close()
    del connections[replica.REPLICA]
    del connections.settings[replica.REPLICA]


@pytest.fixture
def standby(settings, monkeypatch):
    """The standby's connection, with the router, and this process's choices forgotten."""
    settings.DATABASE_ROUTERS = ["config.postgresql.replica.Router"]
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0  # every answer reads the database
    answer_cache.clear()
    kept_occupancy.clear()
    monkeypatch.setattr(replica, "_down_until", 0.0)
    monkeypatch.setattr(replica, "_client", None)
    monkeypatch.setattr(replica, "_pending", {})
    replica._redis().delete(replica.EPOCH)
    connection = connections[replica.REPLICA]
    yield connection
    connection.close()
    connection.settings_dict["PORT"] = connections["default"].settings_dict["PORT"]
    replica._redis().delete(replica.EPOCH)


def reads(database: str, reason: str) -> float:
    return REGISTRY.get_sample_value("database_reads_total", {"database": database, "reason": reason}) or 0.0


def request(api, path, query=None):
    """(response, SQL the primary ran, SQL the standby ran) of one GET."""
    with CaptureQueriesContext(connections["default"]) as primary:
        with CaptureQueriesContext(connections[replica.REPLICA]) as standby:
            response = api.get(path, query or {})
    assert response.status_code == 200, response.content
    return response, [q["sql"] for q in primary.captured_queries], [q["sql"] for q in standby.captured_queries]


READS = [
    ("/v1/availability", {"service_date": DAY, "party_size": 2}),
    ("/v1/availability/months", {"month": DAY[:7]}),
    ("/v1/reservations", {}),
    ("/v1/reservations", {"expand": "events"}),
    ("/v1/guests", {}),
    ("/v1/waitlist-entries", {}),
    ("/v1/holds", {}),
]


def create(api, time="19:30", email="ada@example.com"):
    body = booking_body(start_time=time, guest={"first_name": "Ada", "last_name": "L", "email": email})
    response = api.post("/v1/reservations", body, format="json", HTTP_IDEMPOTENCY_KEY=f"k-{time}-{email}")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_write_records_its_position_and_the_reads_after_it_go_to_the_standby(api, bistro, standby):
    with CaptureQueriesContext(standby) as during_write:
        booking = create(api)
    assert during_write.captured_queries == []  # the booking and all it decides on: the primary
    recorded = replica._redis().get(f"{replica.PREFIX}written:{bistro.restaurant.public_id}")
    assert recorded is not None and int(recorded, 16) > 0
    _, auth_only, _ = request(api, "/v1/ping")  # what the primary runs for any request: the key
    api.get(*READS[0])  # no epoch yet: from the primary, and it takes one
    for path, query in READS:
        before = reads("standby", "replayed")
        response, on_primary, on_standby = request(api, path, query)
        assert reads("standby", "replayed") == before + 1, path
        assert set(on_primary) <= set(auth_only), (path, on_primary)  # no read of the answer on the primary
        assert on_standby, path
        if path == "/v1/reservations":
            assert [r["id"] for r in response.json()["data"]] == [booking["id"]]


def test_the_restaurants_reads_stay_on_the_primary_until_the_standby_has_replayed_its_write(
    api, bistro, standby, make_client
):
    booking = create(api)
    api.get(*READS[0])  # the epoch
    replica._redis().set(f"{replica.PREFIX}written:{bistro.restaurant.public_id}", AHEAD)
    for path, query in READS:
        before = reads("primary", "behind")
        response, on_primary, on_standby = request(api, path, query)
        assert reads("primary", "behind") == before + 1, path
        assert on_standby == [] or all("pg_last_wal_replay_lsn" in sql for sql in on_standby), path
        assert len(on_primary) > 1, path
        if path == "/v1/reservations":
            assert [r["id"] for r in response.json()["data"]] == [booking["id"]]
    # Another restaurant's reads are not held back by this one's write.
    from tests.factories import RestaurantFactory

    other = make_client(RestaurantFactory())
    before = reads("standby", "replayed")
    request(other, "/v1/reservations")
    assert reads("standby", "replayed") == before + 1


def test_a_position_is_only_ever_raised(bistro, standby):
    key = f"{replica.PREFIX}written:{bistro.restaurant.public_id}"
    replica._redis().set(key, AHEAD)
    replica.note_write(bistro.restaurant.public_id)  # the primary's position now, lower
    assert replica._redis().get(key).decode() == AHEAD
    assert 0 < replica._redis().ttl(key) <= replica.WRITTEN_SECONDS


def test_without_an_epoch_the_primary_answers_and_takes_one(api, bistro, standby):
    before = reads("primary", "unknown")
    request(api, *READS[2])
    assert reads("primary", "unknown") == before + 1
    epoch = replica._redis().get(replica.EPOCH)
    assert epoch is not None and 0 < replica._redis().ttl(replica.EPOCH) <= replica.EPOCH_SECONDS
    _, _, on_standby = request(api, *READS[2])
    assert on_standby


def test_redis_unreachable_reads_from_the_primary(api, bistro, standby, settings, monkeypatch):
    request(api, *READS[2])  # the epoch
    reachable = settings.REDIS_URL
    settings.REDIS_URL = "redis://127.0.0.1:9/0"  # nothing listens on the discard port
    monkeypatch.setattr(replica, "_client", None)
    before = reads("primary", "unknown")
    _, _, on_standby = request(api, *READS[0])
    assert reads("primary", "unknown") == before + 1 and on_standby == []
    # A write still answers; its position waits in this process, whose reads stay on the primary meanwhile.
    create(api)
    assert list(replica._pending) == [bistro.restaurant.public_id]
    settings.REDIS_URL = reachable
    monkeypatch.setattr(replica, "_client", None)
    request(api, *READS[2])  # Redis back: the position is sent first
    assert replica._pending == {}
    assert replica._redis().get(f"{replica.PREFIX}written:{bistro.restaurant.public_id}") is not None


def test_a_stopped_standby_is_left_alone_and_the_primary_answers(api, bistro, standby):
    create(api)
    request(api, *READS[0])  # the epoch
    standby.close()
    standby.settings_dict["PORT"] = "9"  # nothing listens: connection refused, as when it is stopped
    before = reads("primary", "down")
    for path, query in READS:
        with CaptureQueriesContext(connections["default"]) as on_primary:
            assert api.get(path, query).status_code == 200, path
        assert len(on_primary.captured_queries) > 1, path
    assert reads("primary", "down") == before + len(READS)
    assert replica._down_until > 0  # marked down once, then not tried again for DOWN_SECONDS


def test_a_read_that_fails_on_the_standby_is_answered_from_the_primary(api, bistro, standby):
    booking = create(api)
    request(api, *READS[2])  # the epoch
    request(api, *READS[2])  # from the standby: its position is known on this connection
    standby.close()
    standby.ensure_connection()
    replica.replayed(standby, 0)  # the connection's position, then a session that cannot find a table
    with standby.cursor() as cursor:
        cursor.execute("SET search_path TO nowhere")
    before = reads("primary", "failed")
    response, _, _ = request(api, *READS[2])
    assert reads("primary", "failed") == before + 1
    assert [r["id"] for r in response.json()["data"]] == [booking["id"]]
    assert replica._down_until == 0.0  # the standby answers: not marked down for a failed query
