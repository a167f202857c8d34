"""Races on the guest's waitlist moves, with real threads on real connections: the same join form
posted four times at once makes one entry; accepting an offer while leaving ends in exactly one outcome."""

import datetime as dt
import threading

import pytest
from django.db import connections

from guests.models import Guest
from guests.services import GuestInput
from reservations.models import Reservation
from tests.guarantees.conftest import DAY, book, build_place
from waitlist import services
from waitlist.models import WaitlistEntry
from webhooks.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def place(clock):
    place = build_place(guarantee_from_party_size=None, guarantee_per_guest_amount=None, waitlist_enabled=True)
    book(place, party_size=4, at=dt.time(19, 30), email="first@example.com")
    return place


def race(*moves) -> list:
    barrier = threading.Barrier(len(moves))
    outcomes: list = [None] * len(moves)

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[index] = moves[index]()
        except Exception as error:  # noqa: BLE001 - the outcome is the refusal
            outcomes[index] = getattr(error, "code", error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(moves))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def join(place):
    return services.join_from_widget(
        restaurant=place.restaurant,
        guest=GuestInput(first_name="Léa", last_name="Martin", email="lea@example.com"),
        service_date=DAY,
        party_size=4,
        window_start=dt.time(19, 30),
        window_end=dt.time(21, 0),
        submission="r" * 32,
    )


def test_the_same_join_form_posted_four_times_at_once_makes_one_entry(place):
    outcomes = race(*[lambda: join(place).pk] * 4)
    assert all(isinstance(outcome, int) for outcome in outcomes), outcomes
    assert len(set(outcomes)) == 1
    assert WaitlistEntry.objects.count() == 1
    assert Guest.objects.filter(email="lea@example.com").count() == 1
    assert Event.objects.filter(type="waitlist_entry.created").count() == 1
    assert Event.objects.filter(type="guest.created", data__object__email="lea@example.com").count() == 1


def test_accepting_an_offer_while_leaving_has_exactly_one_outcome(place):
    entry = join(place)
    services.offer_entry(entry=entry, start_time=dt.time(21, 30), minutes=30)
    outcomes = race(
        lambda: services.accept_offer(entry=entry).status,
        lambda: services.cancel_entry(entry=entry).status,
    )
    entry.refresh_from_db()
    if entry.status == "promoted":
        assert outcomes == ["promoted", "waitlist_entry_closed"], outcomes
        assert Reservation.objects.filter(source="waitlist").count() == 1
    else:
        assert entry.status == "cancelled" and outcomes == ["waitlist_entry_closed", "cancelled"], outcomes
        assert Reservation.objects.filter(source="waitlist").count() == 0
