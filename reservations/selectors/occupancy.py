"""Reads the occupancy the engine reasons over: who holds which table when, and the covers
charged to each service's caps. Always fresh, never cached.

Two hand-written queries: they run on every availability read and every booking write,
and building them through the ORM cost more CPU than running them. Both are prepared statements
(config.postgresql.prepared), in two editions: one for a single date and one for a range, so
that PostgreSQL's generic plan of the first never serves a month.
"""

import datetime as dt
import math
from typing import NamedTuple

from config.postgresql.prepared import Statement, batch
from config.postgresql.round_trip import Part, Results, named, run, run_one
from reservations.engine.occupancy import Covers, Occupancy
from reservations.models import OccupancyChange, Reservation, TableAllocation
from reservations.models.booking import LONG_ALLOCATION_SECONDS, OCCUPYING_STATUSES
from reservations.selectors.engine_policy import occupancy_window, policy_for

# Holds occupy tables and covers as bookings do: the occupancy reads their rows through the relation
# reservations' allocations name them by (TableAllocation.hold, "holds.Hold"), never importing holds.
Hold = TableAllocation._meta.get_field("hold").related_model

NOBODY = -1  # a primary key no row has: "exclude nothing"
# How far back a basket hold's lapse is looked for (selectors.availability.last_lapse).
LAPSE_LOOK_BACK = dt.timedelta(days=2)

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

# The bookings and the holds whose covers the caps count (`{a}`: a table alias and its dot, or
# nothing), as both COVERS and CHANGED_COVERS read them. The statuses are written out, not a
# parameter: the prepared statement's generic plan can then use the partial index resv_covers_idx
# (a parameter cannot be proven to match its predicate, and every run was planned anew).
_COUNTED_BOOKINGS = f"""{{a}}status IN ({", ".join(f"'{status}'" for status in OCCUPYING_STATUSES)})
  AND NOT {{a}}excluded_from_shift_limits"""
_COUNTED_HOLDS = """{a}status = 'held' AND NOT {a}excluded_from_shift_limits
  AND ({a}kind = 'commitment' OR {a}expires_at > %(now)s::timestamptz)"""

# Covers per service, date and seating time of live bookings and holds charged to caps.
# The bookings' half reads resv_covers_idx alone (an index-only scan), grouped in its key order.
COVERS = f"""
SELECT shift_id, service_date, starts_at, sum(party_size)
FROM {Reservation._meta.db_table}
WHERE restaurant_id = %(restaurant)s::bigint AND service_date BETWEEN %(first)s::date AND %(last)s::date
  AND {_COUNTED_BOOKINGS.format(a="")} AND shift_id IS NOT NULL
  AND id <> %(reservation)s::bigint
GROUP BY service_date, shift_id, starts_at
UNION ALL
SELECT shift_id, service_date, starts_at, sum(party_size)
FROM {Hold._meta.db_table}
WHERE restaurant_id = %(restaurant)s::bigint AND service_date BETWEEN %(first)s::date AND %(last)s::date
  AND {_COUNTED_HOLDS.format(a="")} AND shift_id IS NOT NULL
  AND id <> %(hold)s::bigint
GROUP BY shift_id, service_date, starts_at
"""


# After a write, what an earlier read in `snapshot` (its pg_current_snapshot()) could not see: log
# rows (models.occupancy_log) of transactions it did not see as committed, which have an id at or
# above its xmin (occupancy_change_xid_idx). The reading transaction's own count too: a snapshot
# shows its own transaction as visible once a later one began.
_UNSEEN = f"""
  SELECT DISTINCT {{columns}} FROM {OccupancyChange._meta.db_table}
  WHERE restaurant_id = %(restaurant)s::bigint AND {{kind}}
    AND xid >= pg_snapshot_xmin(%(snapshot)s::pg_snapshot)
    AND (NOT pg_visible_in_snapshot(xid, %(snapshot)s::pg_snapshot) OR xid = pg_current_xact_id_if_assigned())
    AND end_epoch > %(start)s::bigint AND start_epoch < %(end)s::bigint"""

