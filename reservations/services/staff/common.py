"""What every staff move shares: the booking locked after the restaurant, the record of who moved
it (StatusChange, beside the reservation event), the refusal of a move its status does not allow."""

from __future__ import annotations

import datetime as dt

from config.exceptions import InvalidInput
from config.formats import zone
from config.locking import lock_restaurant
from config.postgresql import deferred
from reservations.engine.staff import StaffRequest
from reservations.exceptions import StatusMoveNotAllowed
from reservations.models import Reservation, StatusChange, TableAllocation
from reservations.models.booking import ReservationStatus
from reservations.models.staff import UNDO_WINDOW, UNDOABLE, StaffAction  # noqa: F401 - re-exported
from reservations.services import events
from reservations.services.availability_version import bump_availability_version
from reservations.services.guest_statistics import refresh_guest_statistics
from reservations.services.staff_terms import Actor

S = ReservationStatus
# Cancellation reasons with a meaning of their own in the contract: staff type something else.
RESERVED_REASONS = ("partner_api", "guest_self_service", "guarantee_expired")
# What a booking in each status can still be given: tables, a time, a party size.
MOVABLE = (S.PENDING, S.CONFIRMED, S.PARTIALLY_SEATED, S.SEATED, S.AWAITING_GUARANTEE)


def locked(reservation: Reservation) -> Reservation:
    """The booking's row, locked (after the restaurant's lock, the order every booking write takes)."""
    return (
        Reservation.objects.select_for_update(of=("self",))
        .select_related("restaurant", "guest", "company")
        .get(pk=reservation.pk)
    )


def lock_and_get(reservation: Reservation) -> Reservation:
    lock_restaurant(reservation.restaurant_id)
    return locked(reservation)


def refuse(reservation: Reservation, move: str, allowed_from: tuple[str, ...]) -> StatusMoveNotAllowed:
    labels = " or ".join(str(s).replace("_", " ") for s in allowed_from)
    status = str(reservation.status).replace("_", " ")
    return StatusMoveNotAllowed(
        f"Booking {reservation.public_id} is {status}: it cannot be {move} (only a booking that is {labels} can)."
    )


def rows(reservation: Reservation) -> list[list]:
    """The booking's allocation rows as [table id, start, end] (ISO), kept for an undo."""
    return [
        [row.table_id, row.during.lower.isoformat(), row.during.upper.isoformat()]
        for row in TableAllocation.objects.filter(reservation=reservation).order_by("table_id")
    ]


def span_of(before: list[list]) -> tuple[dt.datetime, dt.datetime] | None:
    """The range a booking's rows cover, or None when it holds none."""
    if not before:
        return None
    return (
        min(dt.datetime.fromisoformat(row[1]) for row in before),
        max(dt.datetime.fromisoformat(row[2]) for row in before),
    )


def log(reservation, action, from_status, actor: Actor, event=None, before=None, accepted=()) -> StatusChange:
    """The internal record of the move: who, from which status, what it held before, and the
    warnings they confirmed (the contract strips staff identity from the event)."""
    if event is not None and event.pk is None:
        deferred.flush()  # the event was kept back for the next statement: write it now
    return StatusChange.objects.create(
        restaurant_id=reservation.restaurant_id,
        reservation=reservation,
        event=event,
        action=action,
        from_status=from_status,
        to_status=reservation.status,
        actor=actor.user,
        actor_name=actor.name[:150],
        override=bool(accepted),
        warnings_confirmed=list(accepted),
        allocations_before=before or [],
    )


def move_status(reservation, to: str, event_type: str, action: str, actor: Actor, data=None, before=None, accepted=()):
    previous = reservation.status
    reservation.status = to
    reservation.save(update_fields=["status", "updated_at"])
    payload = {"from_status": previous, "to_status": to, **(data or {})}
    if accepted:
        payload["overrides_accepted"] = list(accepted)
    event = events.record(reservation, event_type, payload)
    return log(reservation, action, previous, actor, event=event, before=before, accepted=accepted)


def local_today(restaurant, now: dt.datetime) -> dt.date:
    return now.astimezone(zone(restaurant.timezone)).date()


def local_time(reservation: Reservation) -> dt.time:
    local = reservation.starts_at.astimezone(zone(reservation.restaurant.timezone))
    return dt.time(local.hour, local.minute)


def own_request(reservation: Reservation, **fields) -> StaffRequest:
    """The engine's staff request for the booking as it stands (its date, time, party and exemption
    from the caps), with `fields` (the tables, the range, `rules`) given."""
    return StaffRequest(
        service_date=reservation.service_date,
        start_time=local_time(reservation),
        party_size=reservation.party_size,
        excluded_from_shift_limits=reservation.excluded_from_shift_limits,
        **fields,
    )


def finish(reservation: Reservation, *, availability: bool = True) -> None:
    refresh_guest_statistics(reservation.guest_id)
    if availability:
        bump_availability_version(reservation.restaurant_id, policy_changed=False)


def typed_reason(reason: str | None, *, default: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        return default
    if len(reason) > 200:
        raise InvalidInput("The reason is 200 characters at most.", param="reason")
    if reason in RESERVED_REASONS:
        raise InvalidInput(f"“{reason}” is a reason the service records itself; type your own.", param="reason")
    return reason
