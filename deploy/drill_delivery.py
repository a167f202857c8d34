"""Drill: the Celery workers killed mid-delivery (deploy/drills.py runs it with the others).

    ./scripts/drills.sh                              # every drill, this one among them
    ./scripts/drills.sh deploy/drill_delivery.py     # this one alone, on a cluster in var/drill-delivery
    CLUSTER_RUNNING=var/cluster ./scripts/drills.sh deploy/drill_delivery.py

A receiver on loopback (deploy/receiver.py), started here, answers every delivery after ANSWER_SECONDS, so that
deliveries are in flight at any moment; ENDPOINTS webhook endpoints of the drill's restaurant
(`reservation.created`) point at it. BOOKINGS creates go through the proxy; once the receiver has
KILL_AFTER deliveries and some are being answered, every process of worker1 and worker2 (main
and pool) is killed with SIGKILL at once; supervisord starts them again and the outbox's sweep
sends again what they had not recorded. Counted once the outbox is drained:

- lost: deliveries owed (events x endpoints) that never reached the receiver. Target 0.
- duplicates: receipts of a delivery already received. Target: each one a delivery that was in
  flight at the kill: sent by a killed process (on a connection it had opened) and received, its
  success not yet recorded in the outbox (read from PostgreSQL right after the kill, before the
  workers are back).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import psycopg
import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deploy import running  # noqa: E402
from deploy.receiver import Answer, Receiver  # noqa: E402

BOOKINGS = 200
ENDPOINTS = 4
ANSWER_SECONDS = 0.3
KILL_AFTER = 40  # deliveries received before the kill
WORKERS = ("worker1", "worker2")  # the queue `celery`: every healthy endpoint's deliveries


def _delivery(received) -> tuple[str, str]:
    """A request's endpoint path and event id (the webhook-id header)."""
    return received.path, received.headers.get("webhook-id", "")


SETUP = """
import json
from reservations.models import Restaurant
from webhooks.models import Event
from webhooks.services.endpoints import create_endpoint
restaurant = Restaurant.objects.order_by("id").first()
last = Event.objects.order_by("-id").values_list("id", flat=True).first() or 0
made = [create_endpoint(restaurant=restaurant, url=url, events=["reservation.created"], description="drill").endpoint
        for url in {urls}]
print(json.dumps({{"restaurant": restaurant.pk, "last_event": last,
                  "paths": {{e.pk: "/" + e.url.split("/", 3)[3] for e in made}}}}))
"""

DRAIN = """
import json, time
from webhooks.models import Delivery, Event
ids, deadline = {ids}, time.monotonic() + {seconds}
def busy():
    return (Event.objects.filter(dispatched_at__isnull=True).exists()
            or Delivery.objects.filter(endpoint_id__in=ids).exclude(status="succeeded").exists())
while busy() and time.monotonic() < deadline:
    time.sleep(0.5)
published = Event.objects.filter(restaurant_id={restaurant}, type="reservation.created", id__gt={last_event})
print(json.dumps({{"drained": not busy(), "published": list(published.values_list("public_id", flat=True))}}))
"""

CLEANUP = """
from webhooks.models import Endpoint
from webhooks.services.endpoints import delete_endpoint
for endpoint in Endpoint.objects.filter(pk__in={ids}):
    delete_endpoint(endpoint=endpoint)
"""

RECORDED = """
SELECT d.endpoint_id, e.public_id FROM webhooks_delivery d JOIN webhooks_event e ON e.id = d.event_id
WHERE d.endpoint_id = ANY(%s) AND d.status = 'succeeded'
"""


def _book(target, slots: list[tuple[str, str]], clients: int = 8) -> Counter:
    """One create per slot through the proxy (sent again with its key after a connection error or 5xx);
    the statuses, a refusal with its error code."""

    def create(slot: tuple[str, str]) -> int | str:
        key = str(uuid.uuid4())
        body = {"service_date": slot[0], "start_time": slot[1], "party_size": 2,
                "guest": {"first_name": "Hook", "last_name": key[:8], "email": f"{key}@example.com"}}  # fmt: skip
        for _ in range(20):
            try:
                answer = requests.post(f"{target.proxy}/v1/reservations", json=body, timeout=30,
                                       headers={**target.headers, "Idempotency-Key": key})  # fmt: skip
            except requests.RequestException:
                time.sleep(0.2)
                continue
            if answer.status_code < 400:
                return answer.status_code
            if answer.status_code < 500 and answer.status_code != 429:  # a refusal, with its code
                return f"{answer.status_code} {answer.json().get('error', {}).get('code')}"
            time.sleep(0.2)
        return 0

    with ThreadPoolExecutor(clients) as pool:
        return Counter(pool.map(create, slots))


