"""Allocation rows exist only for bookings and holds that occupy: every write ending one deletes them.

The availability engine and the exclusion constraint both read these rows, so this is
what keeps an offered table and an accepted booking in agreement.
"""

import datetime as dt

import time_machine
from django.db.models import Q

from holds.services import sweep_expired_holds
from reservations.models import TableAllocation
from reservations.models.booking import FINAL_STATUSES
from tests.reservations.conftest import NOW
from tests.reservations.helpers import book, cancel, create, created, patch, take_hold


def leftover_rows() -> int:
    ended = Q(reservation__status__in=FINAL_STATUSES) | Q(hold__status__in=("released", "expired", "converted"))
    return TableAllocation.objects.filter(ended).count()


def test_no_row_outlives_its_booking_or_hold(api, bistro):
    cancelled = book(api, start_time="19:00")
    cancel(api, cancelled["id"])
    released = take_hold(api, start_time="19:30")
    api.delete(f"/v1/holds/{released['id']}")
    converted = take_hold(api, start_time="20:00", party_size=5)
    created(create(api, hold_id=converted["id"], service_date=None, start_time=None, party_size=None))
    take_hold(api, start_time="20:30", kind="commitment", expires_at=(NOW + dt.timedelta(hours=1)).isoformat())
    with time_machine.travel(NOW + dt.timedelta(hours=2), tick=False):
        assert sweep_expired_holds() == 1
    assert leftover_rows() == 0
    # The live ones keep theirs: the converted booking's table.
    assert TableAllocation.objects.count() == 1


def epochs_disagreeing() -> list:
    """Rows whose stored epoch bounds (what the occupancy reads return) differ from their range."""
    return [
        (row.pk, row.start_epoch, row.end_epoch, row.during)
        for row in TableAllocation.objects.all()
        if (row.start_epoch, row.end_epoch) != (int(row.during.lower.timestamp()), int(row.during.upper.timestamp()))
    ]


def test_the_epoch_columns_follow_the_range_through_every_write(api, bistro):
    made = book(api, start_time="19:00", party_size=2)
    take_hold(api, start_time="20:00")
    moved = patch(api, made["id"], {"start_time": "21:00"})
    assert moved.status_code == 200, moved.content
    rows = list(TableAllocation.objects.all())
    assert len(rows) == 2 and epochs_disagreeing() == []
    # A range rewritten in place (as a staff move may do) carries its bounds along.
    row = TableAllocation.objects.get(reservation__public_id=made["id"])
    start = row.during.lower + dt.timedelta(minutes=15)
    TableAllocation.objects.filter(pk=row.pk).update(during=(start, start + dt.timedelta(hours=2)))
    row.refresh_from_db()
    assert row.start_epoch == int(start.timestamp()) and row.end_epoch == row.start_epoch + 7200
    assert epochs_disagreeing() == []
