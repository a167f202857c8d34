"""Issue 4: creates and the reservation list under gunicorn, and 20 concurrent bookers.

    python -m tests.bench.bench_reservations

1. Sequential, interleaved with ping: POST /v1/reservations on the busy restaurant
   (a unique Idempotency-Key each, party of 2 on slots of the measured month that
   availability offers; each booking is cancelled right after, untimed, so the month
   keeps its 10,000 bookings) and GET /v1/reservations?limit=100&expand=guest.
2. Concurrent: 20 client threads, each with its own keep-alive connection, book for
   BENCH_CONCURRENT_SECONDS (default 20) across the 20 writer restaurants (random
   restaurant, one of 8 dates, a random seating time and party size 1-6). Throughput
   is the 201s over the wall time. Afterwards SQL checks: no two overlapping
   allocations of one table, no two live bookings sharing a table at an overlapping
   time, every live booking's allocations are its tables, covers caps respected, and
   one booking per 201.

Rows the benchmark writes carry metadata {"bench": ...} (busy restaurant) or live in
the writer restaurants; both are deleted at the start of each run.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import os
import random
import sys
import threading
import time
import uuid
from collections import Counter

from tests.bench.bench_common import (
    BENCH_REDIS_URL,
    CpuMeter,
    Http,
    Probe,
    Row,
    Server,
    clear_policy_cache,
    count_queries,
    cpu_note,
    expect,
    fmt_ms,
    log,
    measure_interleaved,
    print_table,
    ratio,
    save,
    scaled,
    setup_django,
    start_py_spy,
    summarize_py_spy,
    summary,
)

CONCURRENT_CLIENTS = 20
CONCURRENT_SECONDS = float(os.environ.get("BENCH_CONCURRENT_SECONDS", "20"))
SPY = os.environ.get("BENCH_PYSPY") == "1"  # sample the workers with py-spy during the concurrent run
PROJECT_FRAMES = (
    "(config/",
    "(reservations/",
    "(guests/",
    "(holds/",
    "(apikeys/",
    "(views.py",
    "(idempotency.py",
    "(create.py",
    "(engine_data.py",
    "(decide.py",
)
OCCUPYING = ("awaiting_guarantee", "pending", "confirmed", "partially_seated", "seated")


def cleanup(info: dict) -> None:
    """Forget what earlier runs wrote (ORM deletes, so every cascade the models declare runs)."""
    from apikeys.models import IdempotencyRecord
    from holds.models import Hold
    from reservations.models import Reservation

    started = time.perf_counter()
    writers = [w["pk"] for w in info["writers"]]
    bench_pks = [info["busy"]["pk"], info["empty"]["pk"], *writers]
    deleted = Reservation.objects.filter(restaurant_id=info["busy"]["pk"], metadata__has_key="bench").delete()[0]
    deleted += Reservation.objects.filter(restaurant_id__in=writers).delete()[0]
    deleted += Hold.objects.filter(restaurant_id=info["busy"]["pk"], metadata__has_key="bench").delete()[0]
    deleted += IdempotencyRecord.objects.filter(restaurant_id__in=bench_pks).delete()[0]
    log(f"Removed {deleted} rows of earlier runs ({time.perf_counter() - started:.1f}s)")
    drop_queued_emails()


def drop_queued_emails() -> None:
    """Empty the Celery queue of the bench Redis: the guest e-mails earlier runs' creates queued
    (bench_env points the server's broker there; no worker consumes it)."""
    import redis

    client = redis.Redis.from_url(BENCH_REDIS_URL)
    queued = client.llen("celery")
    client.delete("celery")
    if queued:
        log(f"Dropped {queued} queued guest e-mails of earlier runs from {BENCH_REDIS_URL}")


def open_slots(http: Http, dates: list[str], party: int) -> list[tuple[str, str]]:
    slots = []
    for date in dates:
        body = expect(
            http.get(f"/v1/availability?service_date={date}&party_size={party}"),
            200,
            "availability",
        ).json()
        for shift in body["shifts"]:
            slots += [(date, slot["time"]) for slot in shift["slots"]]
    return slots


def create_body(date: str, time_: str, party: int, guest: dict, tag: str) -> dict:
    return {
        "service_date": date,
        "start_time": time_,
        "party_size": party,
        "guest": guest,
        "guest_notes": "Window seat if possible",
        "metadata": {"bench": tag},
    }


def after_a_write(http: Http, path: str, slots: list[tuple[str, str]], label: str):
    """A probe's call for the first answer after a write: a booking of 2 made on the slots' day and
    cancelled (two writes, one table's: untimed; none left behind for other probes to run into),
    then `path` asked, timed."""
    cycle, counter = itertools.cycle(slots), itertools.count()

    def write() -> None:
        for _ in slots:  # a slot another probe took meanwhile is refused: the next one
            guest = {"first_name": "Ann", "last_name": "Writer", "email": f"writer{next(counter) % 50}@example.com"}
            body = create_body(*next(cycle), 2, guest, "after-a-write")
            reply = http.request("POST", "/v1/reservations", body=body, headers={"Idempotency-Key": str(uuid.uuid4())})
            if reply.status == 201:
                expect(http.request("POST", f"/v1/reservations/{reply.json()['id']}/cancel"), 200, "cancel")
                return
        raise RuntimeError(f"no slot left to book before {label}")

    def call():
        write()
        return expect(http.get(path), 200, label)

    return call


LAPSE_IN = 0.05  # seconds: how soon `after_a_lapse` brings a hold's deadline


def after_a_lapse(http: Http, path: str, slots: list[tuple[str, str]], label: str):
    """A probe's call for the first answer after a basket hold's lapse (no write: its tables free at
    its deadline): a hold of 2 taken on the slots' day, its deadline brought to LAPSE_IN seconds from
    now in the database (the API clamps a basket's to five minutes at least) and `path` asked while it
    holds its table, all untimed; then, once the deadline has passed, `path` asked again, timed."""
    from django.db import connection, transaction

    from holds.models import Hold
    from reservations.models import TableAllocation

    cycle = itertools.cycle(slots)

    def take() -> str:
        for _ in slots:  # a slot another probe took meanwhile is refused: the next one
            date, time_ = next(cycle)
            body = {"service_date": date, "start_time": time_, "party_size": 2, "metadata": {"bench": "after-a-lapse"}}
            reply = http.request("POST", "/v1/holds", body=body, headers={"Idempotency-Key": str(uuid.uuid4())})
            if reply.status == 201:
                return reply.json()["id"]
        raise RuntimeError(f"no slot left to hold before {label}")

    def bring_deadline(public_id: str) -> float:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {Hold._meta.db_table} SET expires_at = clock_timestamp() + %s * interval '1 second' "
                "WHERE public_id = %s RETURNING id, expires_at",
                [LAPSE_IN, public_id],
            )
            pk, deadline = cursor.fetchone()
            allocations = TableAllocation._meta.db_table
            cursor.execute(f"UPDATE {allocations} SET expires_at = %s WHERE hold_id = %s", [deadline, pk])
        return deadline.timestamp()

    def call():
        deadline = bring_deadline(take())
        expect(http.get(path), 200, label)  # the answer kept with the hold live
        time.sleep(max(0.0, deadline - time.time()) + 0.002)
        return expect(http.get(path), 200, label)

    return call


