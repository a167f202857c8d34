"""Where a request's time goes: profile it in-process against the bench database.

    python -m tests.bench.bench_profile ping|configuration|day|day-empty|month|month-empty|create|list [-n N]
    python -m tests.bench.bench_profile day-nohistory|month-nohistory [-n N]
    python -m tests.bench.bench_profile day-ten|list-ten|ping-ten|day-written-ten [-n N]
    python -m tests.bench.bench_profile day-written|month-written [-n N]

`day` and `month` run on the bench database (the busy restaurant among 1M other
bookings), `*-nohistory` the same requests on the no-history database (the same
restaurant and bookings alone), `*-empty` on the bench database's empty restaurant,
`*-ten` on the tenfold database's `ten` restaurant (4,000 bookings on the measured day).

Runs the request N times through Django (django.test.Client, the whole middleware
and DRF stack, no gunicorn) after a warm-up, and prints:
  * the SQL queries of one request with their time,
  * the top functions by own time and by cumulative time (cProfile),
  * a pyinstrument call tree, when pyinstrument is installed (pip install pyinstrument;
    a developer tool, not a project dependency).
For `create`, each booking is cancelled after the profiled call, outside the profile; for
`*-written` (the first answer after a write), a booking is made and cancelled on the measured day
after each profiled call, outside the profile.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import sys
import time
import uuid
from contextlib import ExitStack

from tests.bench.bench_common import BENCH_NOHISTORY_DATABASE_URL, setup_django, use_database


def request_maker(name: str, info: dict):
    from django.test import Client

    busy, empty = info["busy"]["key"], info.get("empty", {}).get("key")
    day = f"/v1/availability?service_date={info['measured_date']}&party_size=4"
    month = f"/v1/availability/months?month={info['month']}"
    client = Client()

    def get(path, key):
        def call():
            response = client.get(path, HTTP_AUTHORIZATION=f"Bearer {key}")
            assert response.status_code == 200, response.content[:300]
            return response

        return call, None

    simple = {
        "ping": ("/v1/ping", busy),
        "configuration": ("/v1/configuration", busy),
        "day": (day, busy),
        "day-empty": (day, empty),
        "month": (month, busy),
        "month-empty": (month, empty),
        "list": ("/v1/reservations?limit=100&expand=guest", busy),
    }
    if name in simple:
        return get(*simple[name])
    if name.endswith("-written") and name.removesuffix("-written") in ("day", "month"):
        # The first answer after a write: a booking made and cancelled after each profiled call.
        ask, _ = get(*simple[name.removesuffix("-written")])
        return ask, _write_on(client, busy, info["measured_date"])
    if name != "create":
        raise SystemExit(f"unknown request {name}")

    # A free slot for a party of 2 in the measured month, re-used: each booking is cancelled.
    date = info["month_first"][:8] + "04"
    times = _open_times(client, busy, date)
    created = []

    def create():
        response = _book(client, busy, date, times[len(created) % len(times)], f"p{len(created) % 50}@example.com")
        assert response.status_code == 201, response.content[:300]
        created.append(response.json()["id"])
        return response

    return create, lambda: _cancel(client, busy, created[-1])


def _open_times(client, key: str, date: str) -> list[str]:
    """The seating times a party of 2 can book on `date`."""
    avail = client.get(f"/v1/availability?service_date={date}&party_size=2", HTTP_AUTHORIZATION=f"Bearer {key}")
    return [s["time"] for shift in avail.json()["shifts"] for s in shift["slots"]]


def _book(client, key: str, date: str, time_: str, email: str):
    """POST a booking of 2 (the response, whatever its status)."""
    body = {
        "service_date": date,
        "start_time": time_,
        "party_size": 2,
        "guest": {"first_name": "Pro", "last_name": "File", "email": email},
        "metadata": {"bench": "profile"},
    }
    return client.post(
        "/v1/reservations",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
        HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
    )


def _cancel(client, key: str, public_id: str) -> None:
    response = client.post(
        f"/v1/reservations/{public_id}/cancel",
        data="",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )
    assert response.status_code == 200, response.content[:300]


def _write_on(client, key: str, date: str):
    """A booking of 2 made and cancelled on `date` (its first open slot that takes it)."""
    times = _open_times(client, key, date)

    def write():
        for time_ in times:
            made = _book(client, key, date, time_, "written@example.com")
            if made.status_code == 201:
                _cancel(client, key, made.json()["id"])
                return
        raise AssertionError(f"no slot on {date} takes a party of 2")

    return write


def main(argv: list[str]) -> int:
    name = argv[0] if argv else "day"
    n = int(argv[argv.index("-n") + 1]) if "-n" in argv else 50
    setup_django()
    from tests.bench.seed import ensure_nohistory_seeded, ensure_seeded

    info = ensure_seeded()
    stack = ExitStack()
    if name.endswith("-nohistory"):
        info = ensure_nohistory_seeded(info)
        stack.enter_context(use_database(BENCH_NOHISTORY_DATABASE_URL))
        name = name.removesuffix("-nohistory")
        if name not in ("day", "month", "ping", "configuration", "list"):
            raise SystemExit(f"{name} has no no-history variant")
    elif name.endswith("-ten"):
        from tests.bench.seed_tenfold import TENFOLD_DATABASE_URL, ensure_tenfold_seeded

        stack.enter_context(use_database(TENFOLD_DATABASE_URL))
        tenfold = ensure_tenfold_seeded()
        info = {**tenfold, "busy": tenfold["ten"], "month": tenfold["month_first"][:7]}
        name = name.removesuffix("-ten")
        if name not in ("day", "ping", "list", "create", "day-written"):
            raise SystemExit(f"{name} has no tenfold variant")
    with stack:
        return profile(name, n, info)


def profile(name: str, n: int, info: dict) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call, after = request_maker(name, info)
    for _ in range(5):  # warm: policy cache, connections, imports
        call()
        if after:
            after()

    with CaptureQueriesContext(connection) as context:
        call()
    queries = list(context.captured_queries)  # read before the next request resets the log
    if after:
        after()
    print(f"\n== {name}: {len(queries)} SQL queries in one request")
    for q in queries:
        print(f"  {float(q['time']) * 1000:7.2f} ms  {' '.join(q['sql'].split())[:160]}")

    cpu = wall = 0.0
    for _ in range(n):  # without a profiler: this process's CPU per request (PostgreSQL's not included)
        started, started_cpu = time.perf_counter(), time.process_time()
        call()
        cpu += time.process_time() - started_cpu
        wall += time.perf_counter() - started
        if after:
            after()
    print(
        f"\n== {name}: {n} requests in-process, no profiler: mean {wall / n * 1000:.2f} ms wall, {cpu / n * 1000:.2f} ms CPU"
    )
    if "--cpu" in sys.argv:
        return 0

    profiler = cProfile.Profile()
    wall = 0.0
    for _ in range(n):
        started = time.perf_counter()
        profiler.enable()
        call()
        profiler.disable()
        wall += time.perf_counter() - started
        if after:
            after()
    print(
        f"\n== {name}: {n} requests in-process under cProfile, mean {wall / n * 1000:.2f} ms (profiler overhead included)"
    )
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(order).print_stats(30)
        print(f"\n== top functions by {order}")
        print("\n".join(line for line in out.getvalue().splitlines() if line.strip()))

    try:  # a second pass: the two profilers cannot run at once
        from pyinstrument import Profiler
    except ImportError:
        print("\n(pyinstrument is not installed: no call tree)")
        return 0
    tree = Profiler(interval=0.0002)
    wall = 0.0
    for _ in range(n):
        started = time.perf_counter()
        tree.start()
        call()
        tree.stop()
        wall += time.perf_counter() - started
        if after:
            after()
    print(f"\n== pyinstrument call tree ({n} requests, mean {wall / n * 1000:.2f} ms)")
    print(tree.output_text(unicode=False, color=False, show_all=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
