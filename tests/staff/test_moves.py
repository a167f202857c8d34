"""Every host move, allowed and refused: status, event (and webhook), allocation rows, the
internal record of who acted, guest statistics."""

import datetime as dt

import pytest
import time_machine

from config.exceptions import InvalidInput
from reservations.exceptions import NothingToUndo, StatusMoveNotAllowed, TableConflict
from reservations.models import Reservation, StatusChange
from reservations.services import staff
from reservations.services.staff import StaffRefusal, WarningsToConfirm
from tests.staff.conftest import DAY, EVENING, assert_webhook, event_types, last_event, tables_held

pytestmark = pytest.mark.django_db


def reload(reservation) -> Reservation:
    return Reservation.objects.get(pk=reservation.pk)


# --- approve ---------------------------------------------------------------------------------


def test_approve_confirms_a_pending_booking_and_keeps_its_table(floor, host):
    booking = floor.book([floor.t4], status="pending", size=3)
    done = staff.approve_reservation(reservation=booking, actor=host)
    assert done.status == "confirmed" and reload(booking).status == "confirmed"
    assert tables_held(booking) == ["T4"]
    event = last_event(booking)
    assert event.type == "reservation.confirmed"
    assert event.data == {"from_status": "pending", "to_status": "confirmed"}  # no staff identity
    change = StatusChange.objects.get(reservation=booking)
    assert (change.action, change.actor_name, change.from_status, change.to_status) == (
        "approve",
        "hannah-host",
        "pending",
        "confirmed",
    )
    assert_webhook(booking, "reservation.confirmed", "confirmed")


@pytest.mark.parametrize("status", ["confirmed", "seated", "cancelled", "completed", "no_show"])
def test_only_a_pending_booking_can_be_approved_or_declined(floor, host, status):
    booking = floor.book([floor.t4], status=status)
    with pytest.raises(StatusMoveNotAllowed, match="only a booking that is pending"):
        staff.approve_reservation(reservation=booking, actor=host)
    with pytest.raises(StatusMoveNotAllowed):
        staff.decline_reservation(reservation=booking, actor=host)
    assert reload(booking).status == status
    assert not StatusChange.objects.exists()


def test_approve_rechecks_the_caps_as_a_warning_the_host_confirms(floor, host):
    first = floor.book([floor.t4], status="confirmed", size=4)
    booking = floor.book([floor.t6], status="pending", size=4)
    del first
    floor.shift.max_covers = 6  # lowered after the request came in
    floor.shift.save()
    staff_policy_changed(floor)
    with pytest.raises(WarningsToConfirm) as asked:
        staff.approve_reservation(reservation=booking, actor=host)
    assert asked.value.codes == ["slot_no_longer_available"]
    assert "4 of 6 covers booked" in asked.value.message
    assert reload(booking).status == "pending"
    staff.approve_reservation(reservation=booking, actor=host, confirmed={"slot_no_longer_available"})
    assert reload(booking).status == "confirmed"
    assert last_event(booking).data["overrides_accepted"] == ["slot_no_longer_available"]
    change = StatusChange.objects.get(reservation=booking)
    assert change.override is True and change.warnings_confirmed == ["slot_no_longer_available"]


def staff_policy_changed(floor):
    from reservations.services.availability_version import bump_availability_version

    bump_availability_version(floor.restaurant.pk)
    floor.restaurant.refresh_from_db()


def test_approve_refuses_a_table_someone_else_holds_naming_the_conflict(floor, host):
    # A request that holds no row for its table (made before the table was taken: imported, or a
    # request whose rows were never written), and a confirmed party on that table.
    request = floor.book([floor.t4], status="pending", size=4, allocations=False)
    other = floor.book([floor.t4], status="confirmed", size=4, at=dt.time(20, 0))
    with pytest.raises(TableConflict) as refusal:
        staff.approve_reservation(reservation=request, actor=host, confirmed=staff.ALL_WARNINGS)
    message = refusal.value.message
    assert "T4 is taken 20:00–22:00 by " in message and other.public_id in message
    assert refusal.value.conflicts[0]["held_by"] == other.public_id
    assert refusal.value.code == "table_conflict"
    assert reload(request).status == "pending" and tables_held(request) == []
    # The host moves the request to a free table first, then approves it.
    staff.move_booking(reservation=request, table_ids=[floor.t6.pk], actor=host)
    staff.approve_reservation(reservation=request, actor=host)
    assert reload(request).status == "confirmed"
    assert tables_held(request) == ["T6"] and tables_held(other) == ["T4"]