# And what the basket holds that lapsed since then freed without a write: those whose deadline is
# after `lapsed_after` and at or before `lapsed_until` (the `last_lapse` of the earlier read and of
# now; equal, or NULL, when none lapsed). Their tables while their allocations are not swept yet (a
# sweep is logged), found by deadline (allocation_expiry_idx), and their seatings (hold_live_idx).
_LAPSED = "expires_at > %(lapsed_after)s::timestamptz AND expires_at <= %(lapsed_until)s::timestamptz"
# The holds a deadline frees without a write (selectors.availability's last lapse reads the same).
LAPSING_HOLDS = "kind = 'basket' AND status IN ('held', 'expired')"

# The tables whose allocations in the window changed or lapsed, each listed once with NULL bounds,
# and their live intervals in the window. One statement: the list and the intervals come from one
# snapshot of their own (two would let a table changed in between be read without being listed).
# Each table's intervals are found through the exclusion constraint's index (table, during), a table
# at a time: OFFSET 0 keeps the LATERAL subquery from being flattened into a join, whose generic plan
# (config.postgresql.prepared) guessed sixty changed tables and hashed every interval of the window
# (0.6 ms at 400 bookings a day, growing with them) to find the one changed table's few.
CHANGED_TABLES = f"""
WITH changed AS ({_UNSEEN.format(columns="table_id", kind="table_id IS NOT NULL")}
  UNION
  SELECT table_id FROM {TableAllocation._meta.db_table}
  WHERE restaurant_id = %(restaurant)s::bigint AND {_LAPSED}
    AND end_epoch > %(start)s::bigint AND start_epoch < %(end)s::bigint)
SELECT table_id, NULL::bigint, NULL::bigint FROM changed
UNION ALL
SELECT changed.table_id, a.start_epoch, a.end_epoch
FROM changed CROSS JOIN LATERAL (
  SELECT start_epoch, end_epoch FROM {TableAllocation._meta.db_table}
  WHERE table_id = changed.table_id
    AND during && tstzrange(to_timestamp(%(start)s::bigint), to_timestamp(%(end)s::bigint))
    AND end_epoch > %(start)s::bigint AND start_epoch < %(end)s::bigint{_LIVE}
  OFFSET 0
) AS a
"""

# The seatings of the dates whose covers changed or lapsed, each listed once with NULL covers, and
# their covers as COVERS counts them, a seating at a time through resv_covers_idx's whole key (an
# aggregate subquery is never flattened into a join, whose generic plan could read the restaurant's
# bookings whole; a seating with none has no covers row).
_SEATING = """{alias}.restaurant_id = %(restaurant)s::bigint AND {alias}.service_date = changed.service_date
    AND {alias}.shift_id = changed.shift_id AND {alias}.starts_at = changed.starts_at"""


def _changed_covers(model, alias: str, counted: str, name: str) -> str:
    """Each changed seating's covers of `model`'s rows that `counted` (a _COUNTED_* fragment) lets in."""
    return f"""
SELECT changed.shift_id, changed.service_date, changed.starts_at, {name}.covers
FROM changed CROSS JOIN LATERAL (
  SELECT sum({alias}.party_size) AS covers FROM {model._meta.db_table} AS {alias}
  WHERE {_SEATING.format(alias=alias)} AND {counted.format(a=f"{alias}.")}
) AS {name}
WHERE {name}.covers IS NOT NULL"""


