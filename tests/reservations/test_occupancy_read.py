"""The occupancy read finds exactly the allocations overlapping its window, whatever their length.

It looks allocations up by their start (reservations.selectors.occupancy): a short one that overlaps
starts less than LONG_ALLOCATION_SECONDS before the window, a longer one comes from a second,
partial index. Each case moves one booking's allocation and compares the read with PostgreSQL's
own range overlap.
"""

import datetime as dt

import pytest
from django.db import connection

from reservations.models import TableAllocation
from reservations.models.booking import LONG_ALLOCATION_SECONDS
from reservations.selectors.engine_policy import occupancy_window, policy_for
from reservations.selectors.occupancy import load_occupancy
from tests.reservations.conftest import NOW
from tests.reservations.helpers import book

DAY = dt.date(2026, 12, 5)
LONG = dt.timedelta(seconds=LONG_ALLOCATION_SECONDS)
SECOND = dt.timedelta(seconds=1)


def overlapping_in_sql(restaurant, start: dt.datetime, end: dt.datetime) -> list[int]:
    """PostgreSQL's answer over the ranges themselves."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_id FROM reservations_tableallocation WHERE restaurant_id = %s AND during && tstzrange(%s, %s)",
            [restaurant.pk, start, end],
        )
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.parametrize(
    "offset, length, overlaps",
    [
        (dt.timedelta(hours=20), dt.timedelta(hours=2), True),  # inside the window
        (-dt.timedelta(hours=1), dt.timedelta(hours=2), True),  # across its start
        (-LONG + SECOND, LONG, True),  # as long as the first index goes, ending inside
        (-LONG - dt.timedelta(hours=1), dt.timedelta(hours=14), True),  # longer: the partial index's
        (-dt.timedelta(days=3), dt.timedelta(days=5), True),  # across the whole window
        (-dt.timedelta(days=3), dt.timedelta(days=3, milliseconds=400), True),  # ends 0.4 s into it
        (-dt.timedelta(days=3), dt.timedelta(days=3) - SECOND * 2, False),  # ends 2 s before it
        (-dt.timedelta(hours=3), dt.timedelta(hours=2), False),  # over an hour before it starts
        (dt.timedelta(days=3), dt.timedelta(hours=2), False),  # after its end
    ],
)
def test_the_read_finds_an_allocation_exactly_when_it_overlaps_the_window(api, bistro, offset, length, overlaps):
    made = book(api, service_date=str(DAY), start_time="19:00", party_size=2)
    start, end = occupancy_window(policy_for(bistro.restaurant), DAY, DAY)
    row = TableAllocation.objects.get(reservation__public_id=made["id"])
    TableAllocation.objects.filter(pk=row.pk).update(during=(start + offset, start + offset + length))
    assert overlapping_in_sql(bistro.restaurant, start, end) == ([row.table_id] if overlaps else [])
    found = [table for table, _, _ in load_occupancy(bistro.restaurant, DAY, DAY, NOW).rows]
    assert found == ([row.table_id] if overlaps else [])


def test_an_allocation_ending_within_a_second_of_the_window_may_come_along(api, bistro):
    """Bounds are stored to the second, so the read widens its window by one either way: an
    allocation that ends as the window starts comes with it, and the engine, which compares
    instants, finds it blocks nothing there (a seating overlaps it only by starting before its end)."""
    made = book(api, service_date=str(DAY), start_time="19:00", party_size=2)
    start, _ = occupancy_window(policy_for(bistro.restaurant), DAY, DAY)
    row = TableAllocation.objects.get(reservation__public_id=made["id"])
    TableAllocation.objects.filter(pk=row.pk).update(during=(start - dt.timedelta(days=3), start))
    rows = load_occupancy(bistro.restaurant, DAY, DAY, NOW).rows
    assert rows == [(row.table_id, int(start.timestamp()) - 3 * 86400, int(start.timestamp()))]
