"""Fault drills against a running cluster (`make cluster`, or one this script starts): each prints one
line with its counts, and the script exits 1 when a drill misses its target.

    ./scripts/drills.sh                       # starts a cluster of its own in var/drills
    CLUSTER_RUNNING=var/cluster ./scripts/drills.sh

1. web node killed: `kill -9` of one gunicorn node (master and workers) during 500 racing creates
   whose clients retry with their `Idempotency-Key` until they get an answer. Target: 0 double
   bookings, 0 lost bookings (a 201 whose booking is not in the database), and every replay of a
   key answers its first outcome.
2. database restart: PostgreSQL's primary restarted while 8 clients read (availability, the list,
   ping) and 2 write through the proxy. Target: 0 reads answered 5xx; writes that fail answer the
   envelope and are counted.
3. Redis down for 30 s while 4 clients book. Target: no create fails, every booking has its event,
   and its e-mail leaves once Redis is back.
4. the Celery workers killed mid-delivery (deploy/drill_delivery.py). Target: 0 lost deliveries,
   duplicates only of deliveries in flight at the kill.
5. the standby stopped (deploy/drill_standby.py). Target: every read answered, from the primary.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deploy import running  # noqa: E402
from deploy.drill_delivery import drill_worker_killed  # noqa: E402
from deploy.drill_standby import drill_standby_stopped  # noqa: E402


class Target:
    def __init__(self, directory: Path):
        self.dir = directory
        self.description = json.loads((directory / "cluster.json").read_text())
        self.proxy = self.description["proxy"]
        self.key = self.shell(
            "from apikeys.services import mint_key; from reservations.models import Restaurant; "
            "from tests.bench.seed import RAISED_BUDGETS; r = Restaurant.objects.order_by('id').first(); "
            "Restaurant.objects.filter(pk=r.pk).update(**RAISED_BUDGETS); "
            "from apikeys.models import SCOPES; "
            "print(mint_key(restaurant=r, name='drills', scopes=list(SCOPES)).secret)"
        )
        self.headers = {"Authorization": f"Bearer {self.key}"}

    def shell(self, code: str) -> str:
        return running.shell(self.description, code)

    def ctl(self, *args: str) -> str:
        return running.ctl(self.description, *args)

    def slots(self, count: int) -> list[tuple[str, str]]:
        import datetime as dt

        today = dt.date.fromisoformat(
            requests.get(f"{self.proxy}/v1/configuration", headers=self.headers, timeout=10).json()["current_date"]
        )
        found = []
        for n in range(1, 60):
            day = (today + dt.timedelta(days=n)).isoformat()
            answer = requests.get(f"{self.proxy}/v1/availability", params={"service_date": day, "party_size": 2},
                                  headers=self.headers, timeout=10).json()  # fmt: skip
            found += [(day, slot["time"]) for shift in answer["shifts"] for slot in shift["slots"]]
            if len(found) >= count:
                return found[:count]
        return found


def create_until_answered(target: Target, day: str, time_: str, key: str, deadline: float) -> tuple[int, dict, int]:
    """One client's booking: sent again with the same key after a connection error or a 5xx."""
    body = {"service_date": day, "start_time": time_, "party_size": 2,
            "guest": {"first_name": "Drill", "last_name": key[:8], "email": f"{key}@example.com"}}  # fmt: skip
    tries = 0
    while time.monotonic() < deadline:
        tries += 1
        try:
            response = requests.post(f"{target.proxy}/v1/reservations", json=body, timeout=30,
                                     headers={**target.headers, "Idempotency-Key": key})  # fmt: skip
        except requests.RequestException:
            time.sleep(0.2)
            continue
        if response.status_code < 500 and response.status_code != 429:
            return response.status_code, response.json(), tries
        time.sleep(0.2)
    return 0, {}, tries


