"""SQL queries per availability request: a ceiling that does not grow with the bookings."""

import datetime as dt

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from reservations.models import Shift
from reservations.selectors import answer_cache, kept_occupancy
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


def forget_answers() -> None:
    """What this process keeps between answers (bodies and occupancies): the next one is worked out."""
    answer_cache.clear()
    kept_occupancy.clear()


def count_queries(api, path, query) -> int:
    forget_answers()  # the queries of an answer worked out, not of one kept from the request before
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
    assert "occupancy" not in sql and len(captured.captured_queries) <= 3


def _sql(captured) -> str:
    return " ".join(q["sql"] for q in captured.captured_queries)


@pytest.mark.parametrize("endpoint", [DAY, MONTH], ids=["day", "month"])
def test_an_answer_worked_out_is_one_round_trip(api, floor, endpoint):
    """The state its ETag reads and the occupancy it is built from go together once the process
    holds the policy."""
    path, query = endpoint
    with time_machine.travel(NOW, tick=False):
        fill(floor, 10)
        api.get(path, query)  # the policy is held from here on
        forget_answers()
        with CaptureQueriesContext(connection) as captured:
            assert api.get(path, query).status_code == 200
    answer = [q["sql"] for q in captured.captured_queries if "api_key_lookup" not in q["sql"]]
    assert len(answer) == 1
    assert "restaurant_versions" in answer[0] and "occupancy_intervals" in answer[0]


@pytest.mark.parametrize("endpoint", [DAY, MONTH], ids=["day", "month"])
def test_an_answer_served_from_the_cache_reads_no_occupancy(api, floor, endpoint):
    path, query = endpoint
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):  # not a whole minute: kept
        first = api.get(path, query)
        with CaptureQueriesContext(connection) as captured:
            again = api.get(path, query)
    assert again.content == first.content
    assert "restaurant_versions" in _sql(captured) and "occupancy" not in _sql(captured)


def test_the_occupancy_read_under_a_stale_policy_is_read_again(api, floor):
    """The occupancy read with the state used the policy this process held; the state shows the
    policy moved: the answer reads it again under the new one, and shows the change."""
    path, query = DAY
    with time_machine.travel(NOW, tick=False):
        before = api.get(path, query).json()
        forget_answers()  # a question this process has not answered: its occupancy goes with the state
        # As another process would: no signal here, the policy this process holds goes stale.
        Shift.objects.filter(pk=floor.shift.pk).update(last_seating=dt.time(21, 0))
        bump_availability_version(floor.restaurant.pk)
        with CaptureQueriesContext(connection) as captured:
            after = api.get(path, query).json()
    reads = [q["sql"] for q in captured.captured_queries if "occupancy_intervals" in q["sql"]]
    assert len(reads) == 2  # sent with the state, then again under the reloaded policy
    assert before["shifts"][0]["slots"][-1]["time"] > "21:00"
    assert after["shifts"][0]["slots"][-1]["time"] == "21:00"
