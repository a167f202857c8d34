"""The rule table of bookings staff take or change (docs/host-guide.md, "What stops staff"): every
online rule is a warning a host confirms (unless the restaurant keeps it for managers), recorded as
`overrides_accepted`; what is physically true refuses everyone, confirmed or not.

The clock is 18:00 in Paris on Saturday 5 December 2026; dinner runs 19:00-22:00 (2 h seatings)."""

import datetime as dt

import pytest
import time_machine

from guests.services import GuestInput
from reservations.exceptions import TableConflict
from reservations.models import Reservation, StatusChange
from reservations.services import staff
from reservations.services.availability_version import bump_availability_version
from reservations.services.staff import Actor, StaffRefusal, WarningNeedsManager, WarningsToConfirm
from tests.factories import (
    BlockFactory,
    ClosureFactory,
    FloorPlanFactory,
    SectionFactory,
    TableFactory,
    UserFactory,
)
from tests.staff.conftest import DAY, last_event, tables_held

pytestmark = pytest.mark.django_db

ROLES = ("host", "manager", "owner")


@pytest.fixture
def actors(db):
    return {role: Actor(user=UserFactory(username=f"{role}-rules"), role=role) for role in ROLES}


def policy_changed(floor, **restaurant_fields):
    for name, value in restaurant_fields.items():
        setattr(floor.restaurant, name, value)
    floor.restaurant.save()
    floor.shift.save()
    bump_availability_version(floor.restaurant.pk)
    floor.restaurant.refresh_from_db()


def phone(floor, actor, *, at=dt.time(20, 0), day=DAY, size=2, tables=(), confirmed=frozenset(), email=None):
    return staff.create_staff_booking(
        restaurant=floor.restaurant,
        booking=staff.StaffBooking(
            channel="phone",
            party_size=size,
            service_date=day,
            start_time=at,
            guest=GuestInput(first_name="Pat", last_name="Phone", email=email),
            table_ids=tuple(t.pk for t in tables),
        ),
        actor=actor,
        confirmed=frozenset(confirmed),
    )


# Each warning: how to make the restaurant's online rules refuse a phone booking, and that booking.
def cutoff(floor):
    floor.shift.cutoff_minutes = 120  # online booking of dinner closed at 17:00
    policy_changed(floor)
    return {}


def window(floor):
    policy_changed(floor, max_advance_days=30)
    return {"day": DAY + dt.timedelta(days=60)}


def too_small(floor):
    policy_changed(floor, min_party_size=2)
    return {"size": 1}


def too_large(floor):
    policy_changed(floor, max_party_size=4)
    return {"size": 6, "tables": [floor.t6]}


def caps(floor):
    floor.shift.max_covers = 4
    policy_changed(floor)
    floor.book([floor.t4], size=4, at=dt.time(19, 0))
    return {}


def pacing(floor):
    floor.shift.max_covers_per_slot = 4
    policy_changed(floor)
    floor.book([floor.t4], size=4, at=dt.time(20, 0))
    return {}


def off_grid(floor):
    return {"at": dt.time(20, 10)}


def approval(floor):
    floor.shift.requires_approval = True
    policy_changed(floor)
    return {}


def guarantee(floor):
    floor.shift.guarantee_per_guest_amount = 2000
    floor.shift.guarantee_from_party_size = 1
    policy_changed(floor, payments_enabled=False)  # the card cannot be asked for
    return {}


def past(floor):
    return {"at": dt.time(19, 0), "when": dt.datetime(2026, 12, 5, 19, 0, tzinfo=dt.UTC)}  # 20:00 in Paris


def blocked(floor):
    BlockFactory(
        restaurant=floor.restaurant, date=DAY, start_time=dt.time(19, 30), end_time=dt.time(21, 0), tables=[floor.t4]
    )
    policy_changed(floor)
    return {"tables": [floor.t4]}


WARNINGS = {
    "cutoff_passed": cutoff,
    "advance_window_exceeded": window,
    "party_size_too_small": too_small,
    "party_size_too_large": too_large,
    "slot_no_longer_available": caps,
    "start_time_off_grid": off_grid,
    "approval_required": approval,
    "guarantee_required": guarantee,
    "date_in_past": past,
    "table_blocked": blocked,
}
PACING = {"slot_no_longer_available": pacing}


def _set_up(floor, make):
    arguments = make(floor)
    when = arguments.pop("when", None)
    return arguments, when


