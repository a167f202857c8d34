"""Issue 3: day and month availability on the busy restaurant, with and without history.

    python -m tests.bench.bench_availability

"Within 20 % of the same figures with an empty history (cost grows with the day's
bookings, never with the table's size)": the busy restaurant is measured twice, with
the same 400 bookings on the measured day and the same 10,000 in the measured month:

* **with history**: the bench database, where 1,000,000 reservations of other dates
  and other restaurants sit next to them;
* **without history**: the no-history database (BENCH_NOHISTORY_DATABASE_URL), which
  holds that restaurant and those bookings only (tests/bench/seed.py builds it from the
  same seed; the same API key works on both; the run checks that both hold the same
  live bookings and allocations and give the same answers).

A gunicorn serves each database; latencies are measured in interleaved rounds (ping,
day and month with and without history, the 304, and for information the bench
database's empty restaurant: the same floor with no booking at all). SQL queries per
request are counted in this process with django.test.Client + CaptureQueriesContext
against each database, with the engine's per-process policy cache warm and cold.
"""

import datetime as dt
import json
import re
import sys

from tests.bench.bench_common import (
    BENCH_DATABASE_URL,
    BENCH_NOHISTORY_DATABASE_URL,
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
    use_database,
)
from tests.bench.reservation_calls import after_a_lapse, after_a_write, cleanup, open_slots

PARTY = 4
PUBLIC_ID = re.compile(r"^[a-z]{2,5}_[A-Za-z0-9]{16,}$")


# Servers measuring the engine itself, every answer worked out from an occupancy read afresh (what
# a process's first question costs, or the first after a policy change or a new day): the
# per-process answer cache and kept occupancies off. And servers answering another question in the
# same state (another party size, section, locale or minute, no write since) and the first question
# after a write or a basket hold's lapse (the kept occupancy carried): the answer cache off.
ENGINE_ONLY = {"AVAILABILITY_ANSWER_CACHE_SIZE": "0", "AVAILABILITY_OCCUPANCY_CACHE_ROWS": "0"}
KEPT_OCCUPANCY = {"AVAILABILITY_ANSWER_CACHE_SIZE": "0"}


def day_path(date: str) -> str:
    return f"/v1/availability?service_date={date}&party_size={PARTY}"


def month_path(month: str) -> str:
    return f"/v1/availability/months?month={month}"


def normalized(body: bytes) -> str:
    """An answer with its public ids replaced by their order of appearance: the two databases'
    floors are the same but their sections' and services' ids are not."""
    seen: dict[str, str] = {}

    def walk(value):
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, str) and PUBLIC_ID.match(value):
            return seen.setdefault(value, f"{value.split('_', 1)[0]}#{len(seen)}")
        return value

    return json.dumps(walk(json.loads(body)), sort_keys=True)


def database_facts(info: dict) -> dict:
    """In the current database: the busy restaurant's live bookings of the measured month
    (fingerprint), the occupancy rows the day and the month read, the two answers."""
    from django.utils import timezone

    from reservations.models import Restaurant
    from reservations.selectors.occupancy import load_occupancy
    from tests.bench.seed_spec import live_fingerprint

    restaurant = Restaurant.objects.get(pk=info["busy"]["pk"])
    first, last = dt.date.fromisoformat(info["month_first"]), dt.date.fromisoformat(info["month_last"])
    day = dt.date.fromisoformat(info["measured_date"])
    now = timezone.now()
    facts = {"fingerprint": live_fingerprint(restaurant.pk, first, last)}
    for kind, (a, b) in (("day", (day, day)), ("month", (first, last))):
        occupancy = load_occupancy(restaurant, a, b, now)
        facts[f"{kind}_rows"] = {"allocations": len(occupancy.rows), "covers": len(occupancy.covers)}
    facts["table_rows"] = table_rows()
    return facts


