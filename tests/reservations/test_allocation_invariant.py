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
from tests.reservations.helpers import book, cancel, create, created, take_hold


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
