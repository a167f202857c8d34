"""Two hosts seat two walk-ins on the last free table at the same instant, from two real threads on
their own connections: exactly one is seated, the other is refused naming the table, and no table
is ever held twice (the lock, then the exclusion constraint)."""

import datetime as dt
import threading

import pytest
from django.db import connections

from config.exceptions import DomainError
from reservations.models import Reservation, TableAllocation
from reservations.services import staff
from tests.reservations.helpers import overlapping_allocations

pytestmark = pytest.mark.django_db(transaction=True)
NOW = dt.datetime(2026, 12, 5, 18, 40, tzinfo=dt.UTC)  # 19:40 in Paris, dinner under way


def seat_together(floor, table_ids) -> list:
    barrier = threading.Barrier(2)
    outcomes: list = [None, None]

    def worker(index):
        try:
            barrier.wait(timeout=30)
            booking = staff.create_staff_booking(
                restaurant=floor.restaurant,
                booking=staff.StaffBooking(channel="walk_in", party_size=2, table_ids=table_ids),
                actor=staff.Actor(user=None, role="host"),
                confirmed=staff.ALL_WARNINGS,
            )
            outcomes[index] = booking.status
        except DomainError as error:
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.parametrize("round_", range(3))
@pytest.mark.parametrize("chosen", [True, False], ids=["the-table-chosen", "the-best-free"])
def test_two_walk_ins_on_the_last_free_table_one_is_seated(floor, clock, round_, chosen):
    clock.move_to(NOW)  # the clock every thread reads (time-machine's is the process's)
    floor.book([floor.t4], size=3, at=dt.time(19, 30))
    floor.book([floor.t6], size=5, at=dt.time(19, 30))
    outcomes = seat_together(floor, (floor.t2.pk,) if chosen else ())
    assert sorted(o if isinstance(o, str) else "refused" for o in outcomes) == ["refused", "seated"], outcomes
    refusal = next(o for o in outcomes if not isinstance(o, str))
    assert refusal.code == ("table_conflict" if chosen else "no_table_available")
    assert "T2" in refusal.message or "No free table" in refusal.message
    assert Reservation.objects.filter(booking_channel="walk_in").count() == 1
    assert TableAllocation.objects.filter(table=floor.t2).count() == 1
    assert overlapping_allocations() == 0
