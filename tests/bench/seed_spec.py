"""What the bench data set is (tests/bench/seed.py builds it): its sizes, the busy floor and
services, the raised budgets and the key's scopes; and its marker, the row that says which data
set a database holds and whether it is still current, with the measured month's fingerprint.
"""

from __future__ import annotations

import datetime as dt
import json
import string
from zoneinfo import ZoneInfo

SEED_VERSION = 4
MARKER_TABLE = "bench_seed"
TZ_NAME = "Europe/Paris"
TZ = ZoneInfo(TZ_NAME)

TOTAL_OTHER = 1_000_000  # bookings of other dates (busy restaurant) and other restaurants
OTHER_RESTAURANTS = 50
OTHER_PER_RESTAURANT = 14_000  # 700,000 in the small restaurants, the rest is the busy one's history
WRITERS = 20
MEASURED_DAY_BOOKINGS = 400
MEASURED_MONTH_BOOKINGS = 10_000
OTHER_FUTURE_PER_DAY = 120
BUSY_GUESTS = 5_000
OTHER_GUESTS = 200
HISTORY_DAYS = 730

RAISED_BUDGETS = dict(
    write_burst=1_000_000,
    write_per_second=100_000.0,
    write_per_day=2_000_000_000,
    read_burst=1_000_000,
    read_per_second=100_000.0,
)
ALL_SCOPES = [
    "reservations:read",
    "reservations:write",
    "reservations:write:override",
    "guests:read",
]

# A section: 5 two-tops, 6 four-tops, 3 six-tops, 1 eight-top (15 tables; 4 sections = 60).
TABLE_SHAPES = [(1, 2)] * 5 + [(2, 4)] * 6 + [(4, 6)] * 3 + [(6, 8)]
PAIR_A = (9, 10)  # two four-tops joined: 5-8
PAIR_B = (13, 14)  # six-top + eight-top joined: 9-10
SECTIONS = [
    ("Salle", "indoor"),
    ("Véranda", "indoor"),
    ("Terrasse", "terrace"),
    ("Salon", "private_room"),
]

SEATING = 90
SEATING_BY_SIZE = {"7": 120}
SHIFTS = [
    # key, names, start, end, last seating, max covers, max covers per slot, waitlist
    (
        "lunch",
        {"fr": "Déjeuner", "en": "Lunch"},
        dt.time(11, 30),
        dt.time(16, 30),
        dt.time(15, 0),
        700,
        120,
        False,
    ),
    (
        "early",
        {"fr": "Premier service", "en": "Early dinner"},
        dt.time(18, 0),
        dt.time(20, 0),
        dt.time(19, 45),
        450,
        120,
        False,
    ),
    (
        "dinner",
        {"fr": "Dîner", "en": "Dinner"},
        dt.time(20, 0),
        dt.time(23, 0),
        None,
        650,
        120,
        True,
    ),
]
APPROVAL_FROM = 9
# Chains of turns per table: lunch from 11:30 (+0 or +30), the evening from 18:00 (+0, +15 or +30).
LUNCH_FIRST, LUNCH_LAST = 11 * 60 + 30, 15 * 60
EVENING_FIRST, EVENING_LAST, EARLY_LAST = 18 * 60, 23 * 60, 19 * 60 + 45

ALPHABET = string.ascii_letters + string.digits


# ---------------------------------------------------------------- marker


def read_marker() -> dict | None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s)", [MARKER_TABLE])
        if cursor.fetchone()[0] is None:
            return None
        cursor.execute(f"SELECT value FROM {MARKER_TABLE} WHERE key = 'seed'")
        row = cursor.fetchone()
    if row is None:
        return None
    value = row[0]
    return json.loads(value) if isinstance(value, str) else value


def write_marker(info: dict) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE IF NOT EXISTS {MARKER_TABLE} (key text PRIMARY KEY, value jsonb NOT NULL)")
        cursor.execute(
            f"INSERT INTO {MARKER_TABLE} (key, value) VALUES ('seed', %s) "
            "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            [json.dumps(info, default=str)],
        )


def today_local() -> dt.date:
    return dt.datetime.now(TZ).date()


def measured_month_start(today: dt.date) -> dt.date:
    anchor = today + dt.timedelta(days=31)
    return dt.date(anchor.year + anchor.month // 12, anchor.month % 12 + 1, 1)


def month_end(first: dt.date) -> dt.date:
    following = dt.date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return following - dt.timedelta(days=1)


def marker_is_current(marker: dict | None) -> bool:
    if marker is None or marker.get("seed_version") != SEED_VERSION:
        return False
    first = dt.date.fromisoformat(marker["month_first"])
    return first > today_local() + dt.timedelta(days=2)


def nohistory_marker_is_current(marker: dict | None, source: dict) -> bool:
    return (
        marker_is_current(marker)
        and marker.get("kind") == "nohistory"
        and marker.get("source_seeded_at") == source["seeded_at"]
        and marker.get("today") == source["today"]
    )


def live_fingerprint(restaurant_pk: int, first: dt.date, last: dt.date) -> dict:
    """The busy restaurant's live bookings of first..last with their tables and allocations, as
    counts and an md5: equal in two databases when they hold the same bookings (ids aside)."""
    from django.db import connection

    from reservations.models.booking import OCCUPYING_STATUSES

    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT count(*), coalesce(sum(n), 0), md5(coalesce(string_agg(line, ',' ORDER BY line), ''))
            FROM (
                SELECT r.public_id || '|' || r.status || '|' || r.party_size || '|' || r.service_date || '|'
                       || extract(epoch FROM r.starts_at)::bigint || '|'
                       || coalesce(extract(epoch FROM r.ends_at)::bigint::text, '') || '|'
                       || coalesce(a.tables, '') AS line,
                       coalesce(a.n, 0) AS n
                FROM reservations_reservation r
                LEFT JOIN LATERAL (
                    SELECT count(*) AS n,
                           string_agg(t.name || '@' || extract(epoch FROM lower(x.during))::bigint || '-'
                                      || extract(epoch FROM upper(x.during))::bigint, ';' ORDER BY t.name) AS tables
                    FROM reservations_tableallocation x JOIN reservations_table t ON t.id = x.table_id
                    WHERE x.reservation_id = r.id
                ) a ON true
                WHERE r.restaurant_id = %s AND r.service_date BETWEEN %s AND %s AND r.status = ANY(%s)
            ) lines
            """,
            [restaurant_pk, first, last, list(OCCUPYING_STATUSES)],
        )
        bookings, allocations, digest = cursor.fetchone()
    return {"bookings": bookings, "allocations": int(allocations), "md5": digest}
