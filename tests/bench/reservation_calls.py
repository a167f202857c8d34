"""The booking calls the benchmarks share (issue 4's, bench_reservations, first): forgetting
what earlier runs wrote, the open slots of some dates, a create's body, the seating grid's
times, and the probe calls timed right after a write or a hold's lapse.
"""

from __future__ import annotations

import itertools
import time
import uuid

from tests.bench.environment import BENCH_REDIS_URL, log
from tests.bench.server import Http, expect


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


def grid_times() -> list[str]:
    from tests.bench.seed_spec import SHIFTS

    times = []
    for _, _, start, end, last, *_ in SHIFTS:
        minutes = start.hour * 60 + start.minute
        stop = (last or end).hour * 60 + (last or end).minute
        while minutes <= stop:
            times.append(f"{minutes // 60:02d}:{minutes % 60:02d}")
            minutes += 15
    return times
