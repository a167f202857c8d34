"""Redis is a doorbell, not a store: once a transaction that wrote outbox rows commits, one
`webhooks.tasks.pump` is queued to get them moving. If the broker is down the rows wait in
PostgreSQL and the periodic sweep (`webhooks.tasks.sweep`) rings later; nothing is lost.

Rings are coalesced twice:
- in Redis: a task is queued only when no task of the same name is already waiting (a key set
  with NX and a short expiry, `claim`; the task clears it as it starts, `release`, so a row
  committed after that start rings again). Under load one pump serves many commits;
- in the process: a commit rings at once unless this process rang less than
  `OUTBOX_RING_INTERVAL` seconds ago; then one ring at the end of that interval covers every
  commit made during it (a ring always follows a commit, at most an interval later). Under load
  a web process talks to Redis a few dozen times a second instead of once per booking.
A lost ring (Redis down, a process stopped with a ring pending) only delays its rows until the
key expires or the sweep runs.
"""

import logging
import threading
import time

from django.conf import settings
from django.db import transaction

logger = logging.getLogger("webhooks.doorbell")

PUMP = "webhooks.tasks.pump"
PUMP_KEY = "webhooks:queued:pump"
KEY_TTL_MS = 2000

_clients: dict[str, object] = {}
_clients_lock = threading.Lock()


def _app():
    from config.celery import app

    return app


def _redis():
    import redis

    url = _app().conf.broker_url
    client = _clients.get(url)
    if client is None:
        with _clients_lock:
            client = _clients.get(url) or redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
            _clients[url] = client
    return client


def claim(key: str, ttl_ms: int = KEY_TTL_MS) -> bool:
    """True when no task under `key` is waiting (the caller queues one); False when one is."""
    if _app().conf.task_always_eager:
        return True
    return bool(_redis().set(key, b"1", nx=True, px=ttl_ms))


def release(key: str) -> None:
    """A task clears its key as it starts: rows written from now on ring again."""
    if _app().conf.task_always_eager:
        return
    try:
        _redis().delete(key)
    except Exception as error:  # the key expires by itself
        logger.warning("Could not clear %s (%s)", key, error)


class _Ring:
    """One on-commit ring; `done` once it ran (a test harness may keep run callbacks listed)."""

    done = False

    def __call__(self) -> None:
        self.done = True
        ring_soon()


_pace_lock = threading.Lock()
_last_ring = float("-inf")  # time.monotonic() of this process's last ring
_pending: threading.Timer | None = None  # the ring that will end the current interval


def ring_soon() -> None:
    """Ring now, or at the end of the interval when this process rang less than an interval ago."""
    global _last_ring, _pending
    interval = settings.OUTBOX_RING_INTERVAL
    now = time.monotonic()
    with _pace_lock:
        if _pending is not None:
            return  # a ring is due at the end of this interval: it covers this commit
        wait = _last_ring + interval - now
        if wait <= 0 or _app().conf.task_always_eager:
            _last_ring = now
        else:
            _pending = threading.Timer(wait, _ring_pending)
            _pending.daemon = True
            _pending.start()
            return
    ring()


def _ring_pending() -> None:
    global _last_ring, _pending
    with _pace_lock:
        _last_ring, _pending = time.monotonic(), None
    ring()


def ring_on_commit() -> None:
    """Queue one pump when the current transaction commits (one per transaction, however many rows)."""
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        ring()
        return
    if any(isinstance(entry[1], _Ring) and not entry[1].done for entry in connection.run_on_commit):
        return
    transaction.on_commit(_Ring())


def ring() -> None:
    app = _app()
    try:
        if app.conf.task_always_eager:  # tests without a worker: the pump runs here and now
            app.tasks[PUMP].apply()
            return
        if not claim(PUMP_KEY):
            return  # a pump is waiting: it will find these rows
        try:
            app.send_task(PUMP, retry=False)
        except Exception:
            release(PUMP_KEY)
            raise
    except Exception as error:  # the rows are committed: the sweep will find them
        logger.warning("Could not ring the outbox doorbell (%s); the sweep will deliver", error)
