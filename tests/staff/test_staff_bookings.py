"""Bookings staff take and change: a table of their choice, a change of party, a phone booking, a
walk-in, a hold handed back (tests/staff/test_staff_rules.py has the rule table)."""

import datetime as dt

import pytest
import time_machine

from guests.services import GuestInput
from holds.models import HoldStatus
from holds.services import staff_release_hold
from reservations.exceptions import TableConflict
from reservations.models import Reservation
from reservations.services import staff
from reservations.services.staff import StaffRefusal, WarningsToConfirm
from tests.factories import HoldFactory
from tests.staff.conftest import DAY, event_types, last_event, tables_held
from tests.staff.test_moves import reload, staff_policy_changed

pytestmark = pytest.mark.django_db


# --- tables, modify, phone and walk-in, holds -------------------------------------------------


def test_a_manual_table_choice_is_checked_for_conflicts(floor, host):
    booking = floor.book([floor.t4], size=2)
    other = floor.book([floor.t2], size=2, at=dt.time(20, 0))
    with pytest.raises(TableConflict, match=f"T2 is taken 20:00–22:00 by .*{other.public_id}"):
        staff.move_booking(reservation=booking, table_ids=[floor.t2.pk], actor=host)
    assert tables_held(booking) == ["T4"]
    staff.move_booking(reservation=booking, table_ids=[floor.t6.pk], actor=host)
    assert tables_held(booking) == ["T6"]
    assert last_event(booking).data == {"changes": {"tables": {"from": ["T4"], "to": ["T6"]}}}


def test_a_table_too_small_is_refused_whoever_asks(floor, host, manager):
    booking = floor.book([floor.t6], size=5)
    for actor in (host, manager, staff.SUPPORT):
        with pytest.raises(StaffRefusal, match="T2 seats 2; the party is 5") as refusal:
            staff.move_booking(reservation=booking, table_ids=[floor.t2.pk], actor=actor, confirmed=staff.ALL_WARNINGS)
        assert refusal.value.code == "tables_too_small"
    assert tables_held(booking) == ["T6"]


def test_staff_modify_never_sends_a_booking_back_to_approval(floor, host):
    floor.shift.approval_from_party_size = 4
    floor.shift.save()
    staff_policy_changed(floor)
    booking = floor.book([floor.t2], size=2)
    fields = {"party_size": 5, "internal_notes": "window"}
    with pytest.raises(WarningsToConfirm) as asked:
        staff.move_booking(reservation=booking, fields=fields, actor=host)
    assert asked.value.codes == ["approval_required"]
    staff.move_booking(reservation=booking, fields=fields, actor=host, confirmed={"approval_required"})
    booking = reload(booking)
    assert booking.status == "confirmed" and booking.party_size == 5 and booking.internal_notes == "window"
    assert tables_held(booking) == ["T6"]  # T2 seats 2: the best free table for five
    event = last_event(booking)
    assert event.type == "reservation.updated" and event.data["overrides_accepted"] == ["approval_required"]
    assert event.data["changes"]["tables"] == {"from": ["T2"], "to": ["T6"]}


def test_a_phone_booking_is_confirmed_where_approval_is_needed_once_the_warning_is_confirmed(floor, host):
    floor.shift.requires_approval = True
    floor.shift.save()
    staff_policy_changed(floor)
    phone = staff.StaffBooking(
        channel="phone",
        party_size=3,
        service_date=DAY,
        start_time=dt.time(20, 0),
        guest=GuestInput(first_name="Paul", last_name="Phone", phone="06 12 34 56 78"),
    )
    with pytest.raises(WarningsToConfirm) as asked:
        staff.create_staff_booking(restaurant=floor.restaurant, booking=phone, actor=host)
    assert asked.value.codes == ["approval_required"]
    assert not Reservation.objects.exists()
    booking = staff.create_staff_booking(
        restaurant=floor.restaurant, booking=phone, actor=host, confirmed={"approval_required"}
    )
    assert (booking.status, booking.booking_channel, booking.source) == ("confirmed", "phone", "manual")
    assert tables_held(booking) == ["T4"]
    assert event_types(booking) == ["reservation.created"]
    assert last_event(booking).data["overrides_accepted"] == ["approval_required"]
    assert booking.guest.phone == "+33612345678"


def test_a_walk_in_is_seated_now_at_the_chosen_table(floor, host):
    with time_machine.travel(dt.datetime(2026, 12, 5, 18, 40, tzinfo=dt.UTC), tick=False):  # 19:40
        booking = staff.create_staff_booking(
            restaurant=floor.restaurant,
            booking=staff.StaffBooking(channel="walk_in", party_size=2, table_ids=(floor.t2.pk,)),
            actor=host,
        )
    booking = reload(booking)
    assert (booking.status, booking.booking_channel, booking.source) == ("seated", "walk_in", "walk_in")
    assert booking.starts_at == dt.datetime(2026, 12, 5, 18, 40, tzinfo=dt.UTC)
    assert tables_held(booking) == ["T2"]
    assert event_types(booking) == ["reservation.created", "reservation.seated"]
    assert str(booking.guest) == "Walk-in"


def test_a_walk_in_onto_a_taken_table_is_refused(floor, host):
    taken = floor.book([floor.t2], at=dt.time(19, 30))
    with time_machine.travel(dt.datetime(2026, 12, 5, 18, 40, tzinfo=dt.UTC), tick=False):
        with pytest.raises(TableConflict, match=f"T2 is taken 19:30–21:30 by .*{taken.public_id}"):
            staff.create_staff_booking(
                restaurant=floor.restaurant,
                booking=staff.StaffBooking(channel="walk_in", party_size=2, table_ids=(floor.t2.pk,)),
                actor=host,
            )
    assert Reservation.objects.count() == 1


def test_the_restaurant_releases_a_hold(floor, host):
    hold = HoldFactory(restaurant=floor.restaurant, shift=floor.shift, service_date=DAY, tables=[floor.t4])
    assert hold.allocations.count() == 1
    released = staff_release_hold(hold=hold, actor=host)
    assert released.status == HoldStatus.RELEASED
    assert not hold.allocations.exists()
