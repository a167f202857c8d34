"""Issue 30: the host's timeline and list for a 400-cover night, and a move's round trip, under
gunicorn, against GET /v1/ping measured in the same run.

    python -m tests.bench.bench_host_pages        (scripts/bench.sh runs it)

Its own small database (BENCH_HOST_DATABASE_URL, default the bench database's name plus `_host`),
seeded on every run: one restaurant with 30 tables in three sections, a dinner of five turns,
150 bookings (about 400 covers) of every status, a few holds, a host. Measured interleaved in the
same windows: the ping (a key), the timeline (`GET /admin/floor/`), the list (`GET /admin/day/`),
and a move: the htmx POST a tap on a target cell sends (a booking to another table, back and forth),
its answer the updated lanes. Targets: each page within 8 x the ping's median, the move within 6 x;
the query count of each page the same with 6 and with 150 bookings (measured in process).
"""

import datetime as dt
import os
import secrets
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
    summary,
)

DATABASE_URL = os.environ.get("BENCH_HOST_DATABASE_URL", _sibling_url(BENCH_DATABASE_URL, "_host"))
DAY = dt.date.today() + dt.timedelta(days=7)
TABLES, TURNS = 30, 5
STATUSES = ["confirmed"] * 5 + ["seated", "pending", "completed", "partially_seated", "no_show", "cancelled"]
PAGE_TARGET, MOVE_TARGET = 8, 6


def setup() -> None:
    os.environ["BENCH_DATABASE_URL"] = DATABASE_URL
    from tests.bench import environment  # where the toolkit's functions read it

    environment.BENCH_DATABASE_URL = DATABASE_URL
    environment.create_database(drop=True, database_url=DATABASE_URL)
    environment.setup_django()


