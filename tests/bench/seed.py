"""The bench data set, built fast with bulk SQL and COPY, once (a marker records it).

    python -m tests.bench.seed [--force]

Two databases. The bench database (BENCH_DATABASE_URL) holds (docs/performance.md
describes why):

* **busy**: 60 tables in 4 sections (one group of two sections), 8 joined-table
  combinations, three services on a 15-minute grid (lunch 11:30-15:00, early dinner
  18:00-19:45, dinner 20:00-23:00; seating 90 minutes, 120 from 7 guests), caps,
  a closure, a day note and a block. 400 live bookings on the measured day,
  10,000 in the measured month and about 10,000 more on the other dates of the
  booking window, each with its table allocations (packed so they never overlap:
  the exclusion constraint checks it), plus past bookings in final states.
* **empty**: the same restaurant with no booking at all (the "empty history" baseline).
* **writer-01..20**: the same restaurant, empty, for the concurrent-create benchmark.
* **other-01..50**: small restaurants holding the rest of the 1,000,000 bookings of
  other dates and other restaurants (past, final states).

Guests are shared: 5,000 in the busy restaurant, 200 in each small one. The bench
restaurants have their read and write budgets raised and one API key each with all
four scopes, minted with apikeys.services.mint_key.

The no-history database (BENCH_NOHISTORY_DATABASE_URL) is the baseline of "within 20 %
of the same figures with an empty history": the busy restaurant alone, built by the same
code from the same random seed and the same "today" (so the same floor, policy, guests
and the same bookings, allocations and public ids), with the same API key secret and
restaurant public id, holding only the live bookings of the measured month (the
measured day's 400 among them): no other dates, no past bookings, no other restaurant.
Its marker names the bench data set it copies; it is rebuilt whenever that one is.

The measured month is the first whole month starting at least 31 days from today
(the service runs on the real clock); the measured day is its 15th. The data is
rebuilt when the marker is missing, from an older seed version, or when the measured
month is no longer in the future.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import random
import string
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from tests.bench.bench_common import (
    BENCH_NOHISTORY_DATABASE_URL,
    _db_params,
    create_database,
    database_exists,
    log,
    setup_django,
    use_database,
)

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


def ensure_seeded(force: bool = False) -> dict:
    """The marker of a current data set, building one first when needed. Django must be set up."""
    from django.db import connections

    marker = None if force else read_marker()
    if marker_is_current(marker):
        log(f"Bench data present (seeded {marker['seeded_at']}, measured day {marker['measured_date']})")
        return marker
    log("Bench data missing or stale: rebuilding the bench database")
    connections.close_all()
    create_database(drop=True)
    from tests.bench.bench_common import migrate

    migrate()
    return seed()


def ensure_nohistory_seeded(source: dict, force: bool = False) -> dict:
    """The marker of the no-history twin of `source` (the bench data set's marker), building
    it first when needed. Leaves this process's connection on the bench database."""
    from django.db import connections

    from tests.bench.bench_common import migrate

    url = BENCH_NOHISTORY_DATABASE_URL
    if _db_params(url)[0] == _db_params()[0] and _db_params(url)[1]["host"] == _db_params()[1]["host"]:
        raise SystemExit("BENCH_NOHISTORY_DATABASE_URL names the bench database itself")
    with use_database(url):
        marker = None
        if not force and database_exists(url):
            marker = read_marker()
        if nohistory_marker_is_current(marker, source):
            migrate()  # as setup_django does for the bench database
            log(f"No-history bench data present (seeded {marker['seeded_at']}, measured day {marker['measured_date']})")
            return marker
        log("No-history bench data missing or stale: rebuilding the no-history database")
        connections.close_all()
        create_database(drop=True, database_url=url)
        migrate()
        return seed(source=source)


# ---------------------------------------------------------------- bulk helpers


def _copy_value(value) -> str:
    if value is None:
        return "\\N"
    if value is True:
        return "t"
    if value is False:
        return "f"
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    text = str(value)
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def _column_defaults(model, supplied: set[str]) -> dict[str, object]:
    """Values for the NOT NULL columns the seed does not set, from the model's own defaults.

    Keeps COPY and INSERT ... SELECT working when a field with a default is added later;
    a new required field without a default stops the seed with its name.
    """
    from django.contrib.postgres.fields import ArrayField
    from django.db.models import GeneratedField, JSONField

    defaults = {}
    for f in model._meta.concrete_fields:
        if f.primary_key or f.column in supplied or isinstance(f, GeneratedField):
            continue  # PostgreSQL computes a generated column (and refuses a value for it)
        if f.has_default():
            value = f.get_default()
            if isinstance(f, JSONField):
                value = json.dumps(value)
            elif isinstance(f, ArrayField):
                value = "{" + ",".join(json.dumps(str(v)) for v in value) + "}"
            defaults[f.column] = value
        elif getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
            defaults[f.column] = dt.datetime.now(dt.UTC)
        elif not f.null:
            raise RuntimeError(f"seed.py does not fill the new column {model._meta.db_table}.{f.column}")
    return defaults


def copy_rows(model, columns: list[str], rows, extra_defaults: bool = True) -> int:
    """COPY rows (tuples in `columns` order) into the model's table, filling model defaults."""
    from django.db import connection

    defaults = _column_defaults(model, set(columns)) if extra_defaults else {}
    all_columns = columns + list(defaults)
    tail = "\t".join(_copy_value(v) for v in defaults.values())
    buffer = io.StringIO()
    count = 0
    for row in rows:
        line = "\t".join(_copy_value(v) for v in row)
        buffer.write(line + ("\t" + tail if tail else "") + "\n")
        count += 1
    connection.ensure_connection()
    raw = connection.connection
    with (
        raw.cursor() as cursor,
        cursor.copy(f"COPY {model._meta.db_table} ({', '.join(all_columns)}) FROM STDIN") as copy,
    ):
        copy.write(buffer.getvalue())
    return count


def _sql_defaults(model, supplied: set[str], style: str = "format") -> tuple[str, str, dict | list]:
    """`, col, ...`, `, %s::type, ...` and the values of the model defaults, for INSERT ... SELECT.

    style "format" gives %s placeholders and a list; "named" gives %(dN)s and a dict.
    """
    from django.db import connection

    defaults = _column_defaults(model, supplied)
    fields = {f.column: f for f in model._meta.concrete_fields}
    columns, placeholders = "", ""
    params: dict | list = {} if style == "named" else []
    for i, (column, value) in enumerate(defaults.items()):
        columns += f", {column}"
        cast = fields[column].db_type(connection)
        if style == "named":
            placeholders += f", %(d{i})s::{cast}"
            params[f"d{i}"] = value
        else:
            placeholders += f", %s::{cast}"
            params.append(value)
    return columns, placeholders, params


@contextmanager
def secondary_indexes_dropped(*tables: str):
    """Bulk-load without maintaining the indexes no constraint needs; rebuild them after.

    Their definitions are read from the catalog, so the rebuilt indexes are exactly the
    migrations' ones. (If the load fails, the marker is missing and the next run rebuilds
    the whole bench database.)
    """
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # fire pending foreign-key checks first
        cursor.execute(
            """
            SELECT i.indexname, i.indexdef FROM pg_indexes i
            WHERE i.schemaname = 'public' AND i.tablename = ANY(%s)
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
            """,
            [list(tables)],
        )
        indexes = cursor.fetchall()
        for name, _ in indexes:
            cursor.execute(f'DROP INDEX "{name}"')
    yield
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for _, definition in indexes:
            cursor.execute(definition)
    log(f"  rebuilt {len(indexes)} indexes ({time.perf_counter() - started:.1f}s)")


def set_sequences(*tables: str) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT coalesce(max(id), 0) + 1 FROM {table}), false)"
            )


