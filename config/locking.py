"""Per-restaurant serialisation of writes that must never double-book (bookings, holds, waitlist
seats) or break a count (live keys, a restaurant's last owner): the platform's, as every app takes it.

A PostgreSQL advisory transaction lock, held until the transaction ends, with a
lock_timeout so a stuck writer turns into an error instead of a pile-up: the domain's
`LockTimeout` (raised by the database backend, config.postgresql), never a raw database error.
Taken only inside `transaction.atomic()` (else `TransactionRequired`).
"""

from django.db import connection

from config.postgresql.prepared import Statement
from config.postgresql.round_trip import Part, run

LOCK_WAIT = "10s"


class TransactionRequired(RuntimeError):
    """A lock taken outside `transaction.atomic()` would end with its statement: a programming error."""


LOCK = Statement("restaurant_lock", "SELECT set_config('lock_timeout', %s, true), pg_advisory_xact_lock(%s)")


def restaurant_lock(restaurant_pk: int) -> Part:
    """The restaurant's write lock, as the first part of a round trip (config.postgresql.round_trip):
    the wait limit for this transaction, then the lock (the one-bigint form keyed by the primary
    key; the two-int4 forms used for idempotency keys live at class numbers far above any primary
    key). A wait past LOCK_WAIT raises config.exceptions.LockTimeout (config.postgresql)."""
    if not connection.in_atomic_block:
        raise TransactionRequired("The restaurant's lock is taken inside transaction.atomic().")
    return Part(LOCK.sql(), (LOCK_WAIT, restaurant_pk))


def lock_restaurant(restaurant_pk: int) -> None:
    """Take the restaurant's write lock; call inside `transaction.atomic()`."""
    run(restaurant_lock(restaurant_pk))