def seed(tables_used: int, name: str) -> dict:
    """A night: `tables_used` tables of 30 booked for the five turns (30 x 5 = 150 bookings)."""
    from config.formats import zone
    from tests.bench.seed_spec import RAISED_BUDGETS
    from tests.factories import (
        CombinationFactory,
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

    restaurant = RestaurantFactory(name=name, **RAISED_BUDGETS)
    plan = FloorPlanFactory(restaurant=restaurant)
    sections = [SectionFactory(floor_plan=plan, name=f"Room {i}", position=i) for i in range(3)]
    tables = [
        TableFactory(section=sections[i % 3], name=f"T{i}", min_capacity=1, max_capacity=2 + i % 5, position=i)
        for i in range(TABLES + 2)  # two spare tables: the move goes between them
    ]
    CombinationFactory(floor_plan=plan, tables=[tables[3], tables[6]], min_capacity=5, max_capacity=10)
    dinner = ShiftFactory(
        floor_plan=plan, name="Dinner", start_time=dt.time(17), end_time=dt.time(23, 45), slot_interval_minutes=15,
        seating_minutes=75, max_covers=600, max_covers_per_slot=120,
    )  # fmt: skip
    tz = zone(restaurant.timezone)
    for turn in range(TURNS):
        starts_at = dt.datetime.combine(DAY, dt.time(17), tzinfo=tz) + dt.timedelta(minutes=75 * turn)
        for t in range(tables_used):
            n = turn * TABLES + t
            ReservationFactory(
                restaurant=restaurant, shift=dinner, service_date=DAY, starts_at=starts_at,
                ends_at=starts_at + dt.timedelta(minutes=75), party_size=min(2 + n % 4, tables[t].max_capacity),
                status=STATUSES[n % len(STATUSES)], tables=[tables[t]],
                guest=GuestFactory(restaurant=restaurant, first_name=f"Guest{n}", last_name="Bench",
                                   vip=n % 17 == 0, allergies=["nuts"] if n % 23 == 0 else []),
                guest_notes="Window" if n % 7 == 0 else None,
            )  # fmt: skip
    for i in range(3):
        HoldFactory(restaurant=restaurant, shift=dinner, service_date=DAY, tables=[tables[i]], allocations=False)
    mover = ReservationFactory(
        restaurant=restaurant, shift=dinner, service_date=DAY,
        starts_at=dt.datetime.combine(DAY, dt.time(21), tzinfo=tz),
        ends_at=dt.datetime.combine(DAY, dt.time(22, 15), tzinfo=tz), party_size=2,
        tables=[tables[TABLES]], guest=GuestFactory(restaurant=restaurant, first_name="Mo", last_name="Ver"),
    )  # fmt: skip
    user, session_key = host_session(restaurant)
    _key, secret = make_key(restaurant)
    spare = (tables[TABLES].public_id, tables[TABLES + 1].public_id)
    return {"restaurant": restaurant, "user": user, "session": session_key, "key": secret,
            "mover": mover.public_id, "spare": spare, "shift": dinner.public_id}  # fmt: skip


def count_queries(world: dict, path: str) -> int:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(world["user"])
    assert client.get(path).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


def pages(world: dict) -> tuple[str, str]:
    query = f"?r={world['restaurant'].public_id}&date={DAY.isoformat()}"
    return f"/admin/floor/{query}", f"/admin/day/{query}"


def run() -> dict:
    setup()
    log("Seeding a 400-cover night (150 bookings over 30 tables) and a small twin")
    small = seed(tables_used=2, name="Bench host small")
    big = seed(tables_used=TABLES, name="Bench host night")
    from django.db import connection

    from reservations.models import Reservation

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    booked = Reservation.objects.filter(restaurant=big["restaurant"], service_date=DAY)
    covers = sum(booked.exclude(status__in=["cancelled", "no_show"]).values_list("party_size", flat=True))
    queries = {
        label: (count_queries(small, path_small), count_queries(big, path_big))
        for label, path_small, path_big in zip(("timeline", "list"), pages(small), pages(big), strict=True)
    }
    timeline, listing = pages(big)
    token = secrets.token_hex(16)  # the CSRF cookie and header a page would send
    headers = {"Cookie": f"sessionid={big['session']}; csrftoken={token}"}
    tap = {**headers, "X-CSRFToken": token, "HX-Request": "true", "Referer": "http://127.0.0.1/admin/floor/"}
    spare = list(big["spare"])

    def move():
        spare.reverse()  # to the other spare table, and back the next time
        form = {"reservation": big["mover"], "action": "move", "tables": spare[0], "view": "timeline",
                "shown_date": DAY.isoformat(), "service": big["shift"]}  # fmt: skip
        reply = expect(http.request("POST", "/admin/day/move/", form=form, headers=tap, key=None), 200, "move")
        if b"moved." not in reply.body:
            raise RuntimeError(f"the move was refused: {reply.body[:600]!r}")
        return reply

    per_round, rounds = scaled(20, minimum=5), 10
    with Server(database_url=DATABASE_URL, name="gunicorn-host") as server:
        http = Http(server.port, big["key"])
        shown = expect(http.get(timeline, headers=headers, key=None), 200, "timeline")
        bars = shown.body.count(b'class="tl-bar st-')
        listed = expect(http.get(listing, headers=headers, key=None), 200, "list").body.count(b'<tr id="row-')
        if listed != booked.count():
            raise RuntimeError(f"the list shows {listed} bookings, not {booked.count()}")
        probes = [
            Probe("ping", lambda: expect(http.get("/v1/ping"), 200, "ping"), per_round),
            Probe("timeline", lambda: expect(http.get(timeline, headers=headers, key=None), 200, "tl"), per_round),
            Probe("list", lambda: expect(http.get(listing, headers=headers, key=None), 200, "list"), per_round),
            Probe("move", move, per_round),
        ]
        log(f"Measuring {rounds} interleaved rounds of {per_round} requests each")
        meter = CpuMeter(server.process.pid)
        meter.start()
        samples = measure_interleaved(probes, rounds=rounds, warmup=scaled(10, minimum=3))
        cpu = meter.stop()
        http.close()
        server_config = server.config.describe()
    stats = {name: summary(values) for name, values in samples.items()}
    ping = stats["ping"]["median_ms"]
    times = {name: ratio(stats[name]["median_ms"], ping) for name in ("timeline", "list", "move")}
    flat = all(a == b for a, b in queries.values())
    passed = times["timeline"] <= PAGE_TARGET and times["list"] <= PAGE_TARGET and times["move"] <= MOVE_TARGET and flat
    rows = [
        Row("GET /v1/ping median (baseline)", "-", fmt_ms(ping)),
        Row(f"GET /admin/floor/ ({covers} covers, {bars} bars) median", "-", fmt_ms(stats["timeline"]["median_ms"])),
        Row("timeline / ping", f"<= {PAGE_TARGET}x", f"{times['timeline']:.2f}x", times["timeline"] <= PAGE_TARGET),
        Row(f"GET /admin/day/ ({listed} rows) median", "-", fmt_ms(stats["list"]["median_ms"])),
        Row("list / ping", f"<= {PAGE_TARGET}x", f"{times['list']:.2f}x", times["list"] <= PAGE_TARGET),
        Row("POST a move (htmx, updated lanes) median", "-", fmt_ms(stats["move"]["median_ms"])),
        Row("move / ping", f"<= {MOVE_TARGET}x", f"{times['move']:.2f}x", times["move"] <= MOVE_TARGET),
        *[
            Row(f"SQL queries of the {label}: 6 / 150 bookings", "equal", f"{a} / {b}", a == b)
            for label, (a, b) in queries.items()
        ],
        Row("timeline page size", "-", f"{len(shown.body) // 1024} KiB"),
    ]
    print_table(f"Issue 30: the host's pages ({server_config}; n={stats['ping']['n']} per probe)", rows)
    print(cpu_note(cpu))
    result = {"issue": 30, "server": server_config, "cpu_seconds": cpu, "stats": stats,
              "ratios": {k: round(v, 2) for k, v in times.items()}, "queries": queries, "covers": covers,
              "passed": passed}  # fmt: skip
    save("host_pages", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