def sequential(info: dict, port: int) -> tuple[dict, dict]:
    key = info["busy"]["key"]
    http = Http(port, key)
    month_first = dt.date.fromisoformat(info["month_first"])
    measured = dt.date.fromisoformat(info["measured_date"])
    dates = [
        (month_first + dt.timedelta(days=d)).isoformat()
        for d in range(3, 28, 3)
        if month_first + dt.timedelta(days=d) != measured
    ]
    slots = open_slots(http, dates, 2)
    if not slots:
        raise RuntimeError("no open slot for a party of 2 in the measured month")
    log(f"{len(slots)} open slots for a party of 2 on {len(dates)} dates of the measured month")
    cycle = itertools.cycle(slots)
    counter = itertools.count()
    canceller = Http(port, key)

    def create():
        n = next(counter)
        date, time_ = next(cycle)
        if n % 2:
            guest = {
                "first_name": "Camille",
                "last_name": "Martin",
                "email": f"guest{n % 5000}.{info['busy']['pk']}@example.com",
            }  # a known guest
        else:
            guest = {
                "first_name": "Alex",
                "last_name": "Nouveau",
                "email": f"new-{uuid.uuid4().hex[:12]}@example.com",
            }
        reply = http.request(
            "POST",
            "/v1/reservations",
            body=create_body(date, time_, 2, guest, "sequential"),
            headers={"Idempotency-Key": str(uuid.uuid4())},
        )
        expect(reply, 201, "create")
        public_id = reply.json()["id"]
        expect(canceller.request("POST", f"/v1/reservations/{public_id}/cancel"), 200, "cancel")
        return reply

    n = scaled(150)
    probes = [
        Probe("ping", lambda: expect(http.get("/v1/ping"), 200, "ping"), n),
        Probe("create", create, n // 2),
        Probe(
            "list",
            lambda: expect(http.get("/v1/reservations?limit=100&expand=guest"), 200, "list"),
            n // 2,
        ),
    ]
    log("Measuring 10 interleaved rounds (ping, create + untimed cancel, list)")
    samples = measure_interleaved(probes, rounds=10, warmup=scaled(20, minimum=5))
    http.close()
    canceller.close()

    date, time_ = slots[0]

    def counted_create(email: str) -> int:
        body = create_body(date, time_, 2, {"first_name": "Q", "last_name": "Count", "email": email}, "queries")
        created = count_queries(
            "POST", "/v1/reservations", key, body=body, headers={"Idempotency-Key": str(uuid.uuid4())}
        )
        if created.status != 201:
            raise RuntimeError(f"create for the query count answered {created.status}: {created.body[:300]!r}")
        count_queries("POST", f"/v1/reservations/{json.loads(created.body)['id']}/cancel", key)
        return created.queries

    clear_policy_cache()
    cold = counted_create("count@example.com")  # this process's first: the policy cache is cold
    known = counted_create("count@example.com")  # the guest exists now
    new = counted_create(f"count-{uuid.uuid4().hex[:12]}@example.com")  # a new guest profile
    listed = count_queries("GET", "/v1/reservations?limit=100&expand=guest", key)
    listed_10 = count_queries("GET", "/v1/reservations?limit=10&expand=guest", key)
    queries = {
        "create_known_guest": known,
        "create_new_guest": new,
        "create_cold": cold,
        "list_100": listed.queries,
        "list_10": listed_10.queries,
    }
    return {name: summary(values) for name, values in samples.items()}, queries


def grid_times() -> list[str]:
    from tests.bench.seed import SHIFTS

    times = []
    for _, _, start, end, last, *_ in SHIFTS:
        minutes = start.hour * 60 + start.minute
        stop = (last or end).hour * 60 + (last or end).minute
        while minutes <= stop:
            times.append(f"{minutes // 60:02d}:{minutes % 60:02d}")
            minutes += 15
    return times


def concurrent(info: dict, port: int, seconds: float = CONCURRENT_SECONDS) -> dict:
    writers = info["writers"]
    month_first = dt.date.fromisoformat(info["month_first"])
    dates = [(month_first + dt.timedelta(days=d)).isoformat() for d in (2, 5, 9, 12, 16, 19, 23, 26)]
    times = grid_times()
    statuses: Counter = Counter()
    codes: Counter = Counter()
    latencies: list[float] = []
    lock = threading.Lock()
    start_barrier = threading.Barrier(CONCURRENT_CLIENTS + 1)
    deadline = [0.0]

    def client(index: int) -> None:
        rng = random.Random(index)
        connections = {w["pk"]: Http(port, w["key"]) for w in writers}
        local_status: Counter = Counter()
        local_codes: Counter = Counter()
        local_ms = []
        start_barrier.wait()
        n = 0
        while time.perf_counter() < deadline[0]:
            writer = writers[(index + n) % len(writers)] if rng.random() < 0.5 else rng.choice(writers)
            n += 1
            body = create_body(
                rng.choice(dates),
                rng.choice(times),
                rng.randint(1, 6),
                {
                    "first_name": "Sam",
                    "last_name": f"Client{index}",
                    "email": f"c{rng.randrange(300)}@example.com",
                },
                "concurrent",
            )
            reply = connections[writer["pk"]].request(
                "POST",
                "/v1/reservations",
                body=body,
                headers={"Idempotency-Key": str(uuid.uuid4())},
            )
            local_status[reply.status] += 1
            if reply.status == 201:
                local_ms.append(reply.ms)
            else:
                try:
                    error = reply.json()["error"]
                    violations = error.get("violations") or []
                    code = ",".join(v["code"] for v in violations) or error.get("code")
                except Exception:  # noqa: BLE001 - reported as unknown
                    code = "unparsable"
                local_codes[f"{reply.status} {code}"] += 1
        for conn in connections.values():
            conn.close()
        with lock:
            statuses.update(local_status)
            codes.update(local_codes)
            latencies.extend(local_ms)

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(CONCURRENT_CLIENTS)]
    for thread in threads:
        thread.start()
    deadline[0] = time.perf_counter() + seconds
    started = time.perf_counter()
    start_barrier.wait()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    created = statuses.get(201, 0)
    return {
        "clients": CONCURRENT_CLIENTS,
        "seconds": round(wall, 2),
        "created": created,
        "per_second": round(created / wall, 1),
        "statuses": dict(statuses),
        "refusals": dict(codes.most_common(10)),
        "create_latency_under_load": summary(latencies) if latencies else None,
    }