def _run(when, function):
    if when is None:
        return function()
    with time_machine.travel(when, tick=False):
        return function()


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("code", [*WARNINGS, "pacing"])
def test_each_online_rule_is_a_warning_each_role_confirms_by_default(floor, actors, code, role):
    make = PACING["slot_no_longer_available"] if code == "pacing" else WARNINGS[code]
    code = "slot_no_longer_available" if code == "pacing" else code
    arguments, when = _set_up(floor, make)
    before = Reservation.objects.count()
    with pytest.raises(WarningsToConfirm) as asked:
        _run(when, lambda: phone(floor, actors[role], **arguments))
    assert code in asked.value.codes
    assert all(warning.message for warning in asked.value.warnings)  # in words
    assert Reservation.objects.count() == before  # nothing written
    booking = _run(when, lambda: phone(floor, actors[role], confirmed=asked.value.codes, **arguments))
    assert booking.status == "confirmed"
    assert code in last_event(booking).data["overrides_accepted"]
    change = StatusChange.objects.get(reservation=booking)
    assert code in change.warnings_confirmed and change.actor_name == f"{role}-rules"


@pytest.mark.parametrize("code", list(WARNINGS))
def test_a_warning_kept_for_managers_refuses_a_host_and_not_a_manager(floor, actors, code):
    arguments, when = _set_up(floor, WARNINGS[code])
    policy_changed(floor, manager_only_warnings=[code])
    with pytest.raises(WarningsToConfirm) as asked:
        _run(when, lambda: phone(floor, actors["host"], **arguments))
    assert code in asked.value.needs_manager
    with pytest.raises(WarningNeedsManager, match="only a manager can accept this"):
        _run(when, lambda: phone(floor, actors["host"], confirmed=asked.value.codes, **arguments))
    booking = _run(when, lambda: phone(floor, actors["manager"], confirmed=asked.value.codes, **arguments))
    assert code in last_event(booking).data["overrides_accepted"]


# --- what is physically true refuses every role, confirmed or not --------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_a_table_taken_refuses_naming_who_holds_it(floor, actors, role):
    other = floor.book([floor.t4], size=3, at=dt.time(19, 30))
    with pytest.raises(TableConflict, match=f"Table T4 is taken 19:30–21:30 by .*{other.public_id}"):
        phone(floor, actors[role], tables=[floor.t4], confirmed=staff.ALL_WARNINGS)
    assert tables_held(other) == ["T4"] and Reservation.objects.count() == 1


@pytest.mark.parametrize("role", ROLES)
def test_a_party_larger_than_the_tables_chosen_is_refused(floor, actors, role):
    with pytest.raises(StaffRefusal, match="T2 seats 2; the party is 3") as refusal:
        phone(floor, actors[role], size=3, tables=[floor.t2], confirmed=staff.ALL_WARNINGS)
    assert refusal.value.code == "tables_too_small"


def test_a_combination_seats_its_own_maximum(floor, actors):
    from tests.factories import CombinationFactory

    CombinationFactory(floor_plan=floor.plan, tables=[floor.t2, floor.t4], min_capacity=5, max_capacity=7)
    policy_changed(floor)
    booking = phone(floor, actors["host"], size=7, tables=[floor.t2, floor.t4], confirmed={"party_size_too_large"})
    assert tables_held(booking) == ["T2", "T4"]
    with pytest.raises(StaffRefusal, match="seat 7; the party is 8"):
        phone(
            floor, actors["host"], at=dt.time(19, 0), size=8, tables=[floor.t2, floor.t4], confirmed=staff.ALL_WARNINGS
        )


@pytest.mark.parametrize("role", ROLES)
def test_nothing_is_booked_into_a_past_service(floor, actors, role):
    yesterday = DAY - dt.timedelta(days=1)
    with pytest.raises(StaffRefusal, match="Dinner on Friday 4 December is over") as refusal:
        phone(floor, actors[role], day=yesterday, confirmed=staff.ALL_WARNINGS)
    assert refusal.value.code == "service_over"
    with time_machine.travel(dt.datetime(2026, 12, 5, 21, 30, tzinfo=dt.UTC), tick=False):  # 22:30, dinner over
        with pytest.raises(StaffRefusal, match="is over"):
            phone(floor, actors[role], at=dt.time(21, 30), confirmed=staff.ALL_WARNINGS)


@pytest.mark.parametrize("role", ROLES)
def test_no_service_at_that_time_or_a_closed_day_is_refused(floor, actors, role):
    with pytest.raises(StaffRefusal, match="No service runs at 03:00 on Saturday 5 December") as refusal:
        phone(floor, actors[role], at=dt.time(3, 0), confirmed=staff.ALL_WARNINGS)
    assert refusal.value.code == "no_service_at_this_time"
    ClosureFactory(restaurant=floor.restaurant, start_date=DAY + dt.timedelta(days=1), name="Private party")
    policy_changed(floor)
    with pytest.raises(StaffRefusal, match="closed on Sunday 6 December \\(Private party\\)"):
        phone(floor, actors[role], day=DAY + dt.timedelta(days=1), confirmed=staff.ALL_WARNINGS)


