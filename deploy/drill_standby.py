"""The drill "the standby stopped" (deploy/drills.py runs it): readers through the proxy while the
standby is stopped for `seconds`. Target: 0 reads answered with an error, the primary answering every
read while the standby is stopped, the standby answering again once it is back
(config/postgresql/replica.py)."""

from __future__ import annotations

import random
import re
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import requests

READS_TOTAL = re.compile(r'database_reads_total\{database="(\w+)",reason="(\w+)"\} (\S+)')


def reads_by_server(description: dict) -> Counter:
    """`database_reads_total` of every web node, by (database, reason)."""
    found = Counter()
    for part, address in description["metrics"].items():
        if part.startswith("web"):
            for line in requests.get(address, timeout=10).text.splitlines():
                match = READS_TOTAL.match(line)
                if match:
                    found[match[1], match[2]] += float(match[3])
    return found


def drill_standby_stopped(target, seconds: float = 10, readers: int = 4) -> bool:
    day, _ = target.slots(1)[0]
    paths = [f"/v1/availability?service_date={day}&party_size=2", f"/v1/availability/months?month={day[:7]}",
             "/v1/reservations?limit=20", "/v1/guests?limit=20", "/v1/holds"]  # fmt: skip
    phase = ["before"]  # before, stopped, after: what the readers count their answers under
    statuses = {name: Counter() for name in ("before", "stopped", "after")}
    done = threading.Event()

    def reader():
        session = requests.Session()
        while not done.is_set():
            counted, path = statuses[phase[0]], random.choice(paths)
            try:
                counted[session.get(target.proxy + path, headers=target.headers, timeout=30).status_code] += 1
            except requests.RequestException:
                counted["connection"] += 1

    with ThreadPoolExecutor(readers) as pool:
        for _ in range(readers):
            pool.submit(reader)
        try:
            time.sleep(3)
            target.ctl("stop", "pg-standby")  # returns once it has stopped
            phase[0] = "stopped"
            at_stop = reads_by_server(target.description)
            time.sleep(seconds)
            at_start = reads_by_server(target.description)
            phase[0] = "after"
            target.ctl("start", "pg-standby")
            time.sleep(8)  # the standby back (each process leaves a failed standby alone for 5 s)
        finally:
            done.set()
    at_end = reads_by_server(target.description)
    while_stopped, after = at_start - at_stop, at_end - at_start
    failed = sum(n for c in statuses.values() for status, n in c.items() if status == "connection" or status >= 500)
    standby_while_stopped = sum(n for (database, _), n in while_stopped.items() if database == "standby")
    standby_after = sum(n for (database, _), n in after.items() if database == "standby")
    ok = failed == 0 and standby_while_stopped == 0 and sum(statuses["stopped"].values()) > 0 and standby_after > 0

    def line(counts: Counter) -> str:
        return ", ".join(f"{database} {reason} {n:.0f}" for (database, reason), n in sorted(counts.items())) or "none"

    print(f"standby stopped {seconds:.0f} s: {sum(sum(c.values()) for c in statuses.values())} reads "
          f"({', '.join(f'{name} {dict(c)}' for name, c in statuses.items())}), {failed} failed; "
          f"answered while stopped: {line(while_stopped)}; after its start: {line(after)} "
          f"-> {'PASS' if ok else 'FAIL'}")  # fmt: skip
    return ok