def test_approve_of_a_request_into_a_service_now_closed_is_refused(floor, host):
    from tests.factories import ClosureFactory

    request = floor.book([floor.t4], status="pending", size=3)
    ClosureFactory(restaurant=floor.restaurant, start_date=DAY, end_date=DAY)
    staff_policy_changed(floor)
    with pytest.raises(StaffRefusal, match="closed on Saturday 5 December") as refusal:
        staff.approve_reservation(reservation=request, actor=host, confirmed=staff.ALL_WARNINGS)
    assert refusal.value.code == "no_service_at_this_time"
    assert reload(request).status == "pending"


def test_decline_cancels_frees_the_table_and_passes_the_reason(floor, host):
    booking = floor.book([floor.t4], status="pending", size=3)
    staff.decline_reservation(reservation=booking, actor=host, reason="Private event that night")
    booking = reload(booking)
    assert booking.status == "cancelled" and booking.cancellation_reason == "Private event that night"
    assert tables_held(booking) == []
    event = last_event(booking)
    assert event.type == "reservation.declined"
    assert event.data == {
        "from_status": "pending",
        "to_status": "cancelled",
        "cancellation_reason": "Private event that night",
    }
    assert_webhook(booking, "reservation.declined", "cancelled")


def test_a_decline_is_undone_within_the_minutes_and_the_request_gets_its_table_back(floor, host):
    booking = floor.book([floor.t4], status="pending", size=3)
    staff.decline_reservation(reservation=booking, actor=host, reason="Mis-tap")
    staff.undo_last_move(reservation=booking, actor=host)
    booking = reload(booking)
    assert booking.status == "pending" and booking.cancellation_reason == "" and tables_held(booking) == ["T4"]
    assert last_event(booking).data == {
        "from_status": "cancelled",
        "to_status": "pending",
        "undone": "reservation.declined",
    }


# --- the floor -------------------------------------------------------------------------------


def test_seat_then_complete_frees_the_table_from_that_instant(floor, host):
    booking = floor.book([floor.t4], size=3)
    staff.seat_reservation(reservation=booking, actor=host)
    assert reload(booking).status == "seated" and tables_held(booking) == ["T4"]
    staff.complete_reservation(reservation=booking, actor=host)
    booking = reload(booking)
    assert booking.status == "completed" and tables_held(booking) == []
    assert event_types(booking)[-2:] == ["reservation.seated", "reservation.completed"]
    assert last_event(booking).data == {"from_status": "seated", "to_status": "completed"}
    assert booking.guest.__class__.objects.get(pk=booking.guest_id).visit_count == 1
    assert_webhook(booking, "reservation.seated", "seated")
    assert_webhook(booking, "reservation.completed", "completed")


def test_partially_seated_then_seated_then_completed(floor, host):
    booking = floor.book([floor.t6], size=5)
    staff.partially_seat_reservation(reservation=booking, actor=host)
    assert reload(booking).status == "partially_seated" and tables_held(booking) == ["T6"]
    assert_webhook(booking, "reservation.partially_seated", "partially_seated")
    staff.seat_reservation(reservation=booking, actor=host)
    staff.complete_reservation(reservation=booking, actor=host)
    assert event_types(booking)[-3:] == [
        "reservation.partially_seated",
        "reservation.seated",
        "reservation.completed",
    ]


def test_a_partially_seated_party_may_complete(floor, host):
    booking = floor.book([floor.t6], size=5, status="partially_seated")
    staff.complete_reservation(reservation=booking, actor=host)
    assert reload(booking).status == "completed"


@pytest.mark.parametrize(
    ("status", "move"),
    [
        ("pending", "seat_reservation"),
        ("cancelled", "seat_reservation"),
        ("completed", "seat_reservation"),
        ("no_show", "seat_reservation"),
        ("seated", "seat_reservation"),
        ("seated", "partially_seat_reservation"),
        ("confirmed", "complete_reservation"),
        ("pending", "complete_reservation"),
        ("seated", "no_show_reservation"),
        ("completed", "no_show_reservation"),
        ("cancelled", "no_show_reservation"),
    ],
)
def test_moves_the_status_does_not_allow_are_refused(floor, host, status, move):
    booking = floor.book([floor.t4], status=status)
    before = tables_held(booking)
    with time_machine.travel(EVENING + dt.timedelta(hours=3), tick=False):
        with pytest.raises(StatusMoveNotAllowed):
            getattr(staff, move)(reservation=booking, actor=host)
    assert reload(booking).status == status and tables_held(booking) == before
    assert not StatusChange.objects.exists()


def test_a_party_is_not_seated_before_its_service_date(floor, host):
    booking = floor.book([floor.t4])
    with time_machine.travel(EVENING - dt.timedelta(days=1), tick=False):
        with pytest.raises(StatusMoveNotAllowed, match="on its service date"):
            staff.seat_reservation(reservation=booking, actor=host)
    assert reload(booking).status == "confirmed"


