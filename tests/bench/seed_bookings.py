"""The bench seeds' bookings: the busy restaurant's live bookings (turns of every table that never
overlap, within the covers caps, with their tables and allocations, by COPY) and the history of
final bookings generated inside PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from dataclasses import dataclass

from tests.bench.environment import log
from tests.bench.seed_restaurants import Layout, floors_of
from tests.bench.seed_spec import (
    APPROVAL_FROM,
    EARLY_LAST,
    EVENING_FIRST,
    EVENING_LAST,
    LUNCH_FIRST,
    LUNCH_LAST,
    PAIR_A,
    PAIR_B,
    SEATING,
    SHIFTS,
    TABLE_SHAPES,
    TZ,
    TZ_NAME,
)
from tests.bench.seed_sql import _sql_defaults, copy_rows, next_id, set_sequences, token

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
