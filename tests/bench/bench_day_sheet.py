"""Issue 11: the host's day sheet with 400 bookings, under gunicorn, against GET /v1/ping.

    python -m tests.bench.bench_day_sheet        (scripts/bench.sh runs it)

Its own small database (BENCH_DAYSHEET_DATABASE_URL, default the bench database's name plus
`_daysheet`), seeded on every run: one restaurant with 60 tables, lunch and dinner, 400
bookings of every status on the measured date (plus a few live holds), and a host. The sheet
(`GET /admin/day/`, the host's session cookie) and the ping (a key) are measured interleaved in
the same windows; the target is a median within 10 x the ping's. The query count is measured
in process with 4 and with 400 bookings: it must not move.
"""

import datetime as dt
import os
import sys

from tests.bench.bench_common import (
    BENCH_DATABASE_URL,
    CpuMeter,
    Http,
    Probe,
    Row,
    Server,
    _sibling_url,
    cpu_note,
    expect,
    fmt_ms,
    host_session,
    log,
    measure_interleaved,
    print_table,
    ratio,
    save,
    scaled,
)

DATABASE_URL = os.environ.get("BENCH_DAYSHEET_DATABASE_URL", _sibling_url(BENCH_DATABASE_URL, "_daysheet"))
BOOKINGS = 400
DAY = dt.date(2026, 12, 5)
STATUSES = ["confirmed"] * 6 + ["pending", "seated", "completed", "cancelled", "no_show", "partially_seated"]


def setup() -> None:
    os.environ["BENCH_DATABASE_URL"] = DATABASE_URL
    from tests.bench import environment  # where the toolkit's functions read it

    environment.BENCH_DATABASE_URL = DATABASE_URL
    environment.create_database(drop=True, database_url=DATABASE_URL)
    environment.setup_django()