def test_a_no_show_only_after_the_start_and_it_frees_the_table_at_once(floor, host):
    booking = floor.book([floor.t4], at=dt.time(19, 30))
    with time_machine.travel(dt.datetime(2026, 12, 5, 18, 29, tzinfo=dt.UTC), tick=False):  # 19:29 in Paris
        with pytest.raises(StatusMoveNotAllowed, match="after the start time"):
            staff.no_show_reservation(reservation=booking, actor=host)
    assert tables_held(booking) == ["T4"]
    with time_machine.travel(dt.datetime(2026, 12, 5, 18, 45, tzinfo=dt.UTC), tick=False):
        staff.no_show_reservation(reservation=booking, actor=host)
    booking = reload(booking)
    assert booking.status == "no_show" and tables_held(booking) == []
    assert last_event(booking).type == "reservation.no_show"
    assert booking.guest.__class__.objects.get(pk=booking.guest_id).no_show_count == 1
    assert_webhook(booking, "reservation.no_show", "no_show")


# --- undo ------------------------------------------------------------------------------------


def test_undo_of_a_complete_puts_the_table_back(floor, host):
    booking = floor.book([floor.t4], status="seated")
    staff.complete_reservation(reservation=booking, actor=host)
    assert tables_held(booking) == []
    staff.undo_last_move(reservation=booking, actor=host)
    booking = reload(booking)
    assert booking.status == "seated" and tables_held(booking) == ["T4"]
    event = last_event(booking)
    assert event.type == "reservation.updated"
    assert event.data == {"from_status": "completed", "to_status": "seated", "undone": "reservation.completed"}
    # Undone once: nothing more to undo.
    with pytest.raises(NothingToUndo):
        staff.undo_last_move(reservation=booking, actor=host)


def test_undo_of_a_seat_goes_back_to_confirmed(floor, host):
    booking = floor.book([floor.t4])
    staff.seat_reservation(reservation=booking, actor=host)
    staff.undo_last_move(reservation=booking, actor=host)
    assert reload(booking).status == "confirmed" and tables_held(booking) == ["T4"]


def test_undo_only_within_five_minutes(floor, host):
    booking = floor.book([floor.t4])
    staff.seat_reservation(reservation=booking, actor=host)
    with time_machine.travel(dt.datetime.now(dt.UTC) + dt.timedelta(minutes=6), tick=False):
        with pytest.raises(NothingToUndo, match="more than 5 minutes"):
            staff.undo_last_move(reservation=booking, actor=host)
    assert reload(booking).status == "seated"


def test_undo_of_a_no_show_is_refused_when_the_table_was_taken_since(floor, host):
    booking = floor.book([floor.t4], at=dt.time(19, 0))
    with time_machine.travel(dt.datetime(2026, 12, 5, 18, 20, tzinfo=dt.UTC), tick=True):
        staff.no_show_reservation(reservation=booking, actor=host)
        walk_in = floor.book([floor.t4], at=dt.time(19, 30), status="seated")
        with pytest.raises(TableConflict, match=walk_in.public_id):
            staff.undo_last_move(reservation=booking, actor=host)
    assert reload(booking).status == "no_show" and tables_held(booking) == []


def test_nothing_to_undo_without_a_floor_move(floor, host):
    booking = floor.book([floor.t4], status="pending")
    staff.approve_reservation(reservation=booking, actor=host)
    with pytest.raises(NothingToUndo):
        staff.undo_last_move(reservation=booking, actor=host)


# --- cancel ----------------------------------------------------------------------------------


def test_staff_cancel_passes_the_typed_reason_through(floor, host):
    booking = floor.book([floor.t4])
    staff.staff_cancel_reservation(reservation=booking, reason="Guest called: flu", actor=host)
    booking = reload(booking)
    assert booking.status == "cancelled" and tables_held(booking) == []
    assert last_event(booking).data["cancellation_reason"] == "Guest called: flu"
    assert StatusChange.objects.get(reservation=booking).actor_name == "hannah-host"
    assert_webhook(booking, "reservation.cancelled", "cancelled")


@pytest.mark.parametrize("reason", ["", "   ", "partner_api", "guest_self_service", "x" * 201])
def test_staff_cancel_needs_a_reason_of_its_own(floor, host, reason):
    booking = floor.book([floor.t4])
    with pytest.raises(InvalidInput):
        staff.staff_cancel_reservation(reservation=booking, reason=reason, actor=host)
    assert reload(booking).status == "confirmed"
