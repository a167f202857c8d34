"""Issue 2: GET /v1/ping and GET /v1/configuration under gunicorn, against a bare Django view.

    python -m tests.bench.bench_platform

The bare view (tests/bench/urls.py) answers the same JSON as /v1/ping through
Django's middleware stack but without DRF and the platform layer; the difference of
the medians, measured in the same interleaved run, is the platform layer's cost.
"""

import sys

from tests.bench.bench_common import (
    CpuMeter,
    Http,
    Probe,
    Row,
    Server,
    count_queries,
    cpu_note,
    expect,
    fmt_ms,
    log,
    measure_interleaved,
    print_table,
    save,
    scaled,
    setup_django,
    summary,
)


def run() -> dict:
    setup_django()
    from tests.bench.seed import ensure_seeded

    info = ensure_seeded()
    key = info["busy"]["key"]

    queries = {
        "ping": count_queries("GET", "/v1/ping", key).queries,
        "configuration": count_queries("GET", "/v1/configuration", key).queries,
    }

    per_round, rounds = scaled(300), 10
    with Server() as server:
        http = Http(server.port, key)
        first = expect(http.get("/v1/ping"), 200, "ping")
        for header in ("Service-Version", "X-Request-Id", "RateLimit-Remaining"):
            if not first.headers.get(header):
                raise RuntimeError(f"/v1/ping answered without {header}")
        probes = [
            Probe("ping", lambda: expect(http.get("/v1/ping"), 200, "ping"), per_round),
            Probe("bare", lambda: expect(http.get("/bench/bare-ping"), 200, "bare view"), per_round),
            Probe(
                "configuration",
                lambda: expect(http.get("/v1/configuration"), 200, "configuration"),
                per_round,
            ),
        ]
        log(f"Measuring {rounds} interleaved rounds of {per_round} requests per endpoint")
        meter = CpuMeter(server.process.pid)
        meter.start()
        samples = measure_interleaved(probes, rounds=rounds, warmup=scaled(200))
        cpu = meter.stop()
        http.close()
        server_config = server.config.describe()

    stats = {name: summary(values) for name, values in samples.items()}
    ping, bare, conf = stats["ping"], stats["bare"], stats["configuration"]
    overhead = ping["median_ms"] - bare["median_ms"]
    rows = [
        Row("GET /v1/ping median", "-", fmt_ms(ping["median_ms"])),
        Row("GET /v1/ping p99", "-", fmt_ms(ping["p99_ms"])),
        Row("GET /v1/configuration median", "-", fmt_ms(conf["median_ms"])),
        Row("GET /v1/configuration p99", "-", fmt_ms(conf["p99_ms"])),
        Row("bare Django view median", "-", fmt_ms(bare["median_ms"])),
        Row("bare Django view p99", "-", fmt_ms(bare["p99_ms"])),
        Row("platform overhead (median ping - bare)", "<= 2 ms", fmt_ms(overhead), overhead <= 2.0),
        Row(
            "SQL queries: ping / configuration",
            "-",
            f"{queries['ping']} / {queries['configuration']}",
        ),
    ]
    print_table(f"Issue 2: platform layer ({server_config}; n={ping['n']} per endpoint)", rows)
    print(cpu_note(cpu))
    result = {
        "cpu_seconds": cpu,
        "issue": 2,
        "server": server_config,
        "stats": stats,
        "overhead_ms": round(overhead, 3),
        "queries": queries,
        "passed": overhead <= 2.0,
    }
    save("platform", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
