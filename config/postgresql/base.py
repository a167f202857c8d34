"""Django's PostgreSQL backend, loading timestamps with psycopg's own C loader.

Django registers a Python subclass of psycopg's timestamptz loader, which parses every value in
Python and then sets its tzinfo to UTC: about 5 µs a value, the largest single cost of reading a
page of bookings or a month of occupancy. The session's time zone is UTC (Django sets it on
connect, TIME_ZONE and USE_TZ), and psycopg's own loader, in C, then returns the same aware
datetimes with `datetime.timezone.utc`. So this backend registers psycopg's loader on each new
connection, and leaves out the per-cursor check that would put Django's back
(tests/platform/test_database_backend.py holds both to the same answers).
"""

from django.db.backends.postgresql import base
from psycopg.types.datetime import TimestamptzLoader

__all__ = ["DatabaseWrapper"]


class DatabaseWrapper(base.DatabaseWrapper):
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
