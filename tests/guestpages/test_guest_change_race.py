"""Races on the guest's change, with real threads on real connections: two guests moving onto the
last table at once (one wins, the other is refused and keeps their booking), the same change form
posted four times at once (changed once), and a change racing the restaurant's cancel."""

import datetime as dt

import pytest

from reservations.models import GuestChange, Reservation
from reservations.services.cancel import cancel_reservation
from reservations.services.guest_change import change_by_guest
from tests.guarantees.conftest import DAY, book, build_place, event_types
from tests.guestpages.test_waitlist_race import race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def place(clock):
    """One table for four: T4 (T2 seats two)."""
    return build_place(guarantee_from_party_size=None, guarantee_per_guest_amount=None)


def move(booking, token: str, at=dt.time(21, 0), party_size=4):
    return lambda: (
        change_by_guest(reservation=booking, service_date=DAY, start_time=at, party_size=party_size, token=token).status
    )


def local_time(booking) -> dt.time:
    booking.refresh_from_db()
    return booking.starts_at.astimezone(dt.timezone(dt.timedelta(hours=1))).time()


def test_two_guests_onto_the_last_table_one_wins(place):
    first = book(place, party_size=3, at=dt.time(19, 0), email="a@example.com")
    second = book(place, party_size=2, at=dt.time(19, 0), email="b@example.com")
    outcomes = race(move(first, "a" * 32), move(second, "b" * 32))
    assert sorted(map(str, outcomes)) == ["applied", "booking_rules_violated"], outcomes
    winner, loser = (first, second) if outcomes[0] == "applied" else (second, first)
    assert (local_time(winner), winner.party_size) == (dt.time(21, 0), 4)
    assert local_time(loser) == dt.time(19, 0) and loser.party_size in (2, 3)
    assert event_types(loser) == ["reservation.created"]
    assert not GuestChange.objects.filter(reservation=loser).exists()  # a refusal leaves nothing


def test_the_same_change_posted_four_times_at_once_changes_once(place):
    booking = book(place, party_size=2, at=dt.time(19, 0))
    outcomes = race(*[move(booking, "s" * 32, at=dt.time(20, 0), party_size=2)] * 4)
    assert outcomes == ["applied"] * 4, outcomes
    assert event_types(booking) == ["reservation.created", "reservation.updated"]
    assert GuestChange.objects.filter(reservation=booking).count() == 1


def test_a_change_racing_the_restaurants_cancel_has_one_outcome(place):
    booking = book(place, party_size=2, at=dt.time(19, 0))
    outcomes = race(
        move(booking, "c" * 32, at=dt.time(20, 0), party_size=2), lambda: cancel_reservation(reservation=booking).status
    )
    booking = Reservation.objects.get(pk=booking.pk)
    assert booking.status == "cancelled"
    if outcomes[0] == "applied":  # the change first, then the cancel
        assert event_types(booking) == ["reservation.created", "reservation.updated", "reservation.cancelled"]
    else:  # the cancel first: the change is refused in words and nothing moved
        assert outcomes[0] == "booking_cancelled", outcomes
        assert event_types(booking) == ["reservation.created", "reservation.cancelled"]
