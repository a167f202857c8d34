"""Django's PostgreSQL backend, loading timestamps with psycopg's own C loader.

Django registers a Python subclass of psycopg's timestamptz loader, which parses every value in
Python and then sets its tzinfo to UTC: about 5 µs a value, the largest single cost of reading a
page of bookings or a month of occupancy. The session's time zone is UTC (Django sets it on
connect, TIME_ZONE and USE_TZ), and psycopg's own loader, in C, then returns the same aware
datetimes with `datetime.timezone.utc`. So this backend registers psycopg's loader on each new
connection, and leaves out the per-cursor check that would put Django's back
(tests/platform/test_database_backend.py holds both to the same answers).

A wait for a lock past `lock_timeout` raises the domain's `LockTimeout` instead of Django's
`OperationalError`.

It also checks a persistent connection's health without a round trip (`is_usable`), and opens
every session with `plan_cache_mode = force_generic_plan`: the statements this project prepares
(config.postgresql.prepared) run their generic plans from the first run (Django's own queries are
never prepared on the server: `prepare_threshold` is None).
"""

import select

from django.db.backends.postgresql import base
from django.db.utils import DatabaseErrorWrapper
from django.utils.functional import cached_property
from psycopg import pq
from psycopg.errors import LockNotAvailable
from psycopg.types.datetime import TimestamptzLoader

from config.exceptions import LockTimeout

__all__ = ["DatabaseWrapper"]


class _DatabaseErrors(DatabaseErrorWrapper):
    """Django's translation of the driver's errors, with one of our own: a wait for a lock longer
    than the transaction's `lock_timeout` (the restaurant's lock, a row's, an idempotency key's) is
    the domain's `LockTimeout`, which every surface answers in its own terms (the API's 429
    envelope, the back office's message, the guest's page, a command's exit code)."""

    def __exit__(self, exc_type, exc_value, traceback):
        if exc_type is not None and issubclass(exc_type, LockNotAvailable):
            self.wrapper.errors_occurred = True
            raise LockTimeout() from exc_value
        return super().__exit__(exc_type, exc_value, traceback)


class DatabaseWrapper(base.DatabaseWrapper):
    @cached_property
    def wrap_database_errors(self):
        return _DatabaseErrors(self)

    def get_connection_params(self):
        params = super().get_connection_params()
        # A libpq start-up option: set with the session, no statement of its own.
        params["options"] = f"{params.get('options', '')} -c plan_cache_mode=force_generic_plan".strip()
        return params

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        # psycopg swaps its pure-Python class for the C one when registering it.
        connection.adapters.register_loader("timestamptz", TimestamptzLoader)
        return connection

    def create_cursor(self, name=None):
        if name is None:
            return self.connection.cursor()
        if self.settings_dict["OPTIONS"].get("server_side_binding") is True:
            return self.connection.cursor(name, scrollable=False, withhold=self.connection.autocommit)
        return base.ServerSideCursor(self.connection, name=name, scrollable=False, withhold=self.connection.autocommit)

    def is_usable(self):
        """The health check of a persistent connection (CONN_HEALTH_CHECKS), without Django's
        `SELECT 1` round trip on every request. An idle connection receives nothing (no LISTEN
        here); a server that restarted or ended the session has sent its goodbye and closed the
        socket, which is then readable. Readable, or not OK: not usable (Django reconnects)."""
        connection = self.connection
        if connection is None or connection.closed or connection.pgconn.status != pq.ConnStatus.OK:
            return False
        readable, _, _ = select.select([connection.fileno()], [], [], 0)
        return not readable