def next_id(table: str) -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}")
        return cursor.fetchone()[0]


def token(rng: random.Random, length: int = 24) -> str:
    return "".join(rng.choices(ALPHABET, k=length))


# ---------------------------------------------------------------- restaurants and floors


@dataclass
class Layout:
    restaurant: object
    tables: list  # Table rows in order (section by section)
    shifts: dict  # key -> Shift
    sections: list


def make_restaurant(slug: str, name: str, *, raised: bool, big: bool):
    from reservations.models import Restaurant

    extra = RAISED_BUDGETS if raised else {}
    return Restaurant(
        name=name,
        slug=slug,
        timezone=TZ_NAME,
        country="FR",
        currency="EUR",
        primary_language="fr",
        guest_languages=["fr", "en"],
        min_party_size=1,
        max_party_size=10,
        default_party_size=2,
        max_advance_days=120,
        default_cutoff_minutes=0,
        show_seating_preference=big,
        **extra,
    )


FLOOR_TABLES = len(SECTIONS) * len(TABLE_SHAPES)  # one copy of the busy floor: 60 tables


def floors_of(tables) -> int:
    """How many copies of the busy floor `tables` (a layout's tables) hold."""
    return len(tables) // FLOOR_TABLES


def build_big_layouts(restaurants, month_first: dt.date, floors: int = 1) -> list[Layout]:
    """The busy restaurant's floor and policy, identically for each restaurant given.

    With `floors` > 1 the floor is that many copies of it (sections, tables, joinable pairs
    and the block's tables), and every cover cap is that many times higher: the same
    restaurant, bigger (tests/bench/seed_tenfold.py).
    """
    from reservations.models import (
        Block,
        Closure,
        Combination,
        DayNote,
        FloorPlan,
        Section,
        Shift,
        Table,
    )

    plans = FloorPlan.objects.bulk_create([FloorPlan(restaurant=r, name="Plan principal") for r in restaurants])
    sections = Section.objects.bulk_create(
        [
            Section(restaurant=r, floor_plan=p, name=name, area_type=area, position=i)
            for r, p in zip(restaurants, plans, strict=True)
            for i, (name, area) in enumerate(
                (f"{name} {c + 1}" if c else name, area) for c in range(floors) for name, area in SECTIONS
            )
        ]
    )
    n = len(SECTIONS) * floors
    by_restaurant = [sections[i * n : (i + 1) * n] for i in range(len(restaurants))]
    pairs = [(group[c * 4], group[c * 4 + 1]) for group in by_restaurant for c in range(floors)]
    for leader, led in pairs:  # the Véranda is sold with the Salle: one choice to a guest
        led.group_leader = leader
    Section.objects.bulk_update([led for _, led in pairs], ["group_leader"])
    tables = Table.objects.bulk_create(
        [
            Table(
                restaurant=r,
                section=s,
                name=f"{'SVTP'[s.position % 4]}{k + 1}",
                min_capacity=lo,
                max_capacity=hi,
                position=k,
            )
            for r, group in zip(restaurants, by_restaurant, strict=True)
            for s in group
            for k, (lo, hi) in enumerate(TABLE_SHAPES)
        ]
    )
    m = FLOOR_TABLES * floors
    per_restaurant = [tables[i * m : (i + 1) * m] for i in range(len(restaurants))]
    combos, combo_tables = [], []
    for r, p, ts in zip(restaurants, plans, per_restaurant, strict=True):
        for s in range(n):
            for pair, lo, hi in ((PAIR_A, 5, 8), (PAIR_B, 9, 10)):
                combos.append(Combination(restaurant=r, floor_plan=p, min_capacity=lo, max_capacity=hi))
                combo_tables.append([ts[s * 15 + pair[0]], ts[s * 15 + pair[1]]])
    combos = Combination.objects.bulk_create(combos)
    Through = Combination.tables.through
    Through.objects.bulk_create(
        [
            Through(combination_id=c.id, table_id=t.id)
            for c, pair in zip(combos, combo_tables, strict=True)
            for t in pair
        ]
    )
    shifts = Shift.objects.bulk_create(
        [
            Shift(
                restaurant=r,
                floor_plan=p,
                name=names,
                start_time=start,
                end_time=end,
                last_seating=last,
                slot_interval_minutes=15,
                seating_minutes=SEATING,
                seating_minutes_by_party_size=SEATING_BY_SIZE,
                max_covers=cap * floors,
                max_covers_per_slot=per_slot * floors,
                approval_from_party_size=APPROVAL_FROM,
                waitlist_enabled=waitlist,
                position=i,
            )
            for r, p in zip(restaurants, plans, strict=True)
            for i, (key, names, start, end, last, cap, per_slot, waitlist) in enumerate(SHIFTS)
        ]
    )
    closure_start = month_end(month_first) + dt.timedelta(days=14)
    Closure.objects.bulk_create(
        [
            Closure(
                restaurant=r,
                name={"fr": "Congés", "en": "Holidays"},
                start_date=closure_start,
                end_date=closure_start + dt.timedelta(days=2),
            )
            for r in restaurants
        ]
    )
    DayNote.objects.bulk_create(
        [
            DayNote(
                restaurant=r,
                date=month_first + dt.timedelta(days=19),
                message={"fr": "Menu unique ce soir.", "en": "Set menu tonight."},
                mode="banner",
            )
            for r in restaurants
        ]
    )
    blocks = Block.objects.bulk_create(
        [
            Block(
                restaurant=r,
                date=month_first + dt.timedelta(days=21),
                start_time=dt.time(19, 0),
                end_time=dt.time(23, 0),
                reason="Private event",
            )
            for r in restaurants
        ]
    )
    BlockTables = Block.tables.through
    BlockTables.objects.bulk_create(
        [
            BlockTables(block_id=b.id, table_id=t.id)
            for b, ts in zip(blocks, per_restaurant, strict=True)
            for c in range(floors)
            for t in ts[c * FLOOR_TABLES + 45 : c * FLOOR_TABLES + 49]
        ]
    )
    layouts = []
    for i, r in enumerate(restaurants):
        own = shifts[i * 3 : (i + 1) * 3]
        layouts.append(Layout(r, per_restaurant[i], {s[0]: own[k] for k, s in enumerate(SHIFTS)}, by_restaurant[i]))
    return layouts