def table_rows() -> dict:
    """Rows in the tables the availability endpoints read."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (SELECT count(*) FROM reservations_reservation), (SELECT count(*) FROM reservations_tableallocation)"
        )
        reservations, allocations = cursor.fetchone()
    return {"reservations_reservation": reservations, "reservations_tableallocation": allocations}


def query_counts(info: dict, label: str, key: str) -> dict:
    """Queries per request, cold (policy cache emptied) then warm, in the current database, worked
    out by the engine (the answer cache off, as on the engine servers)."""
    from django.test import override_settings

    with override_settings(AVAILABILITY_ANSWER_CACHE_SIZE=0, AVAILABILITY_OCCUPANCY_CACHE_ROWS=0):
        return _query_counts(info, label, key)


def _query_counts(info: dict, label: str, key: str) -> dict:
    counts = {}
    paths = {"day": day_path(info["measured_date"]), "month": month_path(info["month"])}
    for kind, path in paths.items():
        cold_ok = clear_policy_cache()
        cold = count_queries("GET", path, key)
        warm = count_queries("GET", path, key)
        if cold.status != 200 or warm.status != 200:
            raise RuntimeError(f"{kind} availability ({label}) answered {cold.status}/{warm.status}")
        counts[f"{kind}_{label}_cold"] = cold.queries if cold_ok else None
        counts[f"{kind}_{label}_warm"] = warm.queries
        counts[f"{kind}_{label}_answer"] = normalized(warm.body)
        if kind == "day" and label == "history":
            counts["day_history_warm_sql"] = warm.sql
    return counts


def run() -> dict:
    setup_django()
    from tests.bench.seed import ensure_nohistory_seeded, ensure_seeded

    info = ensure_seeded()
    twin = ensure_nohistory_seeded(info)
    key, empty = info["busy"]["key"], info["empty"]["key"]
    if twin["busy"]["key"] != key or twin["measured_date"] != info["measured_date"]:
        raise RuntimeError("the no-history database does not copy the bench data set")
    day, month = day_path(info["measured_date"]), month_path(info["month"])

    counts = {**query_counts(info, "history", key), **query_counts(info, "empty", empty)}
    facts = {"history": database_facts(info)}
    with use_database(BENCH_NOHISTORY_DATABASE_URL):
        counts.update(query_counts(twin, "nohistory", key))
        facts["nohistory"] = database_facts(twin)
    same_bookings = facts["history"]["fingerprint"] == facts["nohistory"]["fingerprint"]
    same_answers = all(counts[f"{k}_history_answer"] == counts[f"{k}_nohistory_answer"] for k in ("day", "month"))
    if not same_bookings:
        log(f"The two databases differ: {facts['history']['fingerprint']} / {facts['nohistory']['fingerprint']}")

    # The engine's cost (with and without history, the empty restaurant) is measured with what a
    # process keeps between answers off: a repeated question would otherwise be served from there.
    # A third server, as deployed (answer cache on), answers the same day and month: what a repeated
    # question costs; a fourth keeps the occupancy only: what another question in the same state costs.
    with (
        Server(database_url=BENCH_DATABASE_URL, env=ENGINE_ONLY) as server,
        Server(database_url=BENCH_NOHISTORY_DATABASE_URL, name="gunicorn-nohistory", env=ENGINE_ONLY) as bare_server,
        Server(database_url=BENCH_DATABASE_URL, name="gunicorn-cached") as cached_server,
        Server(database_url=BENCH_DATABASE_URL, name="gunicorn-kept", env=KEPT_OCCUPANCY) as kept_server,
    ):
        h_hist, h_bare, h_empty = Http(server.port, key), Http(bare_server.port, key), Http(server.port, empty)
        h_cached, h_kept = Http(cached_server.port, key), Http(kept_server.port, key)
        slots = open_slots(h_kept, [info["measured_date"]], 2)
        day_written = after_a_write(Http(kept_server.port, key), day, slots, "day after a write")
        month_written = after_a_write(Http(kept_server.port, key), month, slots, "month after a write")
        # The baseline of the first answer after a write is a ping after a write: a request that follows
        # a booking and its cancel finds the server's caches colder than one in a row of pings does.
        ping_written = after_a_write(Http(kept_server.port, key), "/v1/ping", slots, "ping after a write")
        day_lapsed = after_a_lapse(Http(kept_server.port, key), day, slots, "day after a lapse")
        ping_lapsed = after_a_lapse(Http(kept_server.port, key), "/v1/ping", slots, "ping after a lapse")
        first = expect(h_hist.get(day), 200, "day availability (history)")
        etag = first.headers["ETag"]
        body = first.json()
        offered = sum(len(s["slots"]) for s in body["shifts"])
        refused = sum(len(s["unavailable_slots"]) for s in body["shifts"])
        bare_body = expect(h_bare.get(day), 200, "day availability (no history)")
        same_answers = same_answers and normalized(bare_body.body) == normalized(first.body)
        empty_body = expect(h_empty.get(day), 200, "day availability (empty restaurant)").json()
        offered_empty = sum(len(s["slots"]) for s in empty_body["shifts"])
        cold_ok = clear_policy_cache()
        cold = count_queries("GET", day, key, headers={"If-None-Match": etag})
        warm = count_queries("GET", day, key, headers={"If-None-Match": etag})
        if (cold.status, warm.status) != (304, 304):
            raise RuntimeError(f"If-None-Match answered {cold.status}/{warm.status}, not 304")
        counts["day_304_cold"] = cold.queries if cold_ok else None
        counts["day_304_warm"] = warm.queries

        n = scaled(200)
        n_month = max(5, n // 10)
        probes = [
            Probe("ping", lambda: expect(h_hist.get("/v1/ping"), 200, "ping"), n),
            Probe("day_history", lambda: expect(h_hist.get(day), 200, "day history"), n),
            Probe("day_nohistory", lambda: expect(h_bare.get(day), 200, "day no history"), n),
            Probe("month_history", lambda: expect(h_hist.get(month), 200, "month history"), n_month),
            Probe("month_nohistory", lambda: expect(h_bare.get(month), 200, "month no history"), n_month),
            Probe(
                "day_304",
                lambda: expect(h_hist.get(day, headers={"If-None-Match": etag}), 304, "day 304"),
                n,
            ),
            Probe("day_empty", lambda: expect(h_empty.get(day), 200, "day empty restaurant"), n // 2),
            Probe("month_empty", lambda: expect(h_empty.get(month), 200, "month empty restaurant"), max(5, n // 20)),
            Probe("ping_cached_server", lambda: expect(h_cached.get("/v1/ping"), 200, "ping"), n),
            Probe("day_cached", lambda: expect(h_cached.get(day), 200, "day (answer cache)"), n),
            Probe("month_cached", lambda: expect(h_cached.get(month), 200, "month (answer cache)"), n_month),
            Probe("ping_kept_server", lambda: expect(h_kept.get("/v1/ping"), 200, "ping"), n),
            Probe("day_kept", lambda: expect(h_kept.get(day), 200, "day (kept occupancy)"), n),
            Probe("month_kept", lambda: expect(h_kept.get(month), 200, "month (kept occupancy)"), n_month),
        ]
        log("Measuring 10 interleaved rounds (ping, day and month with and without history, 304, empty restaurant)")
        meter = CpuMeter(
            server.process.pid, bare_server.process.pid, cached_server.process.pid, kept_server.process.pid
        )
        meter.start()
        samples = measure_interleaved(probes, rounds=10, warmup=scaled(20, minimum=5))
        # Then writes, which move the state the probes above answer in (the 304's tag among them):
        # a booking made and cancelled before each of these, with the kept server's ping beside them.
        log("Measuring 10 interleaved rounds after a write (a booking made and cancelled, untimed, before each)")
        written = [
            Probe("ping_written_server", lambda: expect(h_kept.get("/v1/ping"), 200, "ping"), n),
            Probe("ping_after_write", ping_written, n),
            Probe("day_written", day_written, n),
            Probe("month_written", month_written, n_month),
        ]
        samples.update(measure_interleaved(written, rounds=10, warmup=scaled(5, minimum=2)))
        # And basket holds' lapses: a hold taken, its deadline brought near and passed before each.
        log("Measuring 10 interleaved rounds after a lapse (a basket hold taken, untimed, lapsed before each)")
        lapsed = [Probe("ping_after_lapse", ping_lapsed, n // 2), Probe("day_lapsed", day_lapsed, n // 2)]
        samples.update(measure_interleaved(lapsed, rounds=10, warmup=scaled(5, minimum=2)))
        cpu = meter.stop()
        server_config = server.config.describe()
    cleanup(info)  # the bookings the writes made, cancelled

    s = {name: summary(values) for name, values in samples.items()}
    ping = s["ping"]["median_ms"]
    day_ms, day_bare_ms = s["day_history"]["median_ms"], s["day_nohistory"]["median_ms"]
    month_ms, month_bare_ms = s["month_history"]["median_ms"], s["month_nohistory"]["median_ms"]
    day_ratio = ratio(day_ms, ping)
    day_vs_bare = ratio(day_ms, day_bare_ms)
    month_vs_bare = ratio(month_ms, month_bare_ms)
    r304 = ratio(s["day_304"]["median_ms"], ping)
    day_cached_ratio = ratio(s["day_cached"]["median_ms"], s["ping_cached_server"]["median_ms"])
    day_kept_ratio = ratio(s["day_kept"]["median_ms"], s["ping_kept_server"]["median_ms"])
    day_written_ratio = ratio(s["day_written"]["median_ms"], s["ping_written_server"]["median_ms"])
    day_written_alike = ratio(s["day_written"]["median_ms"], s["ping_after_write"]["median_ms"])
    day_lapsed_alike = ratio(s["day_lapsed"]["median_ms"], s["ping_after_lapse"]["median_ms"])
    measured = {k: v for k, v in counts.items() if k.endswith(("_warm", "_cold")) and v is not None}
    day_queries = [v for k, v in measured.items() if k.startswith("day_") and "304" not in k]
    month_queries = [v for k, v in measured.items() if k.startswith("month_")]

    def q(kind, label):
        return f"{counts[f'{kind}_{label}_warm']} warm / {counts[f'{kind}_{label}_cold']} cold"

    def same_q(kind, label):
        return all(counts[f"{kind}_{label}_{t}"] == counts[f"{kind}_history_{t}"] for t in ("warm", "cold"))

    def rows_read(kind):
        h, b = facts["history"][f"{kind}_rows"], facts["nohistory"][f"{kind}_rows"]
        return f"{h['allocations']:,} + {h['covers']} / {b['allocations']:,} + {b['covers']}"

    fp_h, fp_b = facts["history"]["fingerprint"], facts["nohistory"]["fingerprint"]
    size_h = facts["history"]["table_rows"]["reservations_reservation"]
    size_b = facts["nohistory"]["table_rows"]["reservations_reservation"]
    rows = [
        Row(
            "same live bookings in both databases (month)",
            "equal",
            f"{fp_h['bookings']:,} / {fp_b['bookings']:,} bookings, {fp_h['allocations']:,} / "
            f"{fp_b['allocations']:,} allocations, md5 {'equal' if same_bookings else 'DIFFERENT'}",
            same_bookings,
        ),
        Row("same answers (day and month, ids aside)", "equal", "yes" if same_answers else "NO", same_answers),
        Row("reservations rows: with / without history", "-", f"{size_h:,} / {size_b:,}"),
        Row("GET /v1/ping median (baseline)", "-", fmt_ms(ping)),
        Row("day (party 4, 400 bookings) median, with history", "-", fmt_ms(day_ms)),
        Row("day p99, with history", "-", fmt_ms(s["day_history"]["p99_ms"])),
        Row("day median / ping median", "<= 6x", f"{day_ratio:.2f}x", day_ratio <= 6),
        Row("day SQL queries, with history", "<= 10", q("day", "history"), max(day_queries) <= 10),
        Row(
            "day SQL queries, without history",
            "same as with",
            q("day", "nohistory"),
            same_q("day", "nohistory"),
        ),
        Row("day median, without history", "-", fmt_ms(day_bare_ms)),
        Row("day with / without history", "<= 1.20", f"{day_vs_bare:.2f}", day_vs_bare <= 1.2),
        Row("month (10,000 bookings) median, with history", "< 200 ms", fmt_ms(month_ms), month_ms < 200),
        Row("month p99, with history", "-", fmt_ms(s["month_history"]["p99_ms"])),
        Row("month SQL queries, with history", "<= 20", q("month", "history"), max(month_queries) <= 20),
        Row(
            "month SQL queries, without history",
            "same as with",
            q("month", "nohistory"),
            same_q("month", "nohistory"),
        ),
        Row("month median, without history", "-", fmt_ms(month_bare_ms)),
        Row("month with / without history", "<= 1.20", f"{month_vs_bare:.2f}", month_vs_bare <= 1.2),
        Row("occupancy rows read, day: with / without", "-", rows_read("day")),
        Row("occupancy rows read, month: with / without", "-", rows_read("month")),
        Row("day median, answer cache (repeated question)", "-", fmt_ms(s["day_cached"]["median_ms"])),
        Row("day / ping, answer cache (same server)", "-", f"{day_cached_ratio:.2f}x"),
        Row("month median, answer cache (repeated question)", "-", fmt_ms(s["month_cached"]["median_ms"])),
        Row("day median, kept occupancy (another question, same state)", "-", fmt_ms(s["day_kept"]["median_ms"])),
        Row("day / ping, kept occupancy (same server)", "-", f"{day_kept_ratio:.2f}x"),
        Row("month median, kept occupancy (another question)", "-", fmt_ms(s["month_kept"]["median_ms"])),
        Row("day median, after a write (kept occupancy carried)", "-", fmt_ms(s["day_written"]["median_ms"])),
        Row("day / ping, after a write (same server, pings in a row)", "-", f"{day_written_ratio:.2f}x"),
        Row("ping median, after a write (the same conditions)", "-", fmt_ms(s["ping_after_write"]["median_ms"])),
        Row("day / ping, both after a write", "-", f"{day_written_alike:.2f}x"),
        Row("month median, after a write (carried)", "-", fmt_ms(s["month_written"]["median_ms"])),
        Row("day median, after a basket hold's lapse (carried)", "-", fmt_ms(s["day_lapsed"]["median_ms"])),
        Row("ping median, after a lapse (the same conditions)", "-", fmt_ms(s["ping_after_lapse"]["median_ms"])),
        Row("day / ping, both after a lapse", "-", f"{day_lapsed_alike:.2f}x"),
        Row("304 revalidation median", "-", fmt_ms(s["day_304"]["median_ms"])),
        Row("304 median / ping median", "<= 2x", f"{r304:.2f}x", r304 <= 2),
        Row("304 SQL queries", "-", f"{counts['day_304_warm']} warm / {counts['day_304_cold']} cold"),
        Row("slots offered / refused, busy day", "-", f"{offered} / {refused}"),
        Row(
            "info: empty restaurant (no booking) day / month median",
            "-",
            f"{fmt_ms(s['day_empty']['median_ms'])} / {fmt_ms(s['month_empty']['median_ms'])}",
        ),
        Row(
            "info: busy / empty restaurant, day / month",
            "-",
            f"{ratio(day_ms, s['day_empty']['median_ms']):.2f} / {ratio(month_ms, s['month_empty']['median_ms']):.2f}",
        ),
        Row("info: empty restaurant SQL queries, day / month", "-", f"{q('day', 'empty')}; {q('month', 'empty')}"),
        Row("info: slots offered, empty restaurant", "-", str(offered_empty)),
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
            "day_history_vs_nohistory": day_vs_bare,
            "month_history_vs_nohistory": month_vs_bare,
            "day_busy_vs_empty_restaurant": ratio(day_ms, s["day_empty"]["median_ms"]),
            "month_busy_vs_empty_restaurant": ratio(month_ms, s["month_empty"]["median_ms"]),
            "304_vs_ping": r304,
            "day_cached_vs_ping": day_cached_ratio,
            "day_kept_vs_ping": day_kept_ratio,
            "day_written_vs_ping": day_written_ratio,
            "day_written_vs_ping_written": day_written_alike,
            "day_lapsed_vs_ping_lapsed": day_lapsed_alike,
        },
        "queries": {k: v for k, v in counts.items() if k.endswith(("_warm", "_cold"))},
        "databases": facts,
        "same_bookings": same_bookings,
        "same_answers": same_answers,
        "day_history_warm_sql": counts["day_history_warm_sql"],
        "rows": [r.__dict__ for r in rows],
        "passed": all(checks),
    }
    save("availability", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
