"""Per-restaurant serialisation of writes that must never double-book.

A PostgreSQL advisory transaction lock, held until the transaction ends, with a
lock_timeout so a stuck writer turns into an error instead of a pile-up.
"""

from django.db import connection

LOCK_WAIT = "10s"


def lock_restaurant(restaurant_pk: int) -> None:
    """Take the restaurant's write lock; call inside `transaction.atomic()`."""
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_WAIT}'")
        # The one-bigint form keyed by the primary key; the two-int4 forms used elsewhere
        # (idempotency keys) live at class numbers far above any primary key.
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [restaurant_pk])