def double_booking_checks(info: dict) -> dict:
    """Facts read straight from the database after the concurrent run."""
    from django.db import connection

    writers = [w["pk"] for w in info["writers"]]
    checks = {}
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT count(*) FROM reservations_tableallocation a
            JOIN reservations_tableallocation b ON a.table_id = b.table_id AND a.id < b.id AND a.during && b.during
            WHERE a.restaurant_id = ANY(%s)
            """,
            [writers],
        )
        checks["overlapping_allocations"] = cursor.fetchone()[0]
        cursor.execute(
            """
            SELECT count(*) FROM reservations_reservation r1
            JOIN reservations_reservation_tables t1 ON t1.reservation_id = r1.id
            JOIN reservations_reservation_tables t2 ON t2.table_id = t1.table_id AND t2.reservation_id > r1.id
            JOIN reservations_reservation r2 ON r2.id = t2.reservation_id
            WHERE r1.restaurant_id = ANY(%s) AND r1.status = ANY(%s) AND r2.status = ANY(%s)
              AND tstzrange(r1.starts_at, coalesce(r1.ends_at, r1.starts_at + interval '1 minute'))
               && tstzrange(r2.starts_at, coalesce(r2.ends_at, r2.starts_at + interval '1 minute'))
            """,
            [writers, list(OCCUPYING), list(OCCUPYING)],
        )
        checks["live_bookings_sharing_a_table"] = cursor.fetchone()[0]
        cursor.execute(
            """
            SELECT count(*) FROM reservations_reservation r
            WHERE r.restaurant_id = ANY(%s) AND r.status = ANY(%s) AND
              (SELECT coalesce(array_agg(table_id ORDER BY table_id), '{}') FROM reservations_tableallocation a
                WHERE a.reservation_id = r.id)
              IS DISTINCT FROM
              (SELECT coalesce(array_agg(table_id ORDER BY table_id), '{}') FROM reservations_reservation_tables t
                WHERE t.reservation_id = r.id)
            """,
            [writers, list(OCCUPYING)],
        )
        checks["live_bookings_whose_allocations_differ_from_tables"] = cursor.fetchone()[0]
        cursor.execute(
            """
            SELECT count(*) FROM reservations_reservation r
            WHERE r.restaurant_id = ANY(%s) AND r.status = ANY(%s)
              AND NOT EXISTS (SELECT 1 FROM reservations_tableallocation a WHERE a.reservation_id = r.id)
            """,
            [writers, list(OCCUPYING)],
        )
        checks["live_bookings_without_tables"] = cursor.fetchone()[0]
        cursor.execute(
            """
            SELECT count(*) FROM (
              SELECT r.shift_id, r.service_date, sum(r.party_size) AS covers, s.max_covers
              FROM reservations_reservation r JOIN reservations_shift s ON s.id = r.shift_id
              WHERE r.restaurant_id = ANY(%s) AND r.status = ANY(%s) AND NOT r.excluded_from_shift_limits
              GROUP BY r.shift_id, r.service_date, s.max_covers
            ) x WHERE x.max_covers IS NOT NULL AND x.covers > x.max_covers
            """,
            [writers, list(OCCUPYING)],
        )
        checks["services_over_max_covers"] = cursor.fetchone()[0]
        cursor.execute(
            """
            SELECT count(*) FROM (
              SELECT sum(r.party_size) AS covers, s.max_covers_per_slot AS cap
              FROM reservations_reservation r JOIN reservations_shift s ON s.id = r.shift_id
              WHERE r.restaurant_id = ANY(%s) AND r.status = ANY(%s) AND NOT r.excluded_from_shift_limits
              GROUP BY r.shift_id, r.service_date, r.starts_at, s.max_covers_per_slot
            ) x WHERE x.cap IS NOT NULL AND x.covers > x.cap
            """,
            [writers, list(OCCUPYING)],
        )
        checks["slots_over_max_covers_per_slot"] = cursor.fetchone()[0]
        cursor.execute(
            """
            SELECT count(*), coalesce(max(covers), 0) FROM (
              SELECT r.shift_id, r.service_date, sum(r.party_size) AS covers
              FROM reservations_reservation r
              WHERE r.restaurant_id = ANY(%s) AND r.status = ANY(%s) GROUP BY 1, 2) x
            """,
            [writers, list(OCCUPYING)],
        )
        services, busiest = cursor.fetchone()
        cursor.execute("SELECT count(*) FROM reservations_reservation WHERE restaurant_id = ANY(%s)", [writers])
        checks["bookings_in_database"] = cursor.fetchone()[0]
    checks["busiest_service_covers"] = busiest
    checks["services_booked"] = services
    return checks


def run() -> dict:
    setup_django()
    from tests.bench.seed import ensure_seeded

    info = ensure_seeded()
    cleanup(info)
    with Server() as server:
        meter = CpuMeter(server.process.pid)
        meter.start()
        stats, queries = sequential(info, server.port)
        sequential_cpu = meter.stop()
        log(
            f"Concurrent creates: {CONCURRENT_CLIENTS} clients for {CONCURRENT_SECONDS:.0f}s across "
            f"{len(info['writers'])} restaurants"
        )
        meter = CpuMeter(server.process.pid)
        spy = start_py_spy(server.process.pid, CONCURRENT_SECONDS - 2, "concurrent-creates") if SPY else None
        meter.start()
        load = concurrent(info, server.port)
        load["cpu_seconds"] = meter.stop()
        load["py_spy"] = summarize_py_spy(spy, prefixes=PROJECT_FRAMES)
        server_config = server.config.describe()
    checks = double_booking_checks(info)

    ping = stats["ping"]["median_ms"]
    create_ratio = ratio(stats["create"]["median_ms"], ping)
    list_ratio = ratio(stats["list"]["median_ms"], ping)
    zero = (
        "overlapping_allocations",
        "live_bookings_sharing_a_table",
        "live_bookings_whose_allocations_differ_from_tables",
        "live_bookings_without_tables",
        "services_over_max_covers",
        "slots_over_max_covers_per_slot",
    )
    no_double = all(checks[name] == 0 for name in zero)
    one_per_201 = checks["bookings_in_database"] == load["created"]
    errors = sum(v for k, v in load["statuses"].items() if int(k) >= 500)
    rows = [
        Row("GET /v1/ping median (baseline)", "-", fmt_ms(ping)),
        Row("POST /v1/reservations median", "-", fmt_ms(stats["create"]["median_ms"])),
        Row("POST /v1/reservations p99", "-", fmt_ms(stats["create"]["p99_ms"])),
        Row("create median / ping median", "<= 8x", f"{create_ratio:.2f}x", create_ratio <= 8),
        Row(
            "create SQL queries: known guest / new guest / cold",
            "-",
            f"{queries['create_known_guest']} / {queries['create_new_guest']} / {queries['create_cold']}",
        ),
        Row(
            "GET /v1/reservations?limit=100&expand=guest median",
            "-",
            fmt_ms(stats["list"]["median_ms"]),
        ),
        Row("list p99", "-", fmt_ms(stats["list"]["p99_ms"])),
        Row("list median / ping median", "<= 6x", f"{list_ratio:.2f}x", list_ratio <= 6),
        Row(
            "list SQL queries (limit 100 / limit 10)",
            "constant",
            f"{queries['list_100']} / {queries['list_10']}",
            queries["list_100"] == queries["list_10"],
        ),
        Row(
            f"concurrent creates/s ({load['clients']} clients, {load['seconds']:.0f}s)",
            ">= 100",
            f"{load['per_second']:.1f} ({load['created']} x 201)",
            load["per_second"] >= 100,
        ),
        Row(
            "concurrent create latency median / p99",
            "-",
            f"{load['create_latency_under_load']['median_ms']:.1f} / {load['create_latency_under_load']['p99_ms']:.1f} ms"
            if load["create_latency_under_load"]
            else "-",
        ),
        Row(
            "other answers (status code: count)",
            "no 5xx",
            ", ".join(f"{k}: {v}" for k, v in sorted(load["statuses"].items()) if k != 201) or "none",
            errors == 0,
        ),
        Row(
            "double bookings / overlaps / caps exceeded (SQL)",
            "0",
            str(sum(checks[name] for name in zero)),
            no_double,
        ),
        Row(
            "bookings in database = 201 answers",
            "equal",
            f"{checks['bookings_in_database']} / {load['created']}",
            one_per_201,
        ),
    ]
    print_table(f"Issue 4: reservations ({server_config})", rows)
    print("Sequential part. " + cpu_note(sequential_cpu))
    cpu = load["cpu_seconds"]
    print(
        f"CPU seconds during the concurrent run ({cpu['wall_s']}s wall x {cpu['machine_capacity_s'] / cpu['wall_s']:.0f}"
        f" cores = {cpu['machine_capacity_s']}s): gunicorn {cpu['gunicorn']}, postgres {cpu['postgres']}, "
        f"bench client {cpu['bench client']}, other processes {cpu['other processes']}"
        + (
            f"; {cpu['gunicorn'] * 1000 / load['created']:.1f} ms gunicorn + "
            f"{cpu['postgres'] * 1000 / load['created']:.1f} ms postgres CPU per 201"
            if load["created"]
            else ""
        )
    )
    if load.get("py_spy"):
        spy = load["py_spy"]
        print(f"py-spy during the concurrent run ({spy['samples']} samples, {spy['file']}):")
        print("  own time:", "; ".join(f"{f} {p}%" for f, p in spy["self"][:15]))
        print("  inclusive (project code):", "; ".join(f"{f} {p}%" for f, p in spy["inclusive"][:25]))
    if load["refusals"]:
        print("Refusals during the concurrent run:", load["refusals"])
    print("Database checks:", checks)
    result = {
        "issue": 4,
        "server": server_config,
        "stats": stats,
        "queries": queries,
        "concurrent": load,
        "sequential_cpu_seconds": sequential_cpu,
        "checks": checks,
        "ratios": {"create_vs_ping": create_ratio, "list_vs_ping": list_ratio},
        "rows": [r.__dict__ for r in rows],
        "passed": all(r.passed for r in rows if r.passed is not None),
    }
    save("reservations", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