def _pids(target, program: str) -> list[int]:
    """The program's main process and its children (Celery's pool)."""
    main = int(target.ctl("status", program).split("pid ")[1].split(",")[0])
    children = subprocess.run(["pgrep", "-P", str(main)], capture_output=True, text=True).stdout.split()
    return [main, *map(int, children)]


@dataclass
class Kill:
    at: float | None = None  # time.monotonic() once every process was killed
    recorded: set | None = None  # (endpoint id, event id) recorded as succeeded right after the kill
    back_after: float | None = None  # seconds until supervisord had every killed worker running again


def _kill_in_flight(target, receiver: Receiver, db, endpoint_ids: list[int], kill: Kill, wait: float) -> None:
    """Once KILL_AFTER deliveries arrived and some are being answered: SIGKILL the workers, read the outbox,
    wait for supervisord to have them running again."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        received = receiver.received()
        if len(received) >= KILL_AFTER and any(r.answered is None for r in received):
            break
        time.sleep(0.02)
    else:
        return
    pids = [pid for program in WORKERS for pid in _pids(target, program)]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    killed_at = time.monotonic()
    time.sleep(0.2)  # a COMMIT a killed process had sent completes; the restarted ones take seconds to start
    # Nothing else records these endpoints' deliveries (worker-slow serves failing endpoints only).
    kill.recorded = set(db.execute(RECORDED, [endpoint_ids]).fetchall())
    kill.at = killed_at
    while time.monotonic() < killed_at + 120:
        statuses = [target.ctl("status", program) for program in WORKERS]
        if all("RUNNING" in s and int(s.split("pid ")[1].split(",")[0]) not in pids for s in statuses):
            kill.back_after = time.monotonic() - killed_at
            return
        time.sleep(0.2)


def drill_worker_killed(target, bookings: int = BOOKINGS, endpoints: int = ENDPOINTS) -> bool:
    receiver = Receiver(lambda request, n: Answer(delay=ANSWER_SECONDS)).start()
    made: dict = {}
    try:
        urls = json.dumps([f"{receiver.url}/{n}" for n in range(endpoints)])
        setup = json.loads(target.shell(SETUP.format(urls=urls)))
        made = {int(pk): path for pk, path in setup["paths"].items()}
        slots = target.slots(bookings)
        kill = Kill()
        with psycopg.connect(target.description["primary"], autocommit=True) as db:  # open before the kill
            killer = threading.Thread(target=_kill_in_flight, args=(target, receiver, db, list(made), kill, 180))
            killer.start()
            statuses = _book(target, slots)
            killer.join()
        code = DRAIN.format(ids=list(made), seconds=300, restaurant=setup["restaurant"], last_event=setup["last_event"])
        drain = json.loads(running.shell(target.description, code, timeout=400))
        drained_after = time.monotonic() - kill.at if kill.at is not None else 0.0
    finally:
        receiver.stop()
        if made:
            target.shell(CLEANUP.format(ids=list(made)))
    return _report(bookings, statuses, drain, made, receiver.received(), kill, drained_after)


def _report(bookings, statuses, drain, made, receipts, kill, drained_after) -> bool:
    owed = {(path, event) for event in drain["published"] for path in made.values()}
    got = [_delivery(r) for r in receipts if _delivery(r) in owed]
    received = set(got)
    lost = len(owed - received)
    duplicated = Counter(got) - Counter(received)
    if kill.at is None:
        in_flight, awaiting = set(), 0
    else:
        # Sent by the killed processes: on a connection they had opened (the restarted ones open new ones).
        before = [r for r in receipts if r.opened < kill.at and _delivery(r) in owed]
        recorded = {(made[endpoint], event) for endpoint, event in kill.recorded}
        in_flight = {_delivery(r) for r in before} - recorded
        awaiting = sum(1 for r in before if r.answered is None or r.answered > kill.at)
    duplicates = sum(duplicated.values())
    ok = (kill.at is not None and bool(in_flight) and drain["drained"] and lost == 0
          and duplicates <= len(in_flight) and set(duplicated) <= in_flight)  # fmt: skip
    back = f"{kill.back_after:.1f} s" if kill.back_after is not None else "never"
    print(f"worker killed mid-delivery: {bookings} creates ({dict(statuses)}), {len(drain['published'])} events x "
          f"{len(made)} endpoints = {len(owed)} deliveries owed, {len(got)} received, {lost} lost, {duplicates} "
          f"duplicates ({len(in_flight)} in flight at the kill, {awaiting} of them awaiting their answer; "
          f"{len(set(duplicated) - in_flight)} duplicates not in flight); workers back in {back}, outbox drained "
          f"{drained_after:.0f} s after the kill -> {'PASS' if ok else 'FAIL'}")  # fmt: skip
    return ok


def main() -> int:
    from deploy import drills

    return drills.main(drill_worker_killed, "drill-delivery")  # beside a drills.sh run in var/drills


if __name__ == "__main__":
    sys.exit(main())