def test_a_table_of_another_floor_plan_is_refused(floor, actors):
    terrace = TableFactory(section=SectionFactory(floor_plan=FloorPlanFactory(restaurant=floor.restaurant)), name="X1")
    policy_changed(floor)
    with pytest.raises(StaffRefusal, match="X1 is not on the floor plan of Dinner") as refusal:
        phone(floor, actors["owner"], tables=[terrace], confirmed=staff.ALL_WARNINGS)
    assert refusal.value.code == "table_not_in_service"


def test_no_free_table_when_none_is_chosen_is_refused(floor, actors):
    for table in (floor.t2, floor.t4, floor.t6):
        floor.book([table], at=dt.time(19, 30))
    with pytest.raises(StaffRefusal, match="No free table seats 2 at 20:00") as refusal:
        phone(floor, actors["owner"], confirmed=staff.ALL_WARNINGS)
    assert refusal.value.code == "no_table_available"


def test_staff_may_use_a_table_not_sold_online(floor, actors):
    floor.t2.bookable_online = False
    floor.t2.save()
    policy_changed(floor)
    booking = phone(floor, actors["host"], tables=[floor.t2])
    assert tables_held(booking) == ["T2"] and booking.overrides_accepted == []


# --- moves, walk-ins, the waitlist -----------------------------------------------------------------


def test_moving_a_late_party_to_later_during_service_is_a_warning_then_done(floor, actors):
    floor.shift.cutoff_minutes = 60
    policy_changed(floor)
    late = floor.book([floor.t4], at=dt.time(19, 0))
    with time_machine.travel(dt.datetime(2026, 12, 5, 18, 20, tzinfo=dt.UTC), tick=False):  # 19:20
        with pytest.raises(WarningsToConfirm) as asked:
            staff.move_booking(reservation=late, fields={"start_time": dt.time(21, 30)}, actor=actors["host"])
        assert asked.value.codes == ["cutoff_passed"]
        staff.move_booking(
            reservation=late,
            fields={"start_time": dt.time(21, 30)},
            table_ids=[floor.t6.pk],
            actor=actors["host"],
            confirmed={"cutoff_passed"},
        )
    late.refresh_from_db()
    assert late.starts_at == dt.datetime(2026, 12, 5, 20, 30, tzinfo=dt.UTC) and tables_held(late) == ["T6"]
    data = last_event(late).data
    assert data["overrides_accepted"] == ["cutoff_passed"] and data["changes"]["tables"] == {
        "from": ["T4"],
        "to": ["T6"],
    }


def test_a_walk_in_carries_the_caps_and_party_warnings_not_the_cutoff(floor, actors):
    floor.shift.cutoff_minutes = 120
    floor.shift.max_covers = 2
    policy_changed(floor, max_party_size=4)
    floor.book([floor.t2], at=dt.time(21, 0))
    walk_in = staff.StaffBooking(channel="walk_in", party_size=5)
    with time_machine.travel(dt.datetime(2026, 12, 5, 18, 5, tzinfo=dt.UTC), tick=False):
        with pytest.raises(WarningsToConfirm) as asked:
            staff.create_staff_booking(restaurant=floor.restaurant, booking=walk_in, actor=actors["host"])
        assert sorted(asked.value.codes) == ["party_size_too_large", "slot_no_longer_available"]
        seated = staff.create_staff_booking(
            restaurant=floor.restaurant, booking=walk_in, actor=actors["host"], confirmed=asked.value.codes
        )
    assert seated.status == "seated" and tables_held(seated) == ["T6"]


def test_a_walk_in_onto_a_table_free_until_its_next_booking_is_seated_until_then(floor, actors):
    floor.book([floor.t2], at=dt.time(20, 0))
    floor.book([floor.t4], at=dt.time(19, 0))
    floor.book([floor.t6], at=dt.time(19, 0))
    with time_machine.travel(dt.datetime(2026, 12, 5, 17, 55, tzinfo=dt.UTC), tick=False):  # 18:55
        seated = staff.create_staff_booking(
            restaurant=floor.restaurant,
            booking=staff.StaffBooking(channel="walk_in", party_size=2),
            actor=actors["host"],
        )
    assert tables_held(seated) == ["T2"]
    assert seated.ends_at == dt.datetime(2026, 12, 5, 19, 0, tzinfo=dt.UTC)  # 20:00, the table's next booking
