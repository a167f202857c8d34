"""The occupancy log: which tables' intervals and which seatings' covers changed, written by
PostgreSQL itself.

Triggers (migration reservations.0014) add a row for every allocation interval an INSERT, UPDATE or
DELETE touches (`table_id` set), and for every seating whose covers a booking's or hold's write can
change (`shift_id`, `service_date` and the seating's start), whoever runs it (the services, the
admin, a sweep, SQL typed by hand), stamped with the writing transaction's id. An availability
answer kept per process (selectors.kept_occupancy) remembers the snapshot it was read in; after a
write, the next answer re-reads only the tables and seatings whose rows that snapshot could not see
(`pg_visible_in_snapshot`) and carries everything else over, the engine's masks included.

Transaction ids, not a sequence or a version: a writer that logged before an earlier snapshot but
committed after it is still "not visible" to it, so no commit order has to be assumed. Rows older
than PRUNE_AFTER are deleted by a sweep; a kept occupancy older than CARRY_SECONDS is read afresh
instead of carried.
"""

import datetime as dt

from django.db import models
from django.db.models.functions import Now


class TransactionId(models.Field):
    """PostgreSQL's xid8 (64 bits: no wraparound), as pg_current_xact_id() returns it. Written and
    compared by SQL only."""

    def db_type(self, connection) -> str:
        return "xid8"


PRUNE_AFTER = dt.timedelta(hours=1)
CARRY_SECONDS = 600  # well inside PRUNE_AFTER: a transaction would have to stay open 50 minutes


class OccupancyChange(models.Model):
    # No foreign keys: deleting a restaurant or a table deletes its allocations, which logs rows that
    # must not hold up (or be cascaded by) the delete. The sweep prunes them like any other.
    restaurant_id = models.BigIntegerField()
    # An allocation's interval: its table, start and end (epoch seconds). Or a seating's covers: its
    # service, date and instant (`starts_at`; start and end its epoch second and the next, so that
    # one window test serves both kinds).
    table_id = models.BigIntegerField(null=True)
    shift_id = models.BigIntegerField(null=True)
    service_date = models.DateField(null=True)
    starts_at = models.DateTimeField(null=True)
    start_epoch = models.BigIntegerField()
    end_epoch = models.BigIntegerField()
    xid = TransactionId(db_default=models.Func(function="pg_current_xact_id"))
    logged_at = models.DateTimeField(db_default=Now())

    class Meta:
        indexes = [
            models.Index(fields=["restaurant_id", "xid"], name="occupancy_change_xid_idx"),
            models.Index(fields=["logged_at"], name="occupancy_change_age_idx"),
        ]
