"""Issue 3: day and month availability on the busy restaurant, against the empty one and ping.

    python -m tests.bench.bench_availability

Latency under gunicorn (interleaved rounds: ping, day busy, day empty, month busy,
month empty, day 304), and SQL queries per request counted in this process with
django.test.Client + CaptureQueriesContext against the bench database, with the
engine's per-process policy cache warm and cold.
"""

import sys

from tests.bench.bench_common import (
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
    summary,
)

PARTY = 4


def day_path(date: str) -> str:
    return f"/v1/availability?service_date={date}&party_size={PARTY}"


def month_path(month: str) -> str:
    return f"/v1/availability/months?month={month}"


def query_counts(info: dict) -> dict:
    """Queries per request, cold (policy cache emptied) then warm, busy and empty restaurants."""
    counts = {}
    paths = {"day": day_path(info["measured_date"]), "month": month_path(info["month"])}
    for which in ("busy", "empty"):
        key = info[which]["key"]
        for kind, path in paths.items():
            cold_ok = clear_policy_cache()
            cold = count_queries("GET", path, key)
            warm = count_queries("GET", path, key)
            if cold.status != 200 or warm.status != 200:
                raise RuntimeError(f"{kind} availability ({which}) answered {cold.status}/{warm.status}")
            counts[f"{kind}_{which}_cold"] = cold.queries if cold_ok else None
            counts[f"{kind}_{which}_warm"] = warm.queries
            if which == "busy" and kind == "day":
                counts["day_busy_warm_sql"] = warm.sql
    return counts