def build_small_layouts(restaurants) -> list[Layout]:
    from reservations.models import FloorPlan, Section, Shift, Table

    plans = FloorPlan.objects.bulk_create([FloorPlan(restaurant=r, name="Salle") for r in restaurants])
    sections = Section.objects.bulk_create(
        [Section(restaurant=r, floor_plan=p, name="Salle") for r, p in zip(restaurants, plans, strict=True)]
    )
    shapes = [(1, 2)] * 2 + [(2, 4)] * 6 + [(4, 6)] * 2
    tables = Table.objects.bulk_create(
        [
            Table(
                restaurant=r,
                section=s,
                name=str(k + 1),
                min_capacity=lo,
                max_capacity=hi,
                position=k,
            )
            for r, s in zip(restaurants, sections, strict=True)
            for k, (lo, hi) in enumerate(shapes)
        ]
    )
    shifts = Shift.objects.bulk_create(
        [
            Shift(
                restaurant=r,
                floor_plan=p,
                name=name,
                start_time=start,
                end_time=end,
                last_seating=last,
                slot_interval_minutes=15,
                seating_minutes=SEATING,
                position=i,
            )
            for r, p in zip(restaurants, plans, strict=True)
            for i, (name, start, end, last) in enumerate(
                [
                    ("Déjeuner", dt.time(12, 0), dt.time(14, 30), dt.time(13, 45)),
                    ("Dîner", dt.time(19, 0), dt.time(23, 0), dt.time(22, 0)),
                ]
            )
        ]
    )
    return [
        Layout(
            r,
            tables[i * 10 : (i + 1) * 10],
            {"lunch": shifts[2 * i], "dinner": shifts[2 * i + 1]},
            [sections[i]],
        )
        for i, r in enumerate(restaurants)
    ]


