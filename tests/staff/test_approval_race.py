"""Two hosts approve two pending requests for the last table at the same instant, from two real
threads on their own connections: exactly one is confirmed, the other is refused naming it."""

import datetime as dt
import threading

import pytest
from django.db import connections

from config.exceptions import DomainError
from reservations.models import Reservation, TableAllocation
from reservations.services import staff
from tests.reservations.helpers import overlapping_allocations

pytestmark = pytest.mark.django_db(transaction=True)


def approve_together(bookings) -> list:
    barrier = threading.Barrier(len(bookings))
    outcomes: list = [None] * len(bookings)

    def worker(index, booking):
        try:
            barrier.wait(timeout=30)
            staff.approve_reservation(reservation=booking, actor=staff.Actor(user=None, role="host"))
            outcomes[index] = "confirmed"
        except DomainError as error:
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, b)) for i, b in enumerate(bookings)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.parametrize("round_", range(3))
def test_two_approvals_onto_the_last_table_one_wins(floor, round_):
    # T2 and T6 are taken; two requests (made before anyone claimed T4) both want T4.
    floor.book([floor.t2], size=2)
    floor.book([floor.t6], size=5)
    first = floor.book([floor.t4], status="pending", size=3, at=dt.time(19, 30), allocations=False)
    second = floor.book([floor.t4], status="pending", size=4, at=dt.time(20, 0), allocations=False)

    outcomes = approve_together([first, second])

    assert sorted(o if isinstance(o, str) else "refused" for o in outcomes) == ["confirmed", "refused"]
    winner, loser = (first, second) if outcomes[0] == "confirmed" else (second, first)
    refusal = outcomes[1] if outcomes[0] == "confirmed" else outcomes[0]
    assert refusal.code == "table_conflict"
    assert "T4 is taken" in refusal.message and winner.public_id in refusal.message
    assert Reservation.objects.get(pk=winner.pk).status == "confirmed"
    assert Reservation.objects.get(pk=loser.pk).status == "pending"
    assert list(TableAllocation.objects.filter(table=floor.t4).values_list("reservation_id", flat=True)) == [winner.pk]
    assert overlapping_allocations() == 0
