"""Issue 14's table: the figures of the benchmarks run just before (var/bench/platform.json,
availability.json, reservations.json, tenfold.json, written by the same `make bench`), next to pgbench measured
now on the same machine and PostgreSQL, with the issue's targets.

    python -m tests.bench.bench_speed            # pgbench (about 20 s), then the table
    BENCH_PGBENCH_SECONDS=15 BENCH_PGBENCH_CLIENTS=20

pgbench: the built-in tpcb-like script, 20 clients, 2 threads, in a scratch database
(`<bench database>_pgbench`, scale 10, initialised once), fsync and synchronous_commit as the
server has them (on: the stock configuration). Its tps is what PostgreSQL alone commits here;
"create throughput as a share of pgbench" divides the concurrent creates/s by it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from urllib.parse import urlparse

from tests.bench.bench_common import BENCH_DATABASE_URL, VAR, Row, log, print_table, save

PGBENCH_SECONDS = int(os.environ.get("BENCH_PGBENCH_SECONDS", "15"))
PGBENCH_CLIENTS = int(os.environ.get("BENCH_PGBENCH_CLIENTS", "20"))
PGBENCH_SCALE = 10


def _pg_args(url: str) -> tuple[list[str], dict, str]:
    parsed = urlparse(url)
    env = {**os.environ}
    if parsed.password:
        env["PGPASSWORD"] = parsed.password
    args = ["-h", parsed.hostname or "127.0.0.1", "-p", str(parsed.port or 5432), "-U", parsed.username or "postgres"]
    return args, env, parsed.path.lstrip("/")


def pgbench() -> dict:
    """tpcb-like tps of this machine's PostgreSQL, 20 clients (None when pgbench is missing)."""
    binary = shutil.which("pgbench")
    if binary is None:
        log("pgbench not found (apt-get install postgresql-client): no pgbench figure")
        return {}
    args, env, name = _pg_args(BENCH_DATABASE_URL)
    database = f"{name}_pgbench"
    exists = subprocess.run(
        ["psql", *args, "-d", "postgres", "-tAc", f"SELECT 1 FROM pg_database WHERE datname = '{database}'"],
        env=env,
        capture_output=True,
        text=True,
    ).stdout.strip()
    if exists != "1":
        log(f"Creating and initialising {database} (pgbench -i -s {PGBENCH_SCALE})")
        subprocess.run(["createdb", *args, database], env=env, check=True)
        subprocess.run(
            [binary, *args, "-i", "-q", "-s", str(PGBENCH_SCALE), database], env=env, check=True, capture_output=True
        )
    log(f"pgbench: tpcb-like, {PGBENCH_CLIENTS} clients, 2 threads, {PGBENCH_SECONDS} s")
    run = subprocess.run(
        [binary, *args, "-c", str(PGBENCH_CLIENTS), "-j", "2", "-T", str(PGBENCH_SECONDS), "-n", database],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    match = re.search(r"tps = ([0-9.]+)", run.stdout)
    latency = re.search(r"latency average = ([0-9.]+) ms", run.stdout)
    return {
        "tps": float(match.group(1)) if match else None,
        "latency_ms": float(latency.group(1)) if latency else None,
        "clients": PGBENCH_CLIENTS,
        "seconds": PGBENCH_SECONDS,
        "scale": PGBENCH_SCALE,
    }


def load(name: str) -> dict:
    path = VAR / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else {}


def tenfold_rows(tenfold: dict) -> list[Row]:
    """bench_tenfold's verdict: growth from 400 to 4,000 bookings on the day, and the targets at 4,000."""
    figure = "every figure with 10x the day's bookings (4,000)"
    if not tenfold:
        return [Row(figure, "grows <= 10x", "not measured (run bench_tenfold)")]
    growth, targets = tenfold["growth"], tenfold["targets_at_10x"]
    shown = ", ".join(f"{kind} {growth[kind]:.2f}x" for kind in ("day", "create", "list"))
    queries = all(growth[f"{kind}_queries"] <= 1 for kind in ("day", "create", "list"))
    day, listed = targets["day_vs_ping"], targets["list_vs_ping"]
    kept_rows = [
        Row(f"at 4,000 bookings: day / ping, {label}", "<= 2.5x", f"{found['value']:.2f}x", found["holds"])
        for name, label in (
            ("day_kept_vs_ping", "another question (kept)"),
            ("day_written_vs_ping", "both after a write (carried)"),
            ("day_lapsed_vs_ping", "both after a basket hold's lapse (carried)"),
        )
        if (found := targets.get(name)) is not None
    ]
    rows = kept_rows + [
        Row(
            figure,
            "grows <= 10x",
            f"{shown}; SQL queries {'the same' if queries else 'MORE'}",
            tenfold["passed"],
        ),
        Row(
            "at 4,000 bookings: day / ping read afresh, list / ping",
            "<= 2.5x, <= 4x",
            f"{day['value']:.2f}x, {listed['value']:.2f}x",
            day["holds"] and listed["holds"],
        ),
    ]
    # The least a day read afresh could take there: what a ping takes and PostgreSQL's own execution of
    # the day's occupancy read (bench_tenfold.read_sql_ms).
    floor = tenfold.get("read_afresh_floor_vs_ping", {}).get("ten")
    if floor is not None:
        label = "at 4,000 bookings: the least a day read afresh can take / ping (ping + PostgreSQL executing its read)"
        rows.append(Row(label, "-", f"{floor:.2f}x"))
    return rows


def answer_rows(how: str, day_vs_ping: float, month: dict, day_label: str | None = None) -> list[Row]:
    """The day's ratio and the month's median for one way an availability answer is made."""
    month_ms = month["median_ms"]
    day_label = day_label or f"day availability / ping, {how}"
    return [
        Row(day_label, "<= 2.5x", f"{day_vs_ping:.2f}x", day_vs_ping <= 2.5),
        Row(f"month availability median, {how}", "<= 40 ms", f"{month_ms:.1f} ms", month_ms <= 40),
    ]


def run() -> dict:
    bench = pgbench()
    platform, availability, reservations = load("platform"), load("availability"), load("reservations")
    rows: list[Row] = []
    figures: dict = {"pgbench": bench}
    load_ = reservations.get("concurrent") or {}
    cpu = load_.get("cpu_seconds") or {}
    created = load_.get("created") or 0
    if created:
        gunicorn_ms = cpu["gunicorn"] * 1000 / created
        postgres_ms = cpu["postgres"] * 1000 / created
        per_second = load_["per_second"]
        figures.update(gunicorn_cpu_ms_per_create=gunicorn_ms, postgres_cpu_ms_per_create=postgres_ms)
        rows += [
            Row(
                "gunicorn CPU per created booking (concurrent run)",
                "<= 6 ms",
                f"{gunicorn_ms:.1f} ms",
                gunicorn_ms <= 6,
            ),
            Row("PostgreSQL CPU per created booking (concurrent run)", "-", f"{postgres_ms:.1f} ms"),
            Row(
                f"concurrent creates/s, {load_['clients']} clients, {os.cpu_count()} cores",
                ">= 250",
                f"{per_second:.1f}",
                per_second >= 250,
            ),
        ]
        if bench.get("tps"):
            share = per_second / bench["tps"]
            figures["create_share_of_pgbench"] = share
            rows.append(
                Row(
                    "create throughput as a share of pgbench tps",
                    ">= 10 %",
                    f"{share * 100:.1f} % ({per_second:.0f} / {bench['tps']:.0f})",
                    share >= 0.10,
                )
            )
    if bench.get("tps"):
        rows.append(Row(f"pgbench tps (tpcb-like, {bench['clients']} clients, this run)", "-", f"{bench['tps']:.0f}"))
    queries = reservations.get("queries") or {}
    if queries:
        known = queries["create_known_guest"]
        rows.append(Row("SQL round trips per create (known guest)", "<= 8", str(known), known <= 8))
        rows.append(
            Row(
                "SQL round trips per create (new guest / cold process)",
                "-",
                f"{queries['create_new_guest']} / {queries['create_cold']}",
            )
        )
    if platform:
        overhead = platform["overhead_ms"]
        rows.append(Row("platform overhead over a bare view", "<= 1 ms", f"{overhead:.2f} ms", overhead <= 1.0))
    if availability:
        # The four ways an answer is made: a question repeated while nothing changed is served from
        # the per-process answer cache; another question in the same state is worked out over the
        # occupancy kept for the last one; the first after a write over that occupancy carried
        # through the write (or a basket hold's lapse); a process's first (or the first after a policy
        # change or a new day) over an occupancy read afresh.
        stats, ratios = availability["stats"], availability["ratios"]
        if "day_cached" in stats:
            rows += answer_rows("repeated (answer cache)", ratios["day_cached_vs_ping"], stats["month_cached"])
        if "day_kept" in stats:
            rows += answer_rows("another question (kept occupancy)", ratios["day_kept_vs_ping"], stats["month_kept"])
        if "day_written" in stats:
            # Against a ping that also follows a write: a request after a booking and its cancel finds
            # the server's caches colder than one in a row of pings (that ratio is shown beside it).
            alike = ratios["day_written_vs_ping_written"]
            both = "day availability / ping, both after a write (carried)"
            rows += answer_rows("after a write (carried)", alike, stats["month_written"], day_label=both)
            written = ratios["day_written_vs_ping"]
            rows.append(Row("day availability / ping in a row, after a write", "-", f"{written:.2f}x"))
        if "day_lapsed_vs_ping_lapsed" in ratios:
            lapsed = ratios["day_lapsed_vs_ping_lapsed"]
            label = "day availability / ping, both after a basket hold's lapse (carried)"
            rows.append(Row(label, "<= 2.5x", f"{lapsed:.2f}x", lapsed <= 2.5))
        rows += answer_rows("read afresh", ratios["day_vs_ping"], stats["month_history"])
    if reservations:
        listed = reservations["ratios"]["list_vs_ping"]
        rows.append(Row("list 100 with expand / ping", "<= 4x", f"{listed:.2f}x", listed <= 4))
        checks = reservations.get("checks") or {}
        doubles = sum(
            checks.get(name, 0)
            for name in (
                "overlapping_allocations",
                "live_bookings_sharing_a_table",
                "live_bookings_whose_allocations_differ_from_tables",
                "live_bookings_without_tables",
            )
        )
        rows.append(Row("double bookings", "0", str(doubles), doubles == 0))
    rows += tenfold_rows(load("tenfold"))
    print_table("Issue 14: speed (the runs above and pgbench, same invocation)", rows)
    figures["rows"] = [r.__dict__ for r in rows]
    figures["passed"] = all(r.passed for r in rows if r.passed is not None)
    save("speed", figures)
    return figures


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
