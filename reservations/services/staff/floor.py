"""The floor: seat, partially seat, complete, no-show, and the undo of the last such move (or of a
decline) within UNDO_WINDOW.

Tables follow the status: a booking holds its allocation rows while it occupies (pending,
confirmed, partially seated, seated); complete and no-show delete them, so the table is free from
that instant; an undo puts them back (refused if another party took the table since).
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from config.formats import zone
from reservations.exceptions import NothingToUndo, StatusMoveNotAllowed, TableConflict
from reservations.models import Reservation, StatusChange
from reservations.models.booking import EventType
from reservations.models.staff import StaffAction
from reservations.services import allocations
from reservations.services.staff.common import (
    UNDO_WINDOW,
    UNDOABLE,
    S,
    finish,
    local_today,
    lock_and_get,
    move_status,
    refuse,
    rows,
)
from reservations.services.staff_terms import SUPPORT, Actor, conflicts_for

FLOOR_MOVES = {
    S.PARTIALLY_SEATED: ((S.CONFIRMED,), "partially seated", EventType.PARTIALLY_SEATED, StaffAction.PARTIALLY_SEAT),
    S.SEATED: ((S.CONFIRMED, S.PARTIALLY_SEATED), "seated", EventType.SEATED, StaffAction.SEAT),
    S.COMPLETED: ((S.SEATED, S.PARTIALLY_SEATED), "completed", EventType.COMPLETED, StaffAction.COMPLETE),
    S.NO_SHOW: ((S.CONFIRMED,), "marked a no-show", EventType.NO_SHOW, StaffAction.NO_SHOW),
}


def seat_reservation(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """The whole party is at the table (from confirmed, or partially seated)."""
    return floor_move(reservation, S.SEATED, actor, now)


def partially_seat_reservation(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """Part of the party is at the table (from confirmed)."""
    return floor_move(reservation, S.PARTIALLY_SEATED, actor, now)


def complete_reservation(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """The party left: the tables are free from this instant."""
    return floor_move(reservation, S.COMPLETED, actor, now)


def no_show_reservation(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """Nobody came (after the start time): the tables are free at once."""
    return floor_move(reservation, S.NO_SHOW, actor, now)


def floor_move(reservation: Reservation, to: str, actor: Actor, now: dt.datetime | None) -> Reservation:
    now = now or timezone.now()
    allowed_from, verb, event_type, action = FLOOR_MOVES[to]
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        reservation = lock_and_get(reservation)
        if reservation.status not in allowed_from:
            raise refuse(reservation, verb, allowed_from)
        restaurant = reservation.restaurant
        if to in (S.SEATED, S.PARTIALLY_SEATED) and local_today(restaurant, now) < reservation.service_date:
            raise StatusMoveNotAllowed(
                f"Booking {reservation.public_id} is for {reservation.service_date:%A} {reservation.service_date.day} "
                f"{reservation.service_date:%B}: a party is seated on its service date, not before."
            )
        if to == S.NO_SHOW and now < reservation.starts_at:
            local = reservation.starts_at.astimezone(zone(restaurant.timezone))
            raise StatusMoveNotAllowed(
                f"Booking {reservation.public_id} starts at {local:%H:%M}: "
                "a no-show can only be marked after the start time."
            )
        before = rows(reservation)
        frees = to in (S.COMPLETED, S.NO_SHOW)
        if frees:
            allocations.release(reservation=reservation)
        move_status(reservation, to, event_type, action, actor, before=before)
        finish(reservation, availability=frees)
    return reservation


def undo_last_move(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """Take back the booking's last floor move (seat, partially seat, complete, no-show) or decline
    made within the last UNDO_WINDOW: the status goes back, and so do the tables a complete, a no-show
    or a decline freed (refused when another party has taken one since). Announced as
    `reservation.updated` with `from_status`, `to_status` and `undone` (the event type undone)."""
    now = now or timezone.now()
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        reservation = lock_and_get(reservation)
        last = (
            StatusChange.objects.filter(reservation=reservation)
            .exclude(action=StaffAction.UNDO)
            .select_related("event")
            .order_by("-created_at", "-id")
            .first()
        )
        if last is None or last.undone_at is not None or last.action not in UNDOABLE:
            raise NothingToUndo(f"Booking {reservation.public_id} has no seat, complete, no-show or decline to undo.")
        if last.to_status != reservation.status:
            raise NothingToUndo(f"Booking {reservation.public_id} changed since its last move; nothing to undo.")
        if now - last.created_at > UNDO_WINDOW:
            minutes = int(UNDO_WINDOW.total_seconds() // 60)
            raise NothingToUndo(f"The last move of {reservation.public_id} is more than {minutes} minutes old.")
        current = rows(reservation)
        if not current and last.allocations_before:
            for table_id, lower, upper in last.allocations_before:
                start, end = dt.datetime.fromisoformat(lower), dt.datetime.fromisoformat(upper)
                clashes = conflicts_for(reservation.restaurant, [table_id], start, end, now, exclude=reservation)
                if clashes:
                    raise TableConflict(reservation, clashes, undo=True)
                allocations.allocate(
                    restaurant=reservation.restaurant,
                    table_ids=[table_id],
                    start=start,
                    end=end,
                    reservation=reservation,
                )
        undone = last.event.type if last.event else last.action
        last.undone_at = now
        last.save(update_fields=["undone_at"])
        if last.action == StaffAction.DECLINE:
            reservation.cancellation_reason = ""
            reservation.save(update_fields=["cancellation_reason", "updated_at"])
        move_status(
            reservation, last.from_status, EventType.UPDATED, StaffAction.UNDO, actor, {"undone": undone}, current
        )
        finish(reservation)
    return reservation