def kill_node(target: Target, program: str) -> None:
    master = int(target.ctl("status", program).split("pid ")[1].split(",")[0])
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    for pid in [master, *map(int, children)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def drill_web_node(target: Target, creates: int = 500) -> bool:
    slots = target.slots(40)  # 500 clients racing for 40 slots: most are refused, none twice seated
    keys = [str(uuid.uuid4()) for _ in range(creates)]
    deadline = time.monotonic() + 180
    killer = threading.Timer(2.0, kill_node, args=(target, "web2"))
    killer.start()
    with ThreadPoolExecutor(20) as pool:
        outcomes = list(pool.map(lambda k: create_until_answered(target, *random.choice(slots), k, deadline), keys))
    killer.join()
    statuses = Counter(status for status, _, _ in outcomes)
    retried = sum(1 for _, _, tries in outcomes if tries > 1)
    created = {body["id"] for status, body, _ in outcomes if status == 201}
    in_database = set(json.loads(target.shell(
        "import json; from reservations.models import Reservation; print(json.dumps(list(Reservation.objects"
        ".filter(guest__first_name='Drill').values_list('public_id', flat=True))))"
    )))  # fmt: skip
    # Two bookings on one table at once (the exclusion constraint's job), or one client's key booked twice.
    doubles = int(target.shell(
        "from django.db import connection; c = connection.cursor(); c.execute('SELECT count(*) FROM "
        "reservations_tableallocation a JOIN reservations_tableallocation b ON a.table_id = b.table_id "
        "AND a.id < b.id AND a.during && b.during'); print(c.fetchone()[0])"
    )) + int(target.shell(
        "from django.db.models import Count; from reservations.models import Reservation; "
        "print(Reservation.objects.filter(guest__first_name='Drill').values('guest__email')"
        ".annotate(n=Count('id')).filter(n__gt=1).count())"
    ))  # fmt: skip
    # Every key asked again: the first outcome, whichever node answers.
    replays = 0
    for (status, body, _), key in zip(outcomes, keys, strict=True):
        if status == 201:
            again = create_until_answered(target, *_slot_of(body), key, time.monotonic() + 30)
            replays += again[0] == 201 and again[1]["id"] == body["id"]
    lost = len(created - in_database)
    ok = doubles == 0 and lost == 0 and replays == len(created) and statuses[0] == 0
    print(f"web node killed: {creates} creates ({dict(statuses)}), {retried} retried, {len(created)} booked, "
          f"{doubles} double bookings, {lost} lost, {replays}/{len(created)} replays answered the first outcome, "
          f"{len(in_database - created)} booked without a 201 seen -> {'PASS' if ok else 'FAIL'}")  # fmt: skip
    target.ctl("start", "web2")
    return ok


def _slot_of(body: dict) -> tuple[str, str]:
    return body["service_date"], body["starts_at"][11:16]


def drill_database_restart(target: Target, seconds: float = 12) -> bool:
    day, _ = target.slots(1)[0]
    reads = [f"/v1/availability?service_date={day}&party_size=2", "/v1/reservations?limit=20", "/v1/ping"]
    stop = time.monotonic() + seconds
    read_statuses, write_statuses = Counter(), Counter()

    def reader():
        session = requests.Session()
        while time.monotonic() < stop:
            try:
                read_statuses[session.get(target.proxy + random.choice(reads), headers=target.headers,
                                          timeout=30).status_code] += 1  # fmt: skip
            except requests.RequestException:
                read_statuses["connection"] += 1

    write_slots = target.slots(5)

    def writer():
        while time.monotonic() < stop:
            status, _, _ = create_until_answered(target, *random.choice(write_slots), str(uuid.uuid4()), stop)
            write_statuses[status] += 1

    restarter = threading.Timer(seconds / 3, target.ctl, args=("restart", "pg-primary"))
    restarter.start()
    with ThreadPoolExecutor(10) as pool:
        for _ in range(8):
            pool.submit(reader)
        for _ in range(2):
            pool.submit(writer)
    restarter.join()
    failed_reads = sum(n for status, n in read_statuses.items() if status == "connection" or status >= 500)
    ok = failed_reads == 0
    print(f"database restart: {sum(read_statuses.values())} reads ({dict(read_statuses)}), {failed_reads} failed; "
          f"writes {dict(write_statuses)} -> {'PASS' if ok else 'FAIL'}")  # fmt: skip
    return ok


def drill_redis_down(target: Target, seconds: float = 30) -> bool:
    """Redis stopped for `seconds` while 4 clients book: bookings go on (the budget lets requests through
    while it cannot count), every booking keeps its event and its e-mail, and the e-mails go out
    once Redis is back (the outbox's sweep)."""
    slots = target.slots(200)
    target.ctl("stop", "redis")
    stop, outcomes = time.monotonic() + seconds, []

    def client():
        while time.monotonic() < stop:
            key = str(uuid.uuid4())
            outcomes.append(create_until_answered(target, *random.choice(slots), key, time.monotonic() + 30))

    try:
        with ThreadPoolExecutor(4) as pool:
            for _ in range(4):
                pool.submit(client)
    finally:
        target.ctl("start", "redis")
    booked = [body["id"] for status, body, _ in outcomes if status == 201]
    statuses = Counter(status for status, _, _ in outcomes)
    ids = json.dumps(booked)
    counts = json.loads(target.shell(
        "import json, time; from webhooks.models import Event, OutboxMessage; from reservations.models import "
        f"Reservation; ids = {ids!r}; ids = json.loads(ids); "
        "events = Event.objects.filter(type='reservation.created', subject__in=ids).count(); "
        "pks = list(Reservation.objects.filter(public_id__in=ids).values_list('pk', flat=True)); "
        "deadline = time.monotonic() + 60\n"
        "while OutboxMessage.objects.filter(status='pending', payload__reservation_id__in=pks).exists() "
        "and time.monotonic() < deadline: time.sleep(1)\n"
        "print(json.dumps({'events': events, 'pending_emails': OutboxMessage.objects.filter("
        "status='pending', payload__reservation_id__in=pks).count()}))"
    ))  # fmt: skip
    failed = sum(n for status, n in statuses.items() if status >= 500 or status == 0)
    ok = bool(booked) and counts["events"] == len(booked) and counts["pending_emails"] == 0 and failed == 0
    print(f"Redis down {seconds:.0f} s: {len(outcomes)} creates ({dict(statuses)}), {len(booked)} booked, "
          f"{counts['events']} with their event, {counts['pending_emails']} e-mails still pending a minute "
          f"after Redis came back -> {'PASS' if ok else 'FAIL'}")  # fmt: skip
    return ok


def main(drills=None, directory: str = "drills") -> int:
    """Run `drills` (a function of the Target, true when they passed; by default every drill) against
    the cluster CLUSTER_RUNNING names, or one started in var/<directory> and stopped after."""
    drills = drills or run_drills
    given = os.environ.get("CLUSTER_RUNNING")
    if given:
        return 0 if drills(Target(Path(given))) else 1
    try:
        started = running.start(ROOT / "var" / directory)
    except RuntimeError as error:
        print(error)
        return 1
    try:
        return 0 if drills(Target(started.directory)) else 1
    finally:
        running.stop(started)


def run_drills(target: Target) -> bool:
    results = [drill_web_node(target), drill_database_restart(target), drill_redis_down(target)]
    results.append(drill_worker_killed(target))  # deploy/drill_delivery.py
    results.append(drill_standby_stopped(target))  # deploy/drill_standby.py
    return all(results)


if __name__ == "__main__":
    sys.exit(main())
