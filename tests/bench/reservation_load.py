"""The runs of issue 4's benchmark (tests/bench/bench_reservations.py), which other benchmarks
reuse: the sequential creates and lists interleaved with ping (with their SQL query counts),
the concurrent bookers across the writer restaurants, and the SQL checks after them.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import os
import random
import threading
import time
import uuid
from collections import Counter

from tests.bench.environment import clear_policy_cache, count_queries, log, scaled
from tests.bench.measure import Probe, measure_interleaved, summary
from tests.bench.reservation_calls import create_body, grid_times, open_slots
from tests.bench.server import Http, expect

CONCURRENT_CLIENTS = 20
CONCURRENT_SECONDS = float(os.environ.get("BENCH_CONCURRENT_SECONDS", "20"))
OCCUPYING = ("awaiting_guarantee", "pending", "confirmed", "partially_seated", "seated")


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