# ---------------------------------------------------------------- guests


FIRST = [
    "Camille",
    "Léa",
    "Hugo",
    "Louis",
    "Emma",
    "Jules",
    "Chloé",
    "Lucas",
    "Manon",
    "Nathan",
    "Inès",
    "Tom",
]
LAST = [
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
]


def seed_guests(specs: list[tuple[object, int]], salt: str) -> dict[int, tuple[int, int]]:
    """Guests per restaurant in one INSERT ... SELECT each; returns restaurant pk -> (first id, count)."""
    from django.db import connection

    from guests.models import Guest

    supplied = {
        "id",
        "public_id",
        "restaurant_id",
        "first_name",
        "last_name",
        "email",
        "phone",
        "language",
        "source",
        "created_at",
        "updated_at",
    }
    columns, placeholders, params = _sql_defaults(Guest, supplied)
    ranges = {}
    first_id = next_id("guests_guest")
    with connection.cursor() as cursor:
        for restaurant, count in specs:
            cursor.execute(
                f"""
                INSERT INTO guests_guest (id, public_id, restaurant_id, first_name, last_name, email, phone,
                                          language, source, created_at, updated_at{columns})
                SELECT %s + i, 'gst_' || left(md5(%s || i::text), 24), %s,
                       (%s::text[])[1 + i %% 12], (%s::text[])[1 + (i / 12) %% 10],
                       'guest' || i || '.' || %s || '@example.com', '+3361' || lpad(i::text, 7, '0'),
                       'fr', 'import', now() - (i %% 700) * interval '1 day', now() - (i %% 700) * interval '1 day'
                       {placeholders}
                FROM generate_series(0, %s - 1) AS i
                """,
                [
                    first_id,
                    f"{salt}-{restaurant.pk}-",
                    restaurant.pk,
                    FIRST,
                    LAST,
                    restaurant.pk,
                    *params,
                    count,
                ],
            )
            ranges[restaurant.pk] = (first_id, count)
            first_id += count
    set_sequences("guests_guest")
    return ranges


# ---------------------------------------------------------------- the busy restaurant's live bookings


@dataclass
class Booking:
    shift: str
    minutes: int  # from the service date's midnight
    party: int
    table_ids: tuple[int, ...]

    @property
    def duration(self) -> int:
        return 120 if self.party >= 7 else SEATING


def _party(rng: random.Random, lo: int, hi: int) -> int:
    if (lo, hi) == (1, 2):
        return 2 if rng.random() < 0.8 else 1
    if (lo, hi) == (2, 4):
        return rng.choices([2, 3, 4], [0.45, 0.2, 0.35])[0]
    if (lo, hi) == (4, 6):
        return rng.choices([4, 5, 6], [0.5, 0.25, 0.25])[0]
    return rng.choices(list(range(lo, hi + 1)))[0]


