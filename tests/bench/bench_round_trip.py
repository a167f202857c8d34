"""Issue 32, point 2: the booking step's round trip as config.postgresql.round_trip sends it, against
psycopg 3's pipeline mode sending the same statements, in one interleaved run.

    python -m tests.bench.bench_round_trip

Both run, in a transaction rolled back each time, on the restaurant of tests/bench/bench_guest_pages.py
(about 70 bookings on the measured day): the restaurant's lock, its version counters, the lapsed
holds' DELETE and the day's two occupancy reads, as the booking step sends them before a decision.

* round_trip.run: Django's cursor, the five statements as one text (`EXECUTE name(...)` of statements
  prepared once per connection, parameters bound on the client): one message, one round trip.
* pipeline: a psycopg connection of its own in pipeline mode, the same five statements sent apart
  with parameters bound on the server (psycopg prepares each after its fifth run): one round trip.
"""

import datetime as dt
import statistics
import sys
import time

from tests.bench.bench_common import BENCH_DATABASE_URL, Row, fmt_ms, log, print_table, save, setup_django

LOCK = "SELECT set_config('lock_timeout', %s, true), pg_advisory_xact_lock(%s)"
VERSIONS = "SELECT policy_version, availability_version FROM reservations_restaurant WHERE id = %s"
DROP = 'DELETE FROM "reservations_tableallocation" WHERE "restaurant_id" = %s AND "expires_at" <= %s'


def timed(call, n: int) -> list[float]:
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def run() -> dict:
    setup_django()
    import psycopg
    from django.db import connection, transaction

    from config.locking import restaurant_lock
    from config.postgresql.round_trip import run as run_parts
    from reservations.models import Restaurant
    from reservations.selectors.engine_policy import policy_for, versions_read
    from reservations.selectors.occupancy import COVERS, INTERVALS, _parameters, occupancy_part
    from reservations.services.allocations import lapsed_dropped
    from tests.bench.bench_guest_pages import SLUG, ensure_world

    world = ensure_world()
    day = dt.date.fromisoformat(world["day"])
    restaurant = Restaurant.objects.get(slug=SLUG)
    policy = policy_for(restaurant)

    def with_round_trip():
        now = dt.datetime.now(dt.UTC)
        with transaction.atomic():
            run_parts(
                restaurant_lock(restaurant.pk),
                versions_read(restaurant),
                lapsed_dropped(restaurant.pk, now),
                occupancy_part(restaurant.pk, policy, day, day, now),
            )
            transaction.set_rollback(True)

    raw = psycopg.connect(BENCH_DATABASE_URL)
    raw.execute("SET plan_cache_mode = force_generic_plan")  # as config.postgresql.base sets it
    raw.commit()
    cursors = [raw.cursor() for _ in range(5)]

    def with_pipeline():
        now = dt.datetime.now(dt.UTC)
        values = _parameters(restaurant.pk, policy, day, day, now, None)
        with raw.pipeline():
            cursors[0].execute(LOCK, ["10s", restaurant.pk])
            cursors[1].execute(VERSIONS, [restaurant.pk])
            cursors[2].execute(DROP, [restaurant.pk, now])
            cursors[3].execute(INTERVALS, values)
            cursors[4].execute(COVERS, values)
        cursors[1].fetchone(), cursors[3].fetchall(), cursors[4].fetchall()
        raw.rollback()

    connection.ensure_connection()
    rounds, per_round = 10, 200
    samples = {"round_trip.run": [], "pipeline": []}
    log(f"Warming up, then {rounds} interleaved rounds of {per_round} each")
    timed(with_round_trip, 50), timed(with_pipeline, 50)
    for index in range(rounds):
        order = [("round_trip.run", with_round_trip), ("pipeline", with_pipeline)]
        for name, call in order if index % 2 == 0 else order[::-1]:
            samples[name] += timed(call, per_round)
    raw.close()
    med = {name: statistics.median(values) for name, values in samples.items()}
    share = med["pipeline"] / med["round_trip.run"]
    rows = [
        Row("round_trip.run (one text, prepared EXECUTEs)", "-", fmt_ms(med["round_trip.run"])),
        Row("psycopg pipeline (server-side binding)", "-", f"{fmt_ms(med['pipeline'])} ({share:.2f}x)"),
    ]
    print_table(f"Issue 32: the booking step's lock round trip, medians of {rounds * per_round}", rows)
    result = {"issue": 32, "medians_ms": med, "pipeline_over_round_trip": share}
    save("round_trip", result)
    return result


if __name__ == "__main__":
    run()
    sys.exit(0)