CHANGED_COVERS = f"""
WITH changed AS (
  {_UNSEEN.format(columns="shift_id, service_date, starts_at", kind="shift_id IS NOT NULL")}
    AND service_date BETWEEN %(first)s::date AND %(last)s::date
  UNION
  SELECT shift_id, service_date, starts_at FROM {Hold._meta.db_table}
  WHERE restaurant_id = %(restaurant)s::bigint AND {LAPSING_HOLDS}
    AND {_LAPSED} AND shift_id IS NOT NULL AND service_date BETWEEN %(first)s::date AND %(last)s::date
)
SELECT shift_id, service_date, starts_at, NULL::bigint FROM changed
UNION ALL{_changed_covers(Reservation, "r", _COUNTED_BOOKINGS, "taken")}
UNION ALL{_changed_covers(Hold, "h", _COUNTED_HOLDS, "held")}
"""


class Changes(NamedTuple):
    """What `load_changes` found: the tables and seatings ((shift, date, instant)) that changed, and
    what they hold now."""

    tables: set[int]
    rows: list[tuple[int, int, int]]  # the changed tables' intervals
    seatings: set[tuple[int, dt.date, dt.datetime]]
    covers: list[Covers]  # the changed seatings' covers


# By span: a single date (availability's day, every booking write) or a range (the month). Named
# parameters: a value the text reads several times is sent once.
_STATEMENTS = {
    single: (Statement(f"occupancy_intervals_{span}", INTERVALS), Statement(f"occupancy_covers_{span}", COVERS))
    for single, span in ((True, "day"), (False, "range"))
}
_CHANGES = {
    single: (
        Statement(f"occupancy_changed_tables_{span}", CHANGED_TABLES),
        Statement(f"occupancy_changed_covers_{span}", CHANGED_COVERS),
    )
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


def occupancy_part(
    restaurant_pk: int,
    policy,
    first: dt.date,
    last: dt.date,
    now: dt.datetime,
    exclude: tuple[str, int] | None = None,
    *,
    since: dt.datetime | None = None,
) -> Part:
    """`load_occupancy`'s two reads as a part of a round trip (config.postgresql.round_trip), for a
    caller sending them behind others (the booking step, the availability's state read); its value
    is the Occupancy. `since`: only
    the intervals that end after it (all the covers still)."""
    sql, params = batch(
        _STATEMENTS[first == last], _parameters(restaurant_pk, policy, first, last, now, exclude, since)
    )
    return Part(sql, params, _occupancy_read, statements=2)


def _occupancy_read(results: Results) -> Occupancy:
    rows = results.all()  # (table id, start, end) in epoch seconds: no object per row
    return Occupancy(rows=rows, covers=_covers(results.next().all()))


def _covers(rows) -> list[Covers]:
    return [Covers(shift, date, starts_at, int(total), None) for shift, date, starts_at, total in rows]


def load_changes(
    restaurant, first: dt.date, last: dt.date, now: dt.datetime, snapshot: str, lapsed: tuple = (None, None)
) -> Changes:
    """What moved in the occupancy of dates first..last since an earlier read in `snapshot`, in one
    round trip: the tables and seatings that changed, and what they hold now. `lapsed`: the last
    basket-hold lapse when it was read and now (`last_lapse`'s); the holds that lapsed in between
    count as changed."""
    values = _parameters(restaurant.pk, policy_for(restaurant), first, last, now, None)
    after, until = lapsed
    if after is None:  # none had lapsed when it was read: one since is within the look-back
        after = now - LAPSE_LOOK_BACK
    values.update(snapshot=snapshot, lapsed_after=after, lapsed_until=until)
    intervals, covers = run(*(named(statement, values) for statement in _CHANGES[first == last]))
    changes = Changes(set(), [], set(), [])
    for row in intervals:
        if row[1] is None:
            changes.tables.add(row[0])
        else:
            changes.rows.append(row)
    for shift, date, starts_at, total in covers:
        if total is None:
            changes.seatings.add((shift, date, starts_at))
        else:
            changes.covers.append(Covers(shift, date, starts_at, int(total), None))
    return changes


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
    return run_one(occupancy_part(restaurant.pk, policy_for(restaurant), first, last, now, exclude))
