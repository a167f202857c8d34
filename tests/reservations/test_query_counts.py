"""List endpoints run a number of queries that does not grow with the page."""

import datetime as dt

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import CompanyFactory, HoldFactory, ReservationFactory


def count_queries(client, path: str, query: dict, expected_rows: int) -> int:
    """Queries of a warm request: the process's caches (policy, tables) filled by the one before."""
    client.get(path, query)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path, query)
    assert response.status_code == 200, response.content
    assert len(response.json()["data"]) == expected_rows
    return len(captured.captured_queries)


def add_bookings(bistro, count: int) -> None:
    """Bookings linked to a table each, without allocation rows (they would overlap)."""
    for n in range(count):
        ReservationFactory(
            restaurant=bistro.restaurant,
            shift=bistro.shift,
            guest__email=f"g{n}@example.com",
            service_date=dt.date(2026, 12, 2) + dt.timedelta(days=n % 20),
            company=CompanyFactory(restaurant=bistro.restaurant) if n % 2 else None,
            tables=[bistro.tables[n % 3]],
            allocations=False,
        )


def add_holds(bistro, count: int) -> None:
    """Holds at 19:30 on 2026-12-05, linked to a table each, without allocation rows (they would overlap)."""
    starts = dt.datetime(2026, 12, 5, 18, 30, tzinfo=dt.UTC)
    for n in range(count):
        HoldFactory(
            restaurant=bistro.restaurant,
            shift=bistro.shift,
            service_date=dt.date(2026, 12, 5),
            starts_at=starts,
            ends_at=starts + dt.timedelta(hours=2),
            expires_at=starts - dt.timedelta(days=3) + dt.timedelta(minutes=n),
            tables=[bistro.tables[n % 3]],
            allocations=False,
        )


def test_reservation_list_with_expanded_guests_is_constant(api, bistro):
    add_bookings(bistro, 5)
    few = count_queries(api, "/v1/reservations", {"limit": 100, "expand": "guest"}, 5)
    # The key (tests run without the key cache), then the page with its guests, companies and
    # table ids, and the version counters, in one round trip.
    assert few == 2
    add_bookings(bistro, 95)
    many = count_queries(api, "/v1/reservations", {"limit": 100, "expand": "guest"}, 25)  # 25 with expand
    assert many == few
    plain_many = count_queries(api, "/v1/reservations", {"limit": 100}, 100)
    assert plain_many <= few


def test_reservation_list_with_events_is_constant(api, bistro):
    add_bookings(bistro, 5)
    few = count_queries(api, "/v1/reservations", {"limit": 100, "expand": "guest,events"}, 5)
    add_bookings(bistro, 40)
    assert count_queries(api, "/v1/reservations", {"limit": 100, "expand": "guest,events"}, 25) == few


def test_hold_list_is_constant(api, bistro):
    add_holds(bistro, 5)
    few = count_queries(api, "/v1/holds", {"limit": 100}, 5)
    add_holds(bistro, 95)
    assert count_queries(api, "/v1/holds", {"limit": 100}, 100) == few
