"""The tenfold bench database: issue 14's "every figure with the day's bookings ten times larger".

    python -m tests.bench.seed_tenfold [--force]

Its own database (BENCH_TENFOLD_DATABASE_URL, default the bench database's name + "_tenfold"),
built by the bench seed's helpers (tests/bench/seed_*.py) and reused while current (same rules
as the bench data set: its marker, SEED_VERSION and a measured month still in the future). Two
restaurants of the busy restaurant's shape that differ only in size:

* **one**: the busy floor (4 sections, 60 tables), 5,000 guests, 400 live bookings on each of
  the measured day and the days either side of it;
* **ten**: ten copies of that floor (40 sections, 600 tables, every cover cap ten times higher),
  50,000 guests, 4,000 live bookings on each of those three days.

No other booking: the history's weight is bench_availability's subject (with and without
history); here only the size of the day changes. The neighbouring days are there so that the
day's filters have something to leave out.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import sys
import time

from tests.bench.bench_common import (
    BENCH_DATABASE_URL,
    _sibling_url,
    create_database,
    database_exists,
    log,
    migrate,
    setup_django,
    use_database,
)
from tests.bench.seed_bookings import seed_live_bookings
from tests.bench.seed_restaurants import build_big_layouts, make_restaurant, seed_guests
from tests.bench.seed_spec import (
    ALL_SCOPES,
    BUSY_GUESTS,
    MEASURED_DAY_BOOKINGS,
    SEED_VERSION,
    marker_is_current,
    measured_month_start,
    read_marker,
    today_local,
    write_marker,
)

TENFOLD_DATABASE_URL = os.environ.get("BENCH_TENFOLD_DATABASE_URL", _sibling_url(BENCH_DATABASE_URL, "_tenfold"))
TENFOLD_VERSION = 1  # bump when this data set changes
SIZES = {"one": 1, "ten": 10}  # restaurant -> copies of the busy floor


def is_current(marker: dict | None) -> bool:
    return marker_is_current(marker) and marker.get("kind") == "tenfold" and marker.get("version") == TENFOLD_VERSION


def ensure_tenfold_seeded(force: bool = False) -> dict:
    """The tenfold data set's marker, building the database first when needed. Django must be set up."""
    from django.db import connections

    url = TENFOLD_DATABASE_URL
    if url == BENCH_DATABASE_URL:
        raise SystemExit("BENCH_TENFOLD_DATABASE_URL names the bench database itself")
    with use_database(url):
        marker = read_marker() if not force and database_exists(url) else None
        if is_current(marker):
            migrate()
            log(f"Tenfold bench data present (seeded {marker['seeded_at']}, measured day {marker['measured_date']})")
            return marker
        log("Tenfold bench data missing or stale: rebuilding the tenfold database")
        connections.close_all()
        create_database(drop=True, database_url=url)
        migrate()
        return seed()


def seed() -> dict:
    from django.db import connection, transaction

    from apikeys.services import mint_key
    from reservations.models import Restaurant

    started = time.perf_counter()
    rng = random.Random(20261121)
    today = today_local()
    month_first = measured_month_start(today)
    measured = month_first + dt.timedelta(days=14)
    salt = f"tenfold-v{TENFOLD_VERSION}-{today.isoformat()}"
    info = {
        "seed_version": SEED_VERSION,
        "kind": "tenfold",
        "version": TENFOLD_VERSION,
        "today": today.isoformat(),
        "measured_date": measured.isoformat(),
        "month_first": month_first.isoformat(),
    }
    with transaction.atomic():
        restaurants = {
            name: make_restaurant(f"bench-tenfold-{name}", f"Bench Tenfold {name}", raised=True, big=True)
            for name in SIZES
        }
        Restaurant.objects.bulk_create(restaurants.values())
        for name, floors in SIZES.items():
            restaurant = restaurants[name]
            [layout] = build_big_layouts([restaurant], month_first, floors=floors)
            key = mint_key(restaurant=restaurant, name="Bench key", scopes=ALL_SCOPES).secret
            guests = seed_guests([(restaurant, BUSY_GUESTS * floors)], salt)
            days = {measured + dt.timedelta(days=d): MEASURED_DAY_BOOKINGS * floors for d in (-1, 0, 1)}
            live = seed_live_bookings(layout, days, guests[restaurant.pk], rng)
            info[name] = {
                "pk": restaurant.pk,
                "public_id": restaurant.public_id,
                "key": key,
                "tables": len(layout.tables),
                "guests": BUSY_GUESTS * floors,
                "measured_day_bookings": days[measured],
                **live,
            }
            log(
                f"  {name}: {len(layout.tables)} tables, {live['reservations']:,} bookings ({time.perf_counter() - started:.1f}s)"
            )
        info["seeded_at"] = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        write_marker(info)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    log(f"Tenfold bench data seeded in {time.perf_counter() - started:.1f}s")
    return info


def main(argv: list[str]) -> int:
    setup_django()
    info = ensure_tenfold_seeded(force="--force" in argv)
    print(json.dumps({k: v for k, v in info.items() if k not in SIZES}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
