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

The runs live in tests/bench/reservation_load.py (other benchmarks reuse them), the calls
it shares with other benchmarks in tests/bench/reservation_calls.py.
"""

from __future__ import annotations

import os
import sys

from tests.bench.bench_common import (
    CpuMeter,
    Row,
    Server,
    cpu_note,
    fmt_ms,
    log,
    print_table,
    ratio,
    save,
    setup_django,
    start_py_spy,
    summarize_py_spy,
)
from tests.bench.reservation_calls import cleanup
from tests.bench.reservation_load import (
    CONCURRENT_CLIENTS,
    CONCURRENT_SECONDS,
    concurrent,
    double_booking_checks,
    sequential,
)

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
