"""Which gunicorn worker setting suits the 2-core machine: sync against gthread.

    python -m tests.bench.bench_workers [--seconds 10]

For each setting: sequential ping and bare-view medians (keep-alive client), day
availability median, and the concurrent-create throughput of bench_reservations
(20 clients across the 20 writer restaurants). The default the other scripts use is
set in tests/bench/server.py (DEFAULT_WORKER_CLASS / DEFAULT_WORKERS / DEFAULT_THREADS);
BENCH_WORKER_CLASS, BENCH_WORKERS and BENCH_THREADS override it.
"""

import sys

from tests.bench.bench_common import (
    CpuMeter,
    Http,
    Probe,
    Row,
    Server,
    ServerConfig,
    expect,
    log,
    measure_interleaved,
    print_table,
    save,
    scaled,
    setup_django,
    summary,
)
from tests.bench.reservation_calls import cleanup
from tests.bench.reservation_load import concurrent

CONFIGS = [
    ServerConfig("sync", 2, 1),
    ServerConfig("sync", 3, 1),
    ServerConfig("gthread", 2, 1),
    ServerConfig("gthread", 2, 2),
    ServerConfig("gthread", 2, 3),
    ServerConfig("gthread", 2, 4),
    ServerConfig("gthread", 3, 2),
]


def run(argv: list[str]) -> dict:
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 10.0
    setup_django()
    from tests.bench.seed import ensure_seeded

    info = ensure_seeded()
    day = f"/v1/availability?service_date={info['measured_date']}&party_size=4"
    results = []
    for config in CONFIGS:
        cleanup(info)
        with Server(config) as server:
            http = Http(server.port, info["busy"]["key"])
            n = scaled(100)
            probes = [
                Probe("ping", lambda h=http: expect(h.get("/v1/ping"), 200, "ping"), n),
                Probe("bare", lambda h=http: expect(h.get("/bench/bare-ping"), 200, "bare"), n),
                Probe("day", lambda h=http: expect(h.get(day), 200, "day"), max(5, n // 4)),
            ]
            samples = measure_interleaved(probes, rounds=5, warmup=20)
            http.close()
            meter = CpuMeter(server.process.pid)
            meter.start()
            load = concurrent(info, server.port, seconds)
            load["cpu_seconds"] = meter.stop()
        stats = {name: summary(values) for name, values in samples.items()}
        results.append({"server": config.describe(), "stats": stats, "concurrent": load})
        log(f"{config.describe()}: ping {stats['ping']['median_ms']:.2f} ms, {load['per_second']:.1f} creates/s")
    rows = [
        Row(
            r["server"],
            "-",
            f"ping {r['stats']['ping']['median_ms']:.2f} ms, bare {r['stats']['bare']['median_ms']:.2f} ms, "
            f"day {r['stats']['day']['median_ms']:.1f} ms, {r['concurrent']['per_second']:.1f} creates/s "
            f"(p99 {r['concurrent']['create_latency_under_load']['p99_ms']:.0f} ms; "
            f"CPU s: gunicorn {r['concurrent']['cpu_seconds']['gunicorn']:.0f}, "
            f"postgres {r['concurrent']['cpu_seconds']['postgres']:.0f}, "
            f"others {r['concurrent']['cpu_seconds']['other processes']:.0f})",
        )
        for r in results
    ]
    print_table("gunicorn worker settings (sequential medians; 20 concurrent bookers)", rows)
    result = {"configs": results}
    save("workers", result)
    return result


if __name__ == "__main__":
    run(sys.argv[1:])
    sys.exit(0)
