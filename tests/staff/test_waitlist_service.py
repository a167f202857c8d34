"""The waitlist during service: staff book or seat a waiting party on staff terms; a place offered
during service is the next seating time; the guest who accepts an offer keeps the online rules
except the cut-off (an offer staff made is a seat staff hold open).

The clock is 18:00 in Paris on Saturday 5 December 2026; dinner runs 19:00-22:00 (2 h seatings)."""

import datetime as dt

import pytest

from reservations.exceptions import BookingRulesViolated
from reservations.services import staff
from reservations.services.availability_version import bump_availability_version
from reservations.services.staff import Actor, WarningsToConfirm
from reservations.services.staff_terms import StaffTerms
from tests.factories import GuestFactory, UserFactory, WaitlistEntryFactory
from tests.staff.conftest import DAY, last_event, tables_held
from waitlist import services as waitlist
from waitlist.models import WaitlistStatus

pytestmark = pytest.mark.django_db
DURING_DINNER = dt.datetime(2026, 12, 5, 19, 5, tzinfo=dt.UTC)  # 20:05 in Paris


@pytest.fixture
def host(db):
    return Actor(user=UserFactory(username="wl-host"), role="host")


@pytest.fixture
def entry(floor):
    floor.shift.cutoff_minutes = 60  # online booking of dinner closed at 18:00
    floor.shift.save()
    bump_availability_version(floor.restaurant.pk)
    return WaitlistEntryFactory(
        restaurant=floor.restaurant, guest=GuestFactory(restaurant=floor.restaurant, first_name="Wanda"),
        service_date=DAY, window_start=dt.time(19, 30), window_end=dt.time(21, 30), party_size=2,
        shift_id=floor.shift.pk, shift_start_time=floor.shift.start_time, shift_end_time=floor.shift.end_time,
    )  # fmt: skip


def test_staff_book_a_waiting_party_past_the_cutoff_once_the_warning_is_confirmed(floor, entry, host):
    with pytest.raises(WarningsToConfirm) as asked:
        waitlist.promote_entry(entry=entry, staff=StaffTerms(actor=host))
    assert asked.value.codes == ["cutoff_passed"]
    entry.refresh_from_db()
    assert entry.status == WaitlistStatus.ACTIVE
    booked = waitlist.promote_entry(entry=entry, staff=StaffTerms(actor=host, confirmed=frozenset({"cutoff_passed"})))
    assert booked.status == WaitlistStatus.PROMOTED and booked.reservation.status == "confirmed"
    assert last_event(booked.reservation).data["overrides_accepted"] == ["cutoff_passed"]


def test_staff_seat_a_waiting_party_now_on_a_free_table(floor, entry, host, clock):
    clock.move_to(DURING_DINNER)
    seated = waitlist.seat_entry(entry=entry, table_ids=(floor.t2.pk,), actor=host)
    booking = seated.reservation
    assert seated.status == WaitlistStatus.PROMOTED
    assert (booking.status, booking.source, booking.booking_channel) == ("seated", "waitlist", "walk_in")
    assert tables_held(booking) == ["T2"]


def test_a_place_offered_during_service_is_the_next_seating_time(floor, entry, clock):
    clock.move_to(DURING_DINNER)
    offered = waitlist.offer_entry(entry=entry)
    assert offered.offered_time == dt.time(20, 30)  # the window opened at 19:30, gone; 20:30 is next


def test_the_guest_accepting_an_offer_after_the_cutoff_gets_the_booking(floor, entry, clock):
    clock.move_to(DURING_DINNER)
    offered = waitlist.offer_entry(entry=entry)
    accepted = waitlist.accept_offer(entry=offered)
    booking = accepted.reservation
    assert accepted.status == WaitlistStatus.PROMOTED and booking.status == "confirmed"
    assert booking.source == "waitlist" and booking.overrides_accepted == ["cutoff_passed"]
    assert last_event(booking).data["overrides_accepted"] == ["cutoff_passed"]


def test_the_guest_accepting_an_offer_keeps_the_other_online_rules(floor, entry, clock):
    floor.shift.max_covers = 4
    floor.shift.save()
    bump_availability_version(floor.restaurant.pk)
    floor.book([floor.t4], size=4, at=dt.time(19, 0))  # the service is full online
    clock.move_to(DURING_DINNER)
    offered = waitlist.offer_entry(entry=entry)
    with pytest.raises(BookingRulesViolated) as refused:
        waitlist.accept_offer(entry=offered)
    assert [v["code"] for v in refused.value.violations] == ["slot_no_longer_available"]
    offered.refresh_from_db()
    assert offered.status == WaitlistStatus.OFFERED and offered.reservation_id is None
    # Staff can still seat them: the cap is a warning they confirm.
    seated = waitlist.seat_entry(entry=offered, actor=staff.SUPPORT, confirmed=staff.ALL_WARNINGS)
    assert seated.reservation.status == "seated"