def _ceil15(minutes: int) -> int:
    return -(-minutes // 15) * 15


def _shift_of(minutes: int) -> str:
    if minutes <= LUNCH_LAST:
        return "lunch"
    return "early" if minutes <= EARLY_LAST else "dinner"


def plan_day(tables, rng: random.Random, combo_rate: float) -> list[Booking]:
    """Every turn of every table that day: chains of seatings that never overlap.

    Units are single tables or pairs that can be joined; a pair's chain holds either
    one booking on the joined tables or one booking on each, and moves on together.
    """
    bookings: list[Booking] = []
    for section in range(len(tables) // len(TABLE_SHAPES)):
        ts = tables[section * 15 : (section + 1) * 15]
        units = [("single", (k,)) for k in range(15) if k not in PAIR_A + PAIR_B]
        units += [("pair_a", PAIR_A), ("pair_b", PAIR_B)]
        for u, (kind, members) in enumerate(units):
            unit_index = section * 15 + u
            for first, last in (
                (LUNCH_FIRST + 30 * (unit_index % 2), LUNCH_LAST),
                (EVENING_FIRST + 15 * (unit_index % 3), EVENING_LAST),
            ):
                minutes = first
                while minutes <= last:
                    if kind != "single" and rng.random() < combo_rate:
                        party = rng.randint(5, 8) if kind == "pair_a" else rng.randint(9, 10)
                        turn = [Booking(_shift_of(minutes), minutes, party, tuple(ts[m].id for m in members))]
                    else:
                        turn = [
                            Booking(
                                _shift_of(minutes),
                                minutes,
                                _party(rng, ts[m].min_capacity, ts[m].max_capacity),
                                (ts[m].id,),
                            )
                            for m in members
                        ]
                    bookings.extend(turn)
                    minutes = _ceil15(minutes + max(b.duration for b in turn))
    return bookings


def _respect_caps(bookings: list[Booking], rng: random.Random, floors: int = 1) -> list[Booking]:
    caps = {key: (cap * floors, per_slot * floors) for key, _, _, _, _, cap, per_slot, _ in SHIFTS}
    kept: list[Booking] = []
    service, slot = {}, {}
    for booking in rng.sample(bookings, len(bookings)):
        cap, per_slot = caps[booking.shift]
        s = service.get(booking.shift, 0) + booking.party
        p = slot.get((booking.shift, booking.minutes), 0) + booking.party
        if s <= cap and p <= per_slot:
            service[booking.shift], slot[(booking.shift, booking.minutes)] = s, p
            kept.append(booking)
    return kept


def day_bookings(tables, date: dt.date, target: int, rng: random.Random, combo_rate: float = 0.05) -> list[Booking]:
    """`target` bookings of one day; a full day (400 of about 410 turns) may take a few draws."""
    for _ in range(50):
        planned = _respect_caps(plan_day(tables, rng, combo_rate), rng, floors_of(tables))
        if len(planned) >= target:
            break
    else:
        raise RuntimeError(f"{date}: only {len(planned)} turns fit, {target} wanted")
    chosen = rng.sample(planned, target)
    return sorted(chosen, key=lambda b: (b.minutes, b.table_ids))


def local_instant(date: dt.date, minutes: int) -> dt.datetime:
    day = date + dt.timedelta(days=minutes // 1440)
    rest = minutes % 1440
    return dt.datetime(day.year, day.month, day.day, rest // 60, rest % 60, tzinfo=TZ).astimezone(dt.UTC)


def seed_live_bookings(layout: Layout, days: dict[dt.date, int], guests: tuple[int, int], rng, keep=None) -> dict:
    """The busy restaurant's live bookings with their table rows and allocations, by COPY.

    Every date's bookings are drawn (the random sequence is the same whatever `keep`
    says); only those of the dates `keep` accepts are written (all when it is None).
    """
    from reservations.models import Reservation, TableAllocation

    restaurant = layout.restaurant
    shift_ids = {key: shift.id for key, shift in layout.shifts.items()}
    first_guest, guest_count = guests
    reservation_id = next_id("reservations_reservation")
    now = dt.datetime.now(dt.UTC)
    reservations, m2m, allocations = [], [], []
    sources = [
        ("widget", "website_widget"),
        ("manual", "phone"),
        ("api", "partner_platform"),
        ("walk_in", "walk_in"),
    ]
    for date, target in sorted(days.items()):
        for booking in day_bookings(layout.tables, date, target, rng):
            starts = local_instant(date, booking.minutes)
            ends = starts + dt.timedelta(minutes=booking.duration)
            source, channel = rng.choices(sources, [0.5, 0.35, 0.1, 0.05])[0]
            created = now - dt.timedelta(days=rng.randint(1, 60), minutes=rng.randint(0, 1440))
            # Drawn in the order the first versions of this seed drew them (same data).
            public_id = "resv_" + token(rng)
            guest_id = first_guest + rng.randrange(guest_count)
            modification_token = token(rng, 32)
            if keep is not None and not keep(date):
                continue
            reservations.append(
                (
                    reservation_id,
                    public_id,
                    "pending" if booking.party >= APPROVAL_FROM else "confirmed",
                    source,
                    channel,
                    booking.party,
                    date,
                    starts,
                    ends,
                    guest_id,
                    restaurant.pk,
                    shift_ids[booking.shift],
                    modification_token,
                    created,
                    created,
                )
            )
            for table_id in booking.table_ids:
                m2m.append((reservation_id, table_id))
                allocations.append(
                    (
                        restaurant.pk,
                        table_id,
                        reservation_id,
                        f"[{starts.isoformat()},{ends.isoformat()})",
                    )
                )
            reservation_id += 1
    copy_rows(
        Reservation,
        [
            "id",
            "public_id",
            "status",
            "source",
            "booking_channel",
            "party_size",
            "service_date",
            "starts_at",
            "ends_at",
            "guest_id",
            "restaurant_id",
            "shift_id",
            "modification_token",
            "created_at",
            "updated_at",
        ],
        reservations,
    )
    copy_rows(Reservation.tables.through, ["reservation_id", "table_id"], m2m, extra_defaults=False)
    copy_rows(TableAllocation, ["restaurant_id", "table_id", "reservation_id", "during"], allocations)
    set_sequences(
        "reservations_reservation",
        "reservations_reservation_tables",
        "reservations_tableallocation",
    )
    return {"reservations": len(reservations), "allocations": len(allocations)}


# ---------------------------------------------------------------- history: final bookings of other dates


def seed_history(
    layouts: list[Layout],
    guests: dict,
    per_restaurant: int,
    first_day: dt.date,
    ndays: int,
    salt: str,
    label: str,
) -> int:
    """Past bookings in final states, generated inside PostgreSQL (generate_series), in chunks."""
    from django.db import connection

    from reservations.models import Reservation

    supplied = {
        "id",
        "public_id",
        "status",
        "source",
        "booking_channel",
        "party_size",
        "service_date",
        "starts_at",
        "ends_at",
        "guest_id",
        "restaurant_id",
        "shift_id",
        "modification_token",
        "cancellation_reason",
        "created_at",
        "updated_at",
    }
    columns, placeholders, named = _sql_defaults(Reservation, supplied, style="named")
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS bench_spec, bench_tbl")
        cursor.execute(
            "CREATE TEMP TABLE bench_spec (idx int PRIMARY KEY, rid bigint, guest0 bigint, nguests int, "
            "ntables int, lunch bigint, dinner bigint, lunch_min int, dinner_min int)"
        )
        cursor.execute("CREATE TEMP TABLE bench_tbl (rid bigint, k int, tid bigint, cap int, PRIMARY KEY (rid, k))")
        for idx, layout in enumerate(layouts):
            r = layout.restaurant
            g0, ng = guests[r.pk]
            dinner = layout.shifts["dinner"]
            cursor.execute(
                "INSERT INTO bench_spec VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                [
                    idx,
                    r.pk,
                    g0,
                    ng,
                    len(layout.tables),
                    layout.shifts["lunch"].id,
                    dinner.id,
                    12 * 60,
                    dinner.start_time.hour * 60 + dinner.start_time.minute,
                ],
            )
            cursor.executemany(
                "INSERT INTO bench_tbl VALUES (%s, %s, %s, %s)",
                [(r.pk, k, t.id, t.max_capacity) for k, t in enumerate(layout.tables)],
            )
        cursor.execute("ANALYZE bench_spec")
        cursor.execute("ANALYZE bench_tbl")
        cursor.execute("SET session_replication_role = replica")  # rows are consistent by construction
        total = per_restaurant * len(layouts)
        k = len(layouts)
        chunk = 250_000
        done = 0
        started = time.perf_counter()
        while done < total:
            n = min(chunk, total - done)
            id0 = next_id("reservations_reservation")
            rows_sql = """
                SELECT %(id0)s + g.i AS id, g.i + %(done)s AS n, s.*, t.tid, t.cap,
                       %(first_day)s::date + (((g.i + %(done)s) / %(k)s) %% %(ndays)s)::int AS day,
                       ((g.i + %(done)s) * 2654435761) %% 100 AS h,
                       ((g.i + %(done)s) * 31) %% 5 < 2 AS at_lunch
                FROM generate_series(0::bigint, %(n)s - 1) AS g(i)
                JOIN bench_spec s ON s.idx = (g.i + %(done)s) %% %(k)s
                JOIN bench_tbl t ON t.rid = s.rid AND t.k = ((g.i + %(done)s) / %(k)s * 37) %% s.ntables
            """
            args = dict(id0=id0, done=done, first_day=first_day, k=k, ndays=ndays, n=n)
            cursor.execute(
                f"""
                WITH rows AS ({rows_sql}),
                shaped AS (
                    SELECT *, greatest(1, least(cap, 1 + (n * 13) %% 6))::int AS party,
                           ((day + make_interval(mins => (CASE WHEN at_lunch THEN lunch_min + (n * 17 %% 8) * 15
                                                            ELSE dinner_min + (n * 19 %% 12) * 15 END)::int))
                            AT TIME ZONE '{TZ_NAME}') AS starts,
                           CASE WHEN h < 86 THEN 'completed' WHEN h < 95 THEN 'cancelled' ELSE 'no_show' END AS status,
                           (ARRAY['widget','manual','api','walk_in'])[(1 + n %% 4)::int] AS source,
                           (ARRAY['website_widget','phone','partner_platform','walk_in'])[(1 + n %% 4)::int] AS channel
                    FROM rows
                ),
                inserted AS (
                    INSERT INTO reservations_reservation (id, public_id, status, source, booking_channel, party_size,
                        service_date, starts_at, ends_at, guest_id, restaurant_id, shift_id, modification_token,
                        cancellation_reason, created_at, updated_at{columns})
                    SELECT id, 'resv_' || left(md5(%(salt)s || n::text), 24), status, source, channel, party,
                           day, starts, starts + make_interval(mins => CASE WHEN party >= 7 THEN 120 ELSE 90 END),
                           guest0 + (n * 7919) %% nguests, rid, CASE WHEN at_lunch THEN lunch ELSE dinner END,
                           md5('t' || %(salt)s || n::text) || md5('u' || %(salt)s || n::text),
                           CASE WHEN status = 'cancelled' THEN 'partner_api' ELSE '' END,
                           starts - interval '9 days', starts - interval '1 day'{placeholders}
                    FROM shaped
                    RETURNING id
                )
                INSERT INTO reservations_reservation_tables (reservation_id, table_id)
                SELECT id, tid FROM rows
                """,
                {**args, "salt": f"{salt}-{label}-", **named},
            )
            done += n
            rate = done / (time.perf_counter() - started)
            log(f"  {label}: {done:,}/{total:,} bookings ({rate:,.0f}/s)")
        cursor.execute("SET session_replication_role = DEFAULT")
    set_sequences("reservations_reservation", "reservations_reservation_tables")
    return total


# ---------------------------------------------------------------- the whole data set


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


def seed(source: dict | None = None) -> dict:
    """Build the bench data set in the current database; with `source` (the bench data set's
    marker), build its no-history twin instead: the busy restaurant and its live bookings of
    the measured month, drawn by the same code from the same seed and day, nothing else."""
    from django.db import connection, transaction

    from apikeys.models import ApiKey
    from apikeys.secrets import hash_secret
    from apikeys.services import mint_key
    from reservations.models import Reservation, Restaurant

    history = source is None
    started = time.perf_counter()
    rng = random.Random(20261121)
    today = today_local() if history else dt.date.fromisoformat(source["today"])
    month_first = measured_month_start(today)
    month_last = month_end(month_first)
    measured = month_first + dt.timedelta(days=14)
    salt = f"v{SEED_VERSION}-{today.isoformat()}"
    what = "Seeding" if history else "Seeding the no-history twin"
    log(f"{what}: measured day {measured}, measured month {month_first:%Y-%m} (today {today})")

    with transaction.atomic():
        busy = make_restaurant("bench-busy", "Bench Busy", raised=True, big=True)
        if not history:
            busy.public_id = source["busy"]["public_id"]
        empty, writers, others = None, [], []
        if history:
            empty = make_restaurant("bench-empty", "Bench Empty", raised=True, big=True)
            writers = [
                make_restaurant(f"bench-writer-{i + 1:02d}", f"Bench Writer {i + 1:02d}", raised=True, big=True)
                for i in range(WRITERS)
            ]
            others = [
                make_restaurant(f"bench-other-{i + 1:02d}", f"Bench Other {i + 1:02d}", raised=False, big=False)
                for i in range(OTHER_RESTAURANTS)
            ]
        bigs = [busy, empty, *writers] if history else [busy]
        Restaurant.objects.bulk_create([*bigs, *others])
        big = build_big_layouts(bigs, month_first)
        small = build_small_layouts(others) if others else []
        log(f"  restaurants and floors: {len(bigs)} big, {len(others)} small ({time.perf_counter() - started:.1f}s)")

        keys = {}
        for restaurant in bigs:
            keys[restaurant.pk] = mint_key(restaurant=restaurant, name="Bench key", scopes=ALL_SCOPES).secret
        if not history:  # the same secret as the bench data set's busy key: one bearer for both databases
            secret = source["busy"]["key"]
            ApiKey.objects.filter(restaurant=busy).update(secret_hash=hash_secret(secret), last4=secret[-4:])
            keys[busy.pk] = secret

        guests = seed_guests([(busy, BUSY_GUESTS)] + [(o, OTHER_GUESTS) for o in others], salt)
        log(f"  guests: {BUSY_GUESTS + OTHER_GUESTS * len(others):,} ({time.perf_counter() - started:.1f}s)")

        # Live bookings of the busy restaurant: the measured day, its month, the rest of the window.
        days: dict[dt.date, int] = {}
        others_in_month = [
            month_first + dt.timedelta(days=i)
            for i in range((month_last - month_first).days + 1)
            if month_first + dt.timedelta(days=i) != measured
        ]
        rest = MEASURED_MONTH_BOOKINGS - MEASURED_DAY_BOOKINGS
        for i, date in enumerate(others_in_month):
            days[date] = rest // len(others_in_month) + (1 if i < rest % len(others_in_month) else 0)
        days[measured] = MEASURED_DAY_BOOKINGS
        window_end = today + dt.timedelta(days=busy.max_advance_days)
        date = today + dt.timedelta(days=1)
        while date <= window_end:
            if not (month_first <= date <= month_last):
                days[date] = OTHER_FUTURE_PER_DAY
            date += dt.timedelta(days=1)
        busy_layout = big[0]
        live_outside = sum(days.values()) - MEASURED_MONTH_BOOKINGS

        if history:
            # History first, live bookings last: the bookings of future dates are the newest rows
            # (highest ids), as in a real database; query plans are sensitive to that.
            history_busy = TOTAL_OTHER - OTHER_RESTAURANTS * OTHER_PER_RESTAURANT - live_outside
            with secondary_indexes_dropped("reservations_reservation", "reservations_reservation_tables"):
                seed_history(
                    [busy_layout],
                    guests,
                    history_busy,
                    today - dt.timedelta(days=HISTORY_DAYS),
                    HISTORY_DAYS,
                    salt,
                    "busy history",
                )
                seed_history(
                    small,
                    guests,
                    OTHER_PER_RESTAURANT,
                    today - dt.timedelta(days=HISTORY_DAYS),
                    HISTORY_DAYS,
                    salt,
                    "other restaurants",
                )
            log(f"  history done ({time.perf_counter() - started:.1f}s)")

        keep = None if history else (lambda d: month_first <= d <= month_last)
        live = seed_live_bookings(busy_layout, days, guests[busy.pk], rng, keep=keep)
        log(
            f"  busy live bookings: {live['reservations']:,} with {live['allocations']:,} allocations "
            f"({time.perf_counter() - started:.1f}s)"
        )

        counts = {
            "reservations_total": Reservation.objects.count(),
            "busy_measured_day_live": Reservation.objects.filter(
                restaurant=busy, service_date=measured, status__in=("confirmed", "pending")
            ).count(),
            "busy_measured_month_live": Reservation.objects.filter(
                restaurant=busy,
                service_date__range=(month_first, month_last),
                status__in=("confirmed", "pending"),
            ).count(),
        }
        counts["other_dates_and_restaurants"] = counts["reservations_total"] - counts["busy_measured_month_live"]
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM reservations_tableallocation")
            counts["allocations"] = cursor.fetchone()[0]
            cursor.execute("SELECT count(*) FROM guests_guest")
            counts["guests"] = cursor.fetchone()[0]
            cursor.execute(
                "SELECT count(*) FROM reservations_reservation r LEFT JOIN guests_guest g ON g.id = r.guest_id "
                "WHERE g.id IS NULL OR g.restaurant_id <> r.restaurant_id"
            )
            if cursor.fetchone()[0]:
                raise RuntimeError("seeded bookings point at missing guests or another restaurant's guests")

        def ref(r):
            return {"pk": r.pk, "public_id": r.public_id, "slug": r.slug, "key": keys[r.pk]}

        info = {
            "seed_version": SEED_VERSION,
            "kind": "full" if history else "nohistory",
            "seeded_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "today": today.isoformat(),
            "measured_date": measured.isoformat(),
            "month": f"{month_first:%Y-%m}",
            "month_first": month_first.isoformat(),
            "month_last": month_last.isoformat(),
            "busy": ref(busy),
            "counts": counts,
            "month_fingerprint": live_fingerprint(busy.pk, month_first, month_last),
        }
        if history:
            info["empty"] = ref(empty)
            info["writers"] = [ref(w) for w in writers]
        else:
            info["source_seeded_at"] = source["seeded_at"]
        write_marker(info)
    log("  VACUUM ANALYZE")
    with connection.cursor() as cursor:
        for table in (
            "reservations_reservation",
            "reservations_reservation_tables",
            "reservations_tableallocation",
            "guests_guest",
        ):
            cursor.execute(f"VACUUM ANALYZE {table}")
        cursor.execute("ANALYZE")
    info["seconds"] = round(time.perf_counter() - started, 1)
    write_marker(info)
    log(f"Seeded in {info['seconds']}s: {json.dumps(counts)}")
    return info


def main(argv: list[str]) -> int:
    setup_django()
    force = "--force" in argv
    info = ensure_seeded(force=force)
    twin = ensure_nohistory_seeded(info, force=force)
    for marker in (info, twin):
        print(json.dumps({k: v for k, v in marker.items() if k not in ("busy", "empty", "writers")}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
