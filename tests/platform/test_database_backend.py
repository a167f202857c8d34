"""config.postgresql: psycopg's C timestamp loader gives the answers Django's Python one gave."""

import datetime as dt
import time

import pytest
from django.db import connection, connections
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.test.utils import CaptureQueriesContext
from psycopg.types.datetime import TimestamptzLoader

pytestmark = pytest.mark.django_db

QUERY = (
    "SELECT '2027-01-15 19:30:00+01'::timestamptz, '2026-03-29 01:59:59.123456+00'::timestamptz, "
    "tstzrange('2027-01-15 18:00+00', '2027-01-15 20:00+00', '[)'), NULL::timestamptz"
)


def fetch(cursor) -> tuple:
    cursor.execute(QUERY)
    return cursor.fetchone()


def test_timestamps_load_in_c_as_aware_utc_datetimes_equal_to_djangos():
    with connection.cursor() as cursor:
        loader = connection.connection.adapters.get_loader(1184, 0)  # timestamptz, text
        assert loader.__module__.startswith("psycopg_binary"), loader  # the C class, not Django's subclass
        ours = fetch(cursor)
    register_tzloader(dt.UTC, connection.connection)  # Django's own loader, for comparison
    try:
        with connection.cursor() as cursor:
            djangos = fetch(cursor)
    finally:
        connection.connection.adapters.register_loader("timestamptz", TimestamptzLoader)
    assert ours == djangos
    assert ours[0] == dt.datetime(2027, 1, 15, 18, 30, tzinfo=dt.UTC)
    assert ours[0].tzinfo is dt.UTC and ours[1].tzinfo is dt.UTC
    assert ours[1].microsecond == 123456
    assert ours[2].lower.tzinfo is dt.UTC and ours[2].upper - ours[2].lower == dt.timedelta(hours=2)
    assert ours[3] is None


def test_every_new_connection_gets_the_c_loader():
    fresh = connections.create_connection("default")
    try:
        with fresh.cursor() as cursor:
            assert fetch(cursor)[0].tzinfo is dt.UTC
        assert fresh.connection.adapters.get_loader(1184, 0).__module__.startswith("psycopg_binary")
    finally:
        fresh.close()


def test_the_health_check_needs_no_round_trip_and_sees_a_terminated_session():
    fresh = connections.create_connection("default")
    try:
        fresh.ensure_connection()
        with CaptureQueriesContext(fresh) as context:
            assert fresh.is_usable()
        assert context.captured_queries == []
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [fresh.connection.info.backend_pid])
        for _ in range(50):  # the server's goodbye reaches the socket within milliseconds
            if not fresh.is_usable():
                break
            time.sleep(0.02)
        assert not fresh.is_usable()
    finally:
        fresh.close()
