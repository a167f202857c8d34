"""Several statements in one round trip: how a service asks with intent ("lock the restaurant and
read its state") and gets each answer back, without handling SQL text or a cursor's result sets.

The app that owns a read or a write builds its `Part`: the statement (prepared or not,
config.postgresql.prepared), its parameters and how its rows are read. A service sends parts of
several apps together with `run`, in order, and gets each part's value. Each statement runs with
its own snapshot, after the one before: a read sent after a lock sees every write committed
while the lock was awaited, exactly as if the two were sent apart.

    _, _, occupancy, profile = run(restaurant_lock(pk), versions_read(restaurant),
                                   occupancy_part(...), profile_match(...))

The parts go as one text with client-side binding, so Django's cursor wrapper, its query log and
the deferred inserts (config.postgresql.deferred) see one statement. psycopg 3's pipeline mode does
the same natively; on the booking step's round trip it took 1.19 ms against 0.73 ms for this
(tests/bench/bench_round_trip.py), so this is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from django.db import connections

from config.postgresql.replica import reading_alias


class Results:
    """A part's results, as its reader sees them: the current result's rows, then `next()`."""

    __slots__ = ("_cursor", "at")

    def __init__(self, cursor):
        self._cursor = cursor
        self.at = 0  # which of the part's statements the cursor stands on

    def one(self):
        return self._cursor.fetchone()

    def all(self) -> list:
        return self._cursor.fetchall()

    def next(self) -> Results:
        """On to the part's next statement's result."""
        self._cursor.nextset()
        self.at += 1
        return self


class Part(NamedTuple):
    """One statement, or `statements` of them separated by `;`, with `%s` placeholders; `read` turns
    its results into the part's value (None: nothing to read, e.g. a lock or a DELETE)."""

    sql: str
    params: Sequence = ()
    read: Callable[[Results], Any] | None = None
    statements: int = 1


def run(*parts: Part | None, using: str | None = None) -> list:
    """Send `parts` in one round trip (None ones are left out), in order, and return each part's
    value in the same places (None for a part left out or without a reader). On the connection this
    request reads from (config.postgresql.replica: the primary's, unless a read was sent to the
    standby), where the parts' prepared statements were prepared."""
    sent = [part for part in parts if part is not None]
    if not sent:
        return [None] * len(parts)
    sql = "; ".join(part.sql for part in sent)
    params = [value for part in sent for value in part.params]
    values = iter(_read(sent, sql, params, using or reading_alias()))
    return [None if part is None else next(values) for part in parts]


def _read(parts: list[Part], sql: str, params: list, using: str) -> list:
    values = []
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        for index, part in enumerate(parts):
            results = Results(cursor)
            values.append(part.read(results) if part.read is not None else None)
            # Past what the reader left unread: on to the next part's first statement.
            skip = part.statements - 1 - results.at + (index < len(parts) - 1)
            for _ in range(skip):
                cursor.nextset()
    return values


def named(statement, values: dict, read: Callable[[Results], Any] | None = Results.all) -> Part:
    """A prepared statement (config.postgresql.prepared) with named parameters as a part, its
    parameters taken from `values` by name; its value is every row unless `read` says otherwise."""
    return Part(statement.sql(), [values[name] for name in statement.names], read)


def run_one(part: Part, using: str | None = None):
    """`run` of one part: its value."""
    return run(part, using=using)[0]
