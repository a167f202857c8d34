"""Reads the occupancy the engine reasons over: who holds which table when, and the covers
charged to each service's caps. Always fresh, never cached.

Two hand-written queries: they run on every availability read and every booking write,
and building them through the ORM cost more CPU than running them. Both are prepared statements
(config.postgresql.prepared), in two editions: one for a single date and one for a range, so
that PostgreSQL's generic plan of the first never serves a month.
"""

import datetime as dt
import math

from django.db import connection

from config.postgresql.prepared import Statement, batch
from holds.models import Hold
from reservations.engine.occupancy import Covers, Occupancy
from reservations.models import Reservation, TableAllocation
from reservations.models.booking import LONG_ALLOCATION_SECONDS, OCCUPYING_STATUSES
from reservations.selectors.engine_policy import occupancy_window, policy_for

NOBODY = -1  # a primary key no row has: "exclude nothing"

# Allocation bounds as epoch seconds (psycopg parses integers in C, ranges in Python), as the
# table stores them beside the range (TableAllocation.start_epoch, end_epoch): taking the month's
# ten thousand ranges apart and converting their bounds cost the server more than finding the rows.
# Rows exist only for live bookings and holds; a basket hold's stop at its deadline.
#
# The rows overlapping [start, end) (in epoch seconds, a second wider either way than the window: the
# stored bounds are rounded to the second), found by their start alone: an allocation of at most
# LONG_ALLOCATION_SECONDS overlapping the window starts less than that before it, a B-tree range
# read index-only (allocation_start_idx); a longer one that starts earlier is one of the few the
# partial allocation_long_idx holds (its condition is written out for the generic plan to use it).
_LIVE = """
  AND (expires_at IS NULL OR expires_at > %(now)s::timestamptz)
  AND (reservation_id IS NULL OR reservation_id <> %(reservation)s::bigint)
  AND (hold_id IS NULL OR hold_id <> %(hold)s::bigint)"""
INTERVALS = f"""
SELECT table_id, start_epoch, end_epoch
FROM {TableAllocation._meta.db_table}
WHERE restaurant_id = %(restaurant)s::bigint
  AND start_epoch > %(start)s::bigint - {LONG_ALLOCATION_SECONDS} AND start_epoch < %(end)s::bigint
  AND end_epoch > %(start)s::bigint{_LIVE}
UNION ALL
SELECT table_id, start_epoch, end_epoch
FROM {TableAllocation._meta.db_table}
WHERE restaurant_id = %(restaurant)s::bigint AND end_epoch > start_epoch + {LONG_ALLOCATION_SECONDS}
  AND end_epoch > %(start)s::bigint AND start_epoch <= %(start)s::bigint - {LONG_ALLOCATION_SECONDS}{_LIVE}
"""

# Covers per service, date and seating time of live bookings and holds charged to caps.
# The bookings' half reads resv_covers_idx alone (an index-only scan), grouped in its key order. The
# statuses are written out, not a parameter: the prepared statement's generic plan can then use the
# partial index (a parameter cannot be proven to match its predicate, and every run was planned anew).
COVERS = f"""
SELECT shift_id, service_date, starts_at, sum(party_size)
FROM {Reservation._meta.db_table}
WHERE restaurant_id = %(restaurant)s::bigint AND service_date BETWEEN %(first)s::date AND %(last)s::date
  AND status IN ({", ".join(f"'{status}'" for status in OCCUPYING_STATUSES)})
  AND NOT excluded_from_shift_limits AND shift_id IS NOT NULL
  AND id <> %(reservation)s::bigint
GROUP BY service_date, shift_id, starts_at
UNION ALL
SELECT shift_id, service_date, starts_at, sum(party_size)
FROM {Hold._meta.db_table}
WHERE restaurant_id = %(restaurant)s::bigint AND service_date BETWEEN %(first)s::date AND %(last)s::date
  AND status = 'held' AND NOT excluded_from_shift_limits AND shift_id IS NOT NULL
  AND (kind = 'commitment' OR expires_at > %(now)s::timestamptz)
  AND id <> %(hold)s::bigint
GROUP BY shift_id, service_date, starts_at
"""


# By span: a single date (availability's day, every booking write) or a range (the month). Named
# parameters: a value the text reads several times is sent once.
_STATEMENTS = {
    single: (Statement(f"occupancy_intervals_{span}", INTERVALS), Statement(f"occupancy_covers_{span}", COVERS))
    for single, span in ((True, "day"), (False, "range"))
}


def _parameters(
    restaurant_pk: int, policy, first: dt.date, last: dt.date, now: dt.datetime, exclude, since=None
) -> dict:
    start, end = occupancy_window(policy, first, last)
    if since is not None:
        start = max(start, since)
    return {
        "restaurant": restaurant_pk,
        "start": math.floor(start.timestamp()) - 1,
        "end": math.ceil(end.timestamp()) + 1,
        "first": first,
        "last": last,
        "now": now,
        "reservation": exclude[1] if exclude and exclude[0] == "reservation" else NOBODY,
        "hold": exclude[1] if exclude and exclude[0] == "hold" else NOBODY,
    }


def occupancy_statement(
    restaurant_pk: int,
    policy,
    first: dt.date,
    last: dt.date,
    now: dt.datetime,
    exclude: tuple[str, int] | None = None,
    *,
    since: dt.datetime | None = None,
) -> tuple[str, list]:
    """The two occupancy reads of `load_occupancy` as one string of two statements with positional
    parameters, for a caller sending them behind others (the booking step); read the answer with
    `occupancy_from` once the cursor stands on the first of the two results. `since`: only the
    intervals that end after it (all the covers still)."""
    return batch(_STATEMENTS[first == last], _parameters(restaurant_pk, policy, first, last, now, exclude, since))


def occupancy_from(cursor) -> Occupancy:
    """The answer of `occupancy_statement`: the cursor stands on its first result."""
    rows = cursor.fetchall()  # (table id, start, end) in epoch seconds: no object per row
    cursor.nextset()
    return Occupancy(rows=rows, covers=_covers(cursor))


def _covers(cursor) -> list[Covers]:
    return [Covers(shift, date, starts_at, int(total), None) for shift, date, starts_at, total in cursor.fetchall()]


def load_occupancy(
    restaurant,
    first: dt.date,
    last: dt.date,
    now: dt.datetime,
    exclude: tuple[str, int] | None = None,
) -> Occupancy:
    """Tables taken and covers charged for the services of dates first..last (inclusive),
    as if `exclude` ("reservation" or "hold", primary key) did not exist.

    Tables: the allocations overlapping the window those services can reach, the day
    before's overnight bookings included.
    """
    sql, params = occupancy_statement(restaurant.pk, policy_for(restaurant), first, last, now, exclude)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)  # one round trip, two statements
        return occupancy_from(cursor)