def seed(bookings: int, name: str) -> dict:
    from config.formats import zone
    from tests.bench.seed_spec import RAISED_BUDGETS
    from tests.factories import (
        FloorPlanFactory,
        GuestFactory,
        HoldFactory,
        ReservationFactory,
        RestaurantFactory,
        SectionFactory,
        ShiftFactory,
        TableFactory,
        make_key,
    )

    # The API's budgets raised as for the other bench restaurants: the measured pings are reads, and
    # ten rounds of them outrun the default read budget (100 at 20/s) on a fast machine.
    restaurant = RestaurantFactory(name=name, **RAISED_BUDGETS)
    plan = FloorPlanFactory(restaurant=restaurant)
    sections = [SectionFactory(floor_plan=plan, name=f"Room {i}") for i in range(3)]
    tables = [
        TableFactory(section=sections[i % 3], name=f"T{i}", min_capacity=1, max_capacity=4 + i % 5, position=i)
        for i in range(60)
    ]
    lunch = ShiftFactory(floor_plan=plan, name="Lunch", start_time=dt.time(12), end_time=dt.time(15), max_covers=600)
    dinner = ShiftFactory(
        floor_plan=plan,
        name="Dinner",
        start_time=dt.time(18),
        end_time=dt.time(23),
        max_covers=900,
        max_covers_per_slot=120,
    )
    tz = zone(restaurant.timezone)
    for n in range(bookings):
        shift = lunch if n % 3 == 0 else dinner
        start_hour = 12 if shift is lunch else 18
        minutes = 30 * ((n // 60) % (6 if shift is lunch else 10))
        starts_at = dt.datetime.combine(DAY, dt.time(start_hour), tzinfo=tz) + dt.timedelta(minutes=minutes)
        guest = GuestFactory(
            restaurant=restaurant,
            first_name=f"Guest{n}",
            last_name="Bench",
            phone=f"+336{n:08d}",
            vip=n % 17 == 0,
            allergies=["nuts"] if n % 23 == 0 else [],
        )
        booking = ReservationFactory(
            restaurant=restaurant,
            shift=shift,
            service_date=DAY,
            starts_at=starts_at,
            ends_at=starts_at + dt.timedelta(minutes=30),
            party_size=2 + n % 5,
            status=STATUSES[n % len(STATUSES)],
            guest=guest,
            guest_notes="Window" if n % 7 == 0 else None,
            internal_notes="Regular" if n % 11 == 0 else None,
            tables=[tables[n % 60]],
            allocations=False,
        )
        del booking
    for i in range(5):
        HoldFactory(restaurant=restaurant, shift=dinner, service_date=DAY, tables=[tables[i]], allocations=False)
    user, session_key = host_session(restaurant)
    _key, secret = make_key(restaurant)
    return {"restaurant": restaurant, "user": user, "session": session_key, "key": secret}


def count_sheet_queries(world: dict) -> int:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(world["user"])
    path = f"/admin/day/?r={world['restaurant'].public_id}&date={DAY.isoformat()}"
    assert client.get(path).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200
    return len(captured)


def run() -> dict:
    setup()
    log(f"Seeding {BOOKINGS} bookings on {DAY} (and a 4-booking twin)")
    small = seed(4, "Bench small")
    big = seed(BOOKINGS, "Bench day sheet")
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # what autovacuum does to a live database: the planner's statistics
    queries = {"4 bookings": count_sheet_queries(small), f"{BOOKINGS} bookings": count_sheet_queries(big)}
    path = f"/admin/day/?r={big['restaurant'].public_id}&date={DAY.isoformat()}"
    cookie = {"Cookie": f"sessionid={big['session']}"}
    per_round, rounds = scaled(20, minimum=5), 10
    with Server(database_url=DATABASE_URL, name="gunicorn-daysheet") as server:
        http = Http(server.port, big["key"])
        page = expect(http.get(path, headers=cookie, key=None), 200, "day sheet")
        rows_shown = page.body.count(b'<tr id="row-')
        if rows_shown != BOOKINGS:
            raise RuntimeError(f"the sheet shows {rows_shown} bookings, not {BOOKINGS}")
        probes = [
            Probe("ping", lambda: expect(http.get("/v1/ping"), 200, "ping"), per_round),
            Probe("day_sheet", lambda: expect(http.get(path, headers=cookie, key=None), 200, "sheet"), per_round),
        ]
        log(f"Measuring {rounds} interleaved rounds of {per_round} requests each")
        meter = CpuMeter(server.process.pid)
        meter.start()
        samples = measure_interleaved(probes, rounds=rounds, warmup=scaled(10, minimum=3))
        cpu = meter.stop()
        http.close()
        server_config = server.config.describe()
    from tests.bench.bench_common import summary

    stats = {name: summary(values) for name, values in samples.items()}
    ping, sheet = stats["ping"], stats["day_sheet"]
    times = ratio(sheet["median_ms"], ping["median_ms"])
    fixed = queries["4 bookings"] == queries[f"{BOOKINGS} bookings"]
    passed = times <= 10 and fixed
    rows = [
        Row("GET /v1/ping median (baseline)", "-", fmt_ms(ping["median_ms"])),
        Row(f"GET /admin/day/ ({BOOKINGS} bookings) median", "-", fmt_ms(sheet["median_ms"])),
        Row(f"GET /admin/day/ ({BOOKINGS} bookings) p99", "-", fmt_ms(sheet["p99_ms"])),
        Row("day sheet / ping (medians)", "<= 10x", f"{times:.1f}x", times <= 10),
        Row(
            "SQL queries: 4 / 400 bookings",
            "equal",
            f"{queries['4 bookings']} / {queries[f'{BOOKINGS} bookings']}",
            fixed,
        ),
        Row("page size", "-", f"{len(page.body) // 1024} KiB"),
    ]
    print_table(f"Issue 11: the day sheet ({server_config}; n={sheet['n']} per probe)", rows)
    print(cpu_note(cpu))
    result = {
        "issue": 11,
        "server": server_config,
        "cpu_seconds": cpu,
        "stats": stats,
        "ratio": round(times, 2),
        "queries": queries,
        "page_bytes": len(page.body),
        "passed": passed,
    }
    save("day_sheet", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
