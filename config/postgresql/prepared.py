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

import re

from django.db import DEFAULT_DB_ALIAS, connections

_PLACEHOLDER = re.compile(r"%s|%%")
_names: set[str] = set()


class Statement:
    """One hot statement: `sql` with positional `%s` placeholders, run by the text `sql()` returns."""

    def __init__(self, name: str, sql: str):
        if name in _names:
            raise ValueError(f"two prepared statements named {name}")
        _names.add(name)
        self.name = name
        count = 0

        def number(match: re.Match) -> str:
            nonlocal count
            if match.group(0) == "%%":
                return "%"  # PREPARE is sent without parameters: nothing reads %% there
            count += 1
            return f"${count}"

        self.prepare = f"PREPARE {name} AS {_PLACEHOLDER.sub(number, sql)}"
        self._execute = f"EXECUTE {name}({', '.join(['%s'] * count)})" if count else f"EXECUTE {name}"

    def sql(self) -> str:
        """`EXECUTE name(%s, ...)` (parameters as for the original statement), prepared on this connection."""
        db = connections[DEFAULT_DB_ALIAS]  # one lookup of the thread's connection: this runs a lot
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
            # the query log nor behind the deferred inserts (config.deferred_inserts).
            with db.wrap_database_errors:
                raw.execute(self.prepare)
            prepared.add(self.name)
        return self._execute

    def __repr__(self) -> str:
        return f"<Statement {self.name}>"
