"""SQL queries per availability request: a ceiling that does not grow with the bookings."""

import datetime as dt

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from reservations.api import answer_cache
from reservations.services.availability_version import bump_availability_version
from tests.availability.helpers import DATE, NOW, Floor, book, hold
from tests.factories import TableFactory

DAY_CEILING = 10
MONTH_CEILING = 20


@pytest.fixture
def floor(restaurant):
    floor = Floor(restaurant, max_covers=500)
    # Enough tables for fifty bookings in the evening of one day.
    floor.tables += [TableFactory(section=floor.a, name=f"X{n}", min_capacity=1, max_capacity=4) for n in range(25)]
    return floor


def fill(floor, count: int, *, dates=(DATE,)):
    """`count` bookings (and a few holds) spread over the floor's tables and the given dates."""
    restaurant = floor.restaurant
    for n in range(count):
        date = dates[n % len(dates)]
        table = floor.tables[(n // len(dates)) % len(floor.tables)]
        time = "19:00" if (n // len(dates)) < len(floor.tables) else "21:00"
        status = ("confirmed", "pending", "seated", "cancelled")[n % 4]
        if n % 10 == 9:
            hold(restaurant, [table], date=date, time=time, size=2, shift=floor.shift, bump=False)
        else:
            book(restaurant, [table], date=date, time=time, size=2, status=status, shift=floor.shift, bump=False)
    bump_availability_version(restaurant.pk, policy_changed=False)


def count_queries(api, path, query) -> int:
    answer_cache.clear()  # the queries of an answer worked out, not of one kept from the request before
    with CaptureQueriesContext(connection) as captured:
        response = api.get(path, query)
    assert response.status_code == 200, response.content
    return len(captured.captured_queries)


DAY = ("/v1/availability", {"service_date": DATE.isoformat(), "party_size": 2})
MONTH = ("/v1/availability/months", {"month": "2026-12"})


@pytest.mark.parametrize(("endpoint", "ceiling"), [(DAY, DAY_CEILING), (MONTH, MONTH_CEILING)], ids=["day", "month"])
def test_query_count_does_not_grow_with_bookings(api, floor, endpoint, ceiling, django_assert_max_num_queries):
    path, query = endpoint
    dates = (DATE,) if path.endswith("availability") else tuple(dt.date(2026, 12, d) for d in (3, 5, 8, 13, 21))
    with time_machine.travel(NOW, tick=False):
        api.get(path, query)  # the policy is cached from here on
        empty = count_queries(api, path, query)
        fill(floor, 5, dates=dates)
        five = count_queries(api, path, query)
        _fill_after(floor, 45, dates)
        with django_assert_max_num_queries(ceiling):
            response = api.get(path, query)
        assert response.status_code == 200
        fifty = count_queries(api, path, query)
    assert empty == five == fifty <= ceiling


def _fill_after(floor, count, dates):
    """More bookings at later times so they never overlap the first ones."""
    restaurant = floor.restaurant
    for n in range(count):
        date = dates[n % len(dates)]
        table = floor.tables[(n // len(dates)) % len(floor.tables)]
        minute = 12 * 60 + 10 * (n // (len(dates) * len(floor.tables)))
        book(
            restaurant,
            [table],
            date=date,
            time=f"{minute // 60:02d}:{minute % 60:02d}",
            minutes=10,
            size=2,
            shift=floor.shift,
            bump=False,
        )
    bump_availability_version(restaurant.pk, policy_changed=False)


@pytest.mark.parametrize(("endpoint", "ceiling"), [(DAY, DAY_CEILING), (MONTH, MONTH_CEILING)], ids=["day", "month"])
def test_first_request_after_a_policy_change_stays_under_the_ceiling(
    api, floor, endpoint, ceiling, django_assert_max_num_queries
):
    path, query = endpoint
    with time_machine.travel(NOW, tick=False):
        fill(floor, 20, dates=(DATE, DATE + dt.timedelta(days=1)))
        api.get(path, query)  # warm
        bump_availability_version(floor.restaurant.pk)  # the cached policy is now stale
        with django_assert_max_num_queries(ceiling):
            response = api.get(path, query)
        assert response.status_code == 200


@pytest.mark.parametrize(("endpoint", "ceiling"), [(DAY, DAY_CEILING), (MONTH, MONTH_CEILING)], ids=["day", "month"])
def test_excluding_and_section_stay_under_the_ceiling(api, floor, endpoint, ceiling, django_assert_max_num_queries):
    path, query = endpoint
    booking = book(floor.restaurant, [floor.b1], size=5, shift=floor.shift)
    extra = {"excluding": booking.public_id, "locale": "en"}
    if path.endswith("availability"):
        extra["section_id"] = floor.a2.public_id
    with time_machine.travel(NOW, tick=False):
        bump_availability_version(floor.restaurant.pk)
        with django_assert_max_num_queries(ceiling):
            response = api.get(path, {**query, **extra})
        assert response.status_code == 200


def test_a_304_does_not_compute_availability(api, floor):
    path, query = DAY
    with time_machine.travel(NOW, tick=False):
        tag = api.get(path, query)["ETag"]
        with CaptureQueriesContext(connection) as captured:
            response = api.get(path, query, HTTP_IF_NONE_MATCH=tag)
        assert response.status_code == 304
    sql = " ".join(q["sql"] for q in captured.captured_queries)
    assert "table_allocation" not in sql and len(captured.captured_queries) <= 3
