"""Reads from the primary's streaming standby (issue 33, point 2), without a partner ever reading
older than its own write.

`DATABASES["replica"]` exists when DATABASE_REPLICA_URL is set (config/settings.py; the cluster sets
it, `make run` and the tests do not). Then:

- **Which reads.** A view action decorated with `standby_reads` (availability, day and month, and the
  lists: GET only) runs with the alias of this request's reads set to "replica" when the standby may
  answer. The selectors take their raw cursors from `reading()` (the connection of that alias), the
  prepared statements are prepared on it (config.postgresql.prepared), and `Router` sends the ORM's
  reads there too. Everything else, the booking writes with every read they decide on under the
  restaurant's lock included, runs with the alias "default": the primary.
- **Never older than its own write.** After every /v1 write that succeeded (a method other than GET
  or HEAD, status below 400), `WritePositionMiddleware` records the primary's WAL insert position
  for the key's restaurant in Redis (the highest kept, for WRITTEN_SECONDS) before the answer
  leaves. A read of that restaurant goes to the standby only when the standby's replay position
  (`pg_last_wal_replay_lsn()`) is at or past it: WAL positions compared, no delay guessed.
- **What Redis forgot.** A restaurant's position lives WRITTEN_SECONDS; Redis may restart empty. So
  a read also needs the standby past the *epoch*: the primary's position when the epoch was taken,
  kept EPOCH_SECONDS (less than WRITTEN_SECONDS). Any write whose own position is gone, expired or
  lost, was committed before the epoch present then was taken. No epoch: the read goes to the
  primary and takes one.
- **The safe side.** Redis unreachable, a position not known, the standby behind, or the standby
  failing (a connection error marks it down for DOWN_SECONDS in this process): the primary
  answers, with no error. A read that fails on the standby is answered again on the primary.

Every decorated read is counted in `database_reads_total{database, reason}` (config/ops/metrics.py).
With no replica configured, nothing here costs a round trip.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import TypeVar

import redis
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

from config.ops.metrics import DATABASE_READS, REDIS_ERRORS

logger = logging.getLogger("config.replica")
T = TypeVar("T")

REPLICA = "replica"
SAFE_METHODS = frozenset({"GET", "HEAD"})
WRITTEN_SECONDS = 300  # how long a restaurant's last write position is kept
EPOCH_SECONDS = 60  # how long an epoch lasts (< WRITTEN_SECONDS: see the module's text)
DOWN_SECONDS = 5.0  # a standby that failed is left alone this long, per process
PREFIX = "standby-reads:"
EPOCH = PREFIX + "epoch"

# The alias this request's reads use: "default" unless a `standby_reads` action chose the standby.
_alias: ContextVar[str] = ContextVar("reading_alias", default=DEFAULT_DB_ALIAS)
_down_until = 0.0
_client: redis.Redis | None = None
_pending: dict[str, int] = {}  # positions of writes whose recording Redis refused, by restaurant
_pending_lock = threading.Lock()

# The standby's replay position; on a server that is not in recovery (a replica URL naming the primary
# itself, or the tests' second connection to their database), its own insert position.
REPLAYED = (
    "SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_insert_lsn() END::text"
)
# The primary's: at or past the end of every record inserted so far (a commit's included, flushed or not).
INSERTED = "SELECT pg_current_wal_insert_lsn()::text"
# Keep the higher of two positions (fixed-width hexadecimal: compared as text, in order) and the key's life.
_KEEP_HIGHER = """
local old = redis.call('GET', KEYS[1])
if (not old) or ARGV[1] > old then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
else
  redis.call('EXPIRE', KEYS[1], ARGV[2])
end
return 1
"""


def configured() -> bool:
    return REPLICA in connections.settings


def reading_alias() -> str:
    return _alias.get()


def reading():
    """The connection this request's reads use (the selectors' cursor source)."""
    return connections[_alias.get()]


class Router:
    """The ORM's reads follow `reading_alias()`; writes and migrations are the primary's."""

    def db_for_read(self, model, **hints):
        return _alias.get()

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True  # one database, two servers

    def allow_migrate(self, db, app_label, **hints):
        return db == DEFAULT_DB_ALIAS


# --- positions ----------------------------------------------------------------------------


def position(text: str | None) -> int:
    """A pg_lsn's text (`16/B374D848`) as a number; None (nothing replayed yet) as 0."""
    if not text:
        return 0
    high, _, low = text.partition("/")
    return (int(high, 16) << 32) | int(low, 16)


def _hex(number: int) -> str:
    return f"{number:016x}"


def _redis() -> redis.Redis:
    global _client
    if _client is None:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5)
        client.keep_higher = client.register_script(_KEEP_HIGHER)
        _client = client
    return _client


def _written_key(restaurant_key: str) -> str:
    return f"{PREFIX}written:{restaurant_key}"


