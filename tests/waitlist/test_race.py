"""Two hosts promoting two entries onto the last table at once: exactly one booking."""

import threading

import pytest
from django.db import connections

from reservations.exceptions import BookingRulesViolated
from reservations.models import Reservation
from tests.factories import GuestFactory, WaitlistEntryFactory
from tests.reservations.helpers import book, overlapping_allocations
from waitlist import services
from waitlist.models import WaitlistEntry

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_hosts_promoting_onto_the_last_table(api, bistro):
    book(api, start_time="19:30", party_size=4)
    book(api, start_time="19:30", party_size=6)  # the table for two is the last one free
    entries = [
        WaitlistEntryFactory(restaurant=bistro.restaurant, guest=GuestFactory(restaurant=bistro.restaurant))
        for _ in range(2)
    ]
    barrier = threading.Barrier(2)
    outcomes: list = [None, None]

    def host(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            services.promote_entry(entry=entries[index])
            outcomes[index] = "promoted"
        except BookingRulesViolated as refusal:
            outcomes[index] = [v["code"] for v in refusal.violations]
        except Exception as error:  # noqa: BLE001 - reported below
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=host, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(map(str, outcomes)) == ["['no_table_available']", "promoted"], outcomes
    assert Reservation.objects.filter(source="waitlist").count() == 1
    assert sorted(WaitlistEntry.objects.values_list("status", flat=True)) == ["active", "promoted"]
    assert overlapping_allocations() == 0
