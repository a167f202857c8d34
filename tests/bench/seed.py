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

This module builds and checks; the parts live beside it: seed_spec (the data set's sizes,
floor and services, its marker), seed_restaurants (restaurants, floors, guests),
seed_bookings (live bookings and history) and seed_sql (bulk-loading helpers).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import sys
import time

from tests.bench.environment import (
    BENCH_NOHISTORY_DATABASE_URL,
    _db_params,
    create_database,
    database_exists,
    log,
    migrate,
    setup_django,
    use_database,
)
from tests.bench.seed_bookings import seed_history, seed_live_bookings
from tests.bench.seed_restaurants import build_big_layouts, build_small_layouts, make_restaurant, seed_guests
from tests.bench.seed_spec import (
    ALL_SCOPES,
    BUSY_GUESTS,
    HISTORY_DAYS,
    MEASURED_DAY_BOOKINGS,
    MEASURED_MONTH_BOOKINGS,
    OTHER_FUTURE_PER_DAY,
    OTHER_GUESTS,
    OTHER_PER_RESTAURANT,
    OTHER_RESTAURANTS,
    SEED_VERSION,
    TOTAL_OTHER,
    WRITERS,
    live_fingerprint,
    marker_is_current,
    measured_month_start,
    month_end,
    nohistory_marker_is_current,
    read_marker,
    today_local,
    write_marker,
)
from tests.bench.seed_spec import RAISED_BUDGETS as RAISED_BUDGETS  # imported from here (deploy/drills.py)
from tests.bench.seed_sql import secondary_indexes_dropped


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
    migrate()
    return seed()


def ensure_nohistory_seeded(source: dict, force: bool = False) -> dict:
    """The marker of the no-history twin of `source` (the bench data set's marker), building
    it first when needed. Leaves this process's connection on the bench database."""
    from django.db import connections

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


# ---------------------------------------------------------------- the whole data set


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
