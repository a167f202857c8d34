"""Hot statements PostgreSQL parses and plans once per connection: PREPARE once, then EXECUTE.

Django binds parameters on the client and sends each statement as text, so the server parses,
analyses and plans it on every execution: about half of PostgreSQL's CPU per booking. A
`Statement` names a hot statement; `statement.sql()` is the text that runs it, `EXECUTE name(%s,
...)`, which callers send through Django's cursor as before (several statements in one string,
one round trip; the query log and the deferred inserts see it like any other).

The first `sql()` on a connection prepares the statement (one round trip, once per statement and
session, kept out of the query log as connecting is). A prepared statement lives as long as the
session, whatever happens to the transaction that prepared it; a new connection starts with none.
Every session runs them on their generic plans (`plan_cache_mode`, set at connect by
config.postgresql.base), so each is planned once per connection. Left to choose, PostgreSQL plans
with the values for five runs and then keeps the generic plan only when its estimate is no dearer:
it planned the lapsed-hold DELETE anew on every booking (`expires_at <= $2` estimated at a third
of the table). A statement whose best plan depends on its values should not be one of these.
"""

from __future__ import annotations

import itertools
import re
import threading

from django.db import connections

from config.postgresql.replica import reading_alias

_PLACEHOLDER = re.compile(r"%\((\w+)\)s|%s|%%")
_names: set[str] = set()


class Statement:
    """One hot statement: `sql` with positional `%s` placeholders, run by the text `sql()` returns.

    Or with named ones, `%(name)s`: each name is one parameter of the statement however often the
    text reads it (psycopg quotes each value sent once); `names` lists them in the order `sql()`
    takes their values."""

    def __init__(self, name: str, sql: str):
        if name in _names:
            raise ValueError(f"two prepared statements named {name}")
        _names.add(name)
        self.name = name
        self.names: list[str] = []
        count = 0

        def number(match: re.Match) -> str:
            nonlocal count
            if match.group(0) == "%%":
                return "%"  # PREPARE is sent without parameters: nothing reads %% there
            named = match.group(1)
            if named is None:
                count += 1
                return f"${count}"
            if named not in self.names:
                self.names.append(named)
            return f"${self.names.index(named) + 1}"

        body = _PLACEHOLDER.sub(number, sql)
        if count and self.names:
            raise ValueError(f"{name}: named and positional parameters in one statement")
        count = count or len(self.names)
        self.prepare = f"PREPARE {name} AS {body}"
        self._execute = f"EXECUTE {name}({', '.join(['%s'] * count)})" if count else f"EXECUTE {name}"

    def sql(self) -> str:
        """`EXECUTE name(%s, ...)` (parameters as for the original statement), prepared on the connection
        this request's reads use (the primary's, or the standby's: config.postgresql.replica)."""
        db = connections[reading_alias()]  # one lookup of the thread's connection: this runs a lot
        # What the cursor about to send this text does first: a connection found dead at the request's
        # first statement is replaced now, so the name is prepared on the one that will run it.
        db.close_if_health_check_failed()
        raw = db.connection
        if raw is None:
            db.ensure_connection()
            raw = db.connection
        prepared = raw.__dict__.get("_prepared_statements")
        if prepared is None:
            prepared = raw._prepared_statements = set()
        if self.name not in prepared:
            # Straight to psycopg: part of setting the session up, like connecting, so neither in
            # the query log nor behind the deferred inserts (config.postgresql.deferred).
            with db.wrap_database_errors:
                raw.execute(self.prepare)
            prepared.add(self.name)
        return self._execute

    def __repr__(self) -> str:
        return f"<Statement {self.name}>"


def batch(statements, values: dict) -> tuple[str, list]:
    """Statements with named parameters as one text (one round trip, one result each, in order)
    and its positional parameters, taken from `values` by name."""
    return (
        "; ".join(statement.sql() for statement in statements),
        [values[name] for statement in statements for name in statement.names],
    )


# Statements whose text is known only at run time: a list page's query, compiled by the ORM from the
# request's filters. Its parsing and planning cost more than running it (0.37 of 0.67 ms for a page
# of 26 bookings), and a few texts (the unfiltered list, by date, by status) carry nearly every
# request. A text is prepared once it comes a second time, up to DYNAMIC_LIMIT texts per process;
# any other runs as text, as before (an id list of a new length is a new text: it must not fill the
# server's memory with prepared statements).
DYNAMIC_LIMIT = 64
_SEEN_LIMIT = 1024
_dynamic: dict[str, Statement] = {}
_seen: set[str] = set()
_dynamic_lock = threading.Lock()
_numbers = itertools.count(1)


def prepared_for(sql: str) -> Statement | None:
    """A Statement for `sql` (positional `%s` placeholders) once that text is known to repeat,
    else None: send the text itself."""
    statement = _dynamic.get(sql)
    if statement is not None:
        return statement
    with _dynamic_lock:
        statement = _dynamic.get(sql)
        if statement is None and len(_dynamic) < DYNAMIC_LIMIT:
            if sql in _seen:
                statement = _dynamic[sql] = Statement(f"dynamic_{next(_numbers)}", sql)
            else:
                if len(_seen) >= _SEEN_LIMIT:
                    _seen.clear()
                _seen.add(sql)
    return statement