def _primary_position() -> int:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(INSERTED)
        return position(cursor.fetchone()[0])


def note_write(restaurant_key: str) -> None:
    """Record that `restaurant_key` (its public id) wrote: the primary's position now, after the commit."""
    try:
        written = _primary_position()
    except DatabaseError:
        return  # the primary is gone: its reads fail or wait for it anyway
    with _pending_lock:
        _pending[restaurant_key] = max(written, _pending.get(restaurant_key, 0))
    flush_positions()


def flush_positions() -> None:
    """Send the positions not recorded yet; those Redis refuses wait for this process's next request."""
    with _pending_lock:
        waiting = list(_pending.items())
    try:
        keep = _redis().keep_higher
        for restaurant_key, written in waiting:
            keep(keys=[_written_key(restaurant_key)], args=[_hex(written), WRITTEN_SECONDS])
            with _pending_lock:
                if _pending.get(restaurant_key) == written:
                    del _pending[restaurant_key]
    except redis.RedisError:
        REDIS_ERRORS.labels("standby_reads").inc()
        logger.warning("Could not record a write's WAL position; its restaurant reads from the primary")


def _take_epoch() -> None:
    try:
        _redis().set(EPOCH, _hex(_primary_position()), nx=True, ex=EPOCH_SECONDS)
    except (redis.RedisError, DatabaseError):
        pass  # the next read tries again


# --- the choice ------------------------------------------------------------------------------


def mark_down() -> None:
    global _down_until
    _down_until = time.monotonic() + DOWN_SECONDS


def replayed(db, needed: int) -> int:
    """The standby's replay position, at least as far as known: a position once read on this
    connection is a floor while the connection lives (replay only moves on), so it is asked again
    only when it is short of `needed`."""
    db.close_if_health_check_failed()
    db.ensure_connection()
    raw = db.connection
    known = raw.__dict__.get("_replayed", -1)
    if known >= needed:
        return known
    with db.cursor() as cursor:
        cursor.execute(REPLAYED)
        known = raw._replayed = position(cursor.fetchone()[0])
    return known


def choose(restaurant_key: str) -> tuple[str, str]:
    """(alias, reason) for a read of this restaurant: the standby only when it has replayed past the
    restaurant's last recorded write and the epoch."""
    if time.monotonic() < _down_until:
        return DEFAULT_DB_ALIAS, "down"
    try:
        if _pending:
            flush_positions()
        written, epoch = _redis().mget([_written_key(restaurant_key), EPOCH])
    except redis.RedisError:
        REDIS_ERRORS.labels("standby_reads").inc()
        return DEFAULT_DB_ALIAS, "unknown"
    if epoch is None or _pending:  # Redis forgot, or this process has a write it could not record
        if epoch is None:
            _take_epoch()
        return DEFAULT_DB_ALIAS, "unknown"
    needed = int(max(epoch, written or b""), 16)
    try:
        at = replayed(connections[REPLICA], needed)
    except DatabaseError:
        _failed()
        return DEFAULT_DB_ALIAS, "down"
    return (REPLICA, "replayed") if at >= needed else (DEFAULT_DB_ALIAS, "behind")


def _failed() -> None:
    """The standby failed a read: down for a while when its connection is gone (it stopped, restarted)."""
    db = connections[REPLICA]
    if db.connection is None or not db.is_usable():
        mark_down()
        db.close()


def served(restaurant_key: str, read: Callable[[], T]) -> T:
    """`read()` from the standby when it may answer for this restaurant, else (or when it fails
    there) from the primary."""
    if not configured():
        return read()
    alias, reason = choose(restaurant_key)
    if alias == DEFAULT_DB_ALIAS:
        DATABASE_READS.labels("primary", reason).inc()
        return read()
    token = _alias.set(REPLICA)
    try:
        answer = read()
    except DatabaseError:
        logger.warning("A read failed on the standby; answering it from the primary", exc_info=True)
    else:
        DATABASE_READS.labels("standby", reason).inc()
        return answer
    finally:
        _alias.reset(token)
    _failed()
    DATABASE_READS.labels("primary", "failed").inc()
    return read()


def standby_reads(action):
    """A read-only view action (a GET) the standby may answer (`served`), for the view's restaurant."""

    @functools.wraps(action)
    def read(view, request, *args, **kwargs):
        return served(view.restaurant.public_id, lambda: action(view, request, *args, **kwargs))

    return read


class WritePositionMiddleware:
    """After a /v1 write that succeeded, its restaurant's position (`note_write`), before the answer
    leaves: the partner's next read cannot overtake it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method not in SAFE_METHODS and response.status_code < 400 and configured():
            restaurant = getattr(getattr(request, "auth", None), "restaurant", None)
            if restaurant is not None:
                note_write(restaurant.public_id)
        return response