def run() -> dict:
    setup_django()
    from tests.bench.seed import ensure_seeded

    info = ensure_seeded()
    busy, empty = info["busy"]["key"], info["empty"]["key"]
    day, month = day_path(info["measured_date"]), month_path(info["month"])
    counts = query_counts(info)

    with Server() as server:
        h_busy, h_empty = Http(server.port, busy), Http(server.port, empty)
        first = expect(h_busy.get(day), 200, "day availability (busy)")
        etag = first.headers["ETag"]
        body = first.json()
        offered = sum(len(s["slots"]) for s in body["shifts"])
        refused = sum(len(s["unavailable_slots"]) for s in body["shifts"])
        empty_body = expect(h_empty.get(day), 200, "day availability (empty)").json()
        offered_empty = sum(len(s["slots"]) for s in empty_body["shifts"])
        cold_ok = clear_policy_cache()
        cold = count_queries("GET", day, busy, headers={"If-None-Match": etag})
        warm = count_queries("GET", day, busy, headers={"If-None-Match": etag})
        if (cold.status, warm.status) != (304, 304):
            raise RuntimeError(f"If-None-Match answered {cold.status}/{warm.status}, not 304")
        counts["day_304_cold"] = cold.queries if cold_ok else None
        counts["day_304_warm"] = warm.queries

        n = scaled(200)
        probes = [
            Probe("ping", lambda: expect(h_busy.get("/v1/ping"), 200, "ping"), n),
            Probe("day_busy", lambda: expect(h_busy.get(day), 200, "day busy"), n),
            Probe("day_empty", lambda: expect(h_empty.get(day), 200, "day empty"), n),
            Probe("month_busy", lambda: expect(h_busy.get(month), 200, "month busy"), max(5, n // 10)),
            Probe(
                "month_empty",
                lambda: expect(h_empty.get(month), 200, "month empty"),
                max(5, n // 10),
            ),
            Probe(
                "day_304",
                lambda: expect(h_busy.get(day, headers={"If-None-Match": etag}), 304, "day 304"),
                n,
            ),
        ]
        log("Measuring 10 interleaved rounds (ping, day busy/empty, month busy/empty, 304)")
        meter = CpuMeter(server.process.pid)
        meter.start()
        samples = measure_interleaved(probes, rounds=10, warmup=scaled(20, minimum=5))
        cpu = meter.stop()
        server_config = server.config.describe()

    s = {name: summary(values) for name, values in samples.items()}
    ping = s["ping"]["median_ms"]
    day_ratio = ratio(s["day_busy"]["median_ms"], ping)
    day_vs_empty = ratio(s["day_busy"]["median_ms"], s["day_empty"]["median_ms"])
    month_ms = s["month_busy"]["median_ms"]
    month_vs_empty = ratio(month_ms, s["month_empty"]["median_ms"])
    r304 = ratio(s["day_304"]["median_ms"], ping)
    day_queries = [
        counts[k]
        for k in counts
        if k.startswith("day_") and k != "day_busy_warm_sql" and counts[k] is not None and not k.startswith("day_304")
    ]
    month_queries = [counts[k] for k in counts if k.startswith("month_") and counts[k] is not None]

    def q(kind, which):
        return f"{counts[f'{kind}_{which}_warm']} warm / {counts[f'{kind}_{which}_cold']} cold"

    rows = [
        Row("GET /v1/ping median (baseline)", "-", fmt_ms(ping)),
        Row("day (party 4, 400 bookings) median", "-", fmt_ms(s["day_busy"]["median_ms"])),
        Row("day p99", "-", fmt_ms(s["day_busy"]["p99_ms"])),
        Row("day median / ping median", "<= 6x", f"{day_ratio:.2f}x", day_ratio <= 6),
        Row("day SQL queries, busy", "<= 10", q("day", "busy"), max(day_queries) <= 10),
        Row(
            "day SQL queries, empty history",
            "<= 10, same as busy",
            q("day", "empty"),
            counts["day_empty_warm"] == counts["day_busy_warm"] and counts["day_empty_warm"] <= 10,
        ),
        Row("day median, empty history", "-", fmt_ms(s["day_empty"]["median_ms"])),
        Row("day busy / empty", "<= 1.20", f"{day_vs_empty:.2f}", day_vs_empty <= 1.2),
        Row("month (10,000 bookings) median", "< 200 ms", fmt_ms(month_ms), month_ms < 200),
        Row("month p99", "-", fmt_ms(s["month_busy"]["p99_ms"])),
        Row("month SQL queries, busy", "<= 20", q("month", "busy"), max(month_queries) <= 20),
        Row(
            "month SQL queries, empty history",
            "<= 20, same as busy",
            q("month", "empty"),
            counts["month_empty_warm"] == counts["month_busy_warm"] and counts["month_empty_warm"] <= 20,
        ),
        Row("month median, empty history", "-", fmt_ms(s["month_empty"]["median_ms"])),
        Row("month busy / empty", "<= 1.20", f"{month_vs_empty:.2f}", month_vs_empty <= 1.2),
        Row("304 revalidation median", "-", fmt_ms(s["day_304"]["median_ms"])),
        Row("304 median / ping median", "<= 2x", f"{r304:.2f}x", r304 <= 2),
        Row("304 SQL queries", "-", f"{counts['day_304_warm']} warm / {counts['day_304_cold']} cold"),
        Row("slots offered / refused, busy day", "-", f"{offered} / {refused}"),
        Row("slots offered, empty day", "-", str(offered_empty)),
    ]
    print_table(f"Issue 3: availability ({server_config}; measured day {info['measured_date']})", rows)
    print(cpu_note(cpu))
    checks = [r.passed for r in rows if r.passed is not None]
    result = {
        "cpu_seconds": cpu,
        "issue": 3,
        "server": server_config,
        "measured_date": info["measured_date"],
        "month": info["month"],
        "stats": s,
        "ratios": {
            "day_vs_ping": day_ratio,
            "day_busy_vs_empty": day_vs_empty,
            "month_busy_vs_empty": month_vs_empty,
            "304_vs_ping": r304,
        },
        "queries": {k: v for k, v in counts.items() if k != "day_busy_warm_sql"},
        "day_busy_warm_sql": counts["day_busy_warm_sql"],
        "rows": [r.__dict__ for r in rows],
        "passed": all(checks),
    }
    save("availability", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
