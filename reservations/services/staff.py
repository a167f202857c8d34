"""The host's moves on a booking: approve, decline, seat, partially seat, complete, no-show,
undo, cancel, table choice, modify, and bookings taken by phone or at the door.

One function per move, keyword-only, each in one transaction under the restaurant's lock,
used alike by the day sheet, the admin actions and `manage.py booking`. Every move writes its
reservation event (which publishes its webhook) and a `StatusChange` row that keeps, internally,
who made the move (the contract strips staff identity from events) and what the booking
occupied before it, for the undo.

Allowed moves (anything else is 409 `status_move_not_allowed`):

    pending            -> confirmed (approve), cancelled (decline)
    confirmed          -> partially_seated, seated (from the service date on), no_show (after the start)
    partially_seated   -> seated, completed
    seated             -> completed
    the last of seat / partially seat / complete / no-show -> undone within UNDO_WINDOW

Tables follow the status: a booking holds its allocation rows while it occupies (pending,
confirmed, partially seated, seated); complete and no-show delete them, so the table is free
from that instant; an undo puts them back (refused if another party took the table since).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from config import deferred_inserts
from config.exceptions import InvalidInput, not_found
from config.formats import zone
from config.ids import random_token
from guests.selectors import resolve_public_id
from guests.services import GuestInput, match_or_create
from holds.models import Hold
from holds.services import release_hold
from reservations.engine import BookingRequest, evaluate
from reservations.engine.clock import ServiceClock
from reservations.engine.rules import OVERRIDABLE
from reservations.exceptions import (
    BookingRulesViolated,
    NothingToUndo,
    StatusMoveNotAllowed,
    TableConflict,
)
from reservations.models import Reservation, StatusChange, Table, TableAllocation
from reservations.models.booking import EventType, ReservationStatus
from reservations.models.staff import StaffAction
from reservations.selectors.occupancy import load_occupancy
from reservations.services import allocations, events
from reservations.services.availability_version import bump_availability_version
from reservations.services.booking_step import BookingStep
from reservations.services.cancel import cancel_reservation
from reservations.services.create import CreateParams, create_reservation, created_event_data, find_company
from reservations.services.guest_statistics import refresh_guest_statistics
from reservations.services.locking import lock_restaurant
from reservations.services.modify import ModifyParams, modify_reservation
from reservations.services.notify import notify_guest

S = ReservationStatus
UNDO_WINDOW = dt.timedelta(minutes=5)
# Moves a host can take back (a mis-tap on the floor); approve, decline and cancel tell the guest.
UNDOABLE = (StaffAction.SEAT, StaffAction.PARTIALLY_SEAT, StaffAction.COMPLETE, StaffAction.NO_SHOW)
# What approval does not judge again: the request passed them when it was made, and staff act
# on the day of service (after the online cutoff, even after the seating time).
STAFF_WAIVED = frozenset(
    {
        "party_size_too_small",
        "party_size_too_large",
        "advance_window_exceeded",
        "cutoff_passed",
        "guarantee_required",
        "date_in_past",
    }
)
TABLE_CODES = ("no_table_available", "no_table_available_in_section", "section_occupied")
# Cancellation reasons with a meaning of their own in the contract: staff type something else.
RESERVED_REASONS = ("partner_api", "guest_self_service", "guarantee_expired")
STAFF_CHANNEL_SOURCES = {"phone": "manual", "back_office": "manual", "walk_in": "walk_in"}


@dataclass(frozen=True)
class Actor:
    """Who acts: a back-office user (or None for a support command) and whether they may use
    the manager's power (override the re-checked rules, take another table)."""

    user: object = None
    can_override: bool = False

    @property
    def name(self) -> str:
        return self.user.get_username() if self.user is not None else "support command"


SUPPORT = Actor(user=None, can_override=True)


# --- helpers ---------------------------------------------------------------------------


def _locked(reservation: Reservation) -> Reservation:
    return (
        Reservation.objects.select_for_update(of=("self",))
        .select_related("restaurant", "guest", "company")
        .get(pk=reservation.pk)
    )


def _refuse(reservation: Reservation, move: str, allowed_from: tuple[str, ...]) -> StatusMoveNotAllowed:
    return StatusMoveNotAllowed(
        f"Booking {reservation.public_id} is {reservation.status}: it cannot be {move} "
        f"(only a booking that is {' or '.join(allowed_from)} can)."
    )


def _rows(reservation: Reservation) -> list[list]:
    return [
        [row.table_id, row.during.lower.isoformat(), row.during.upper.isoformat()]
        for row in TableAllocation.objects.filter(reservation=reservation).order_by("table_id")
    ]


def _log(reservation, action, from_status, actor: Actor, event=None, before=None, override=False) -> StatusChange:
    if event is not None and event.pk is None:
        deferred_inserts.flush()  # the event was kept back for the next statement: write it now
    return StatusChange.objects.create(
        restaurant_id=reservation.restaurant_id,
        reservation=reservation,
        event=event,
        action=action,
        from_status=from_status,
        to_status=reservation.status,
        actor=actor.user,
        actor_name=actor.name[:150],
        override=override,
        allocations_before=before or [],
    )


def _move(reservation: Reservation, to: str, event_type: str, action: str, actor: Actor, data=None, before=None):
    previous = reservation.status
    reservation.status = to
    reservation.save(update_fields=["status", "updated_at"])
    event = events.record(reservation, event_type, {"from_status": previous, "to_status": to, **(data or {})})
    return _log(reservation, action, previous, actor, event=event, before=before)


def _local_today(restaurant, now: dt.datetime) -> dt.date:
    return now.astimezone(zone(restaurant.timezone)).date()


def conflicts_for(restaurant, table_ids, start: dt.datetime, end: dt.datetime, now: dt.datetime, exclude=None):
    """Who else holds these tables during [start, end): one entry per clashing row, for a refusal
    a host can act on (the table, the times, the booking or hold, the guest)."""
    tz = zone(restaurant.timezone)
    rows = (
        TableAllocation.objects.filter(
            restaurant=restaurant, table_id__in=list(table_ids), during__overlap=(start, end)
        )
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .select_related("table", "reservation__guest", "hold")
        .order_by("table__position", "table_id")
    )
    if exclude is not None:
        rows = rows.exclude(reservation=exclude)
    found = []
    for row in rows:
        owner = row.reservation or row.hold
        label = owner.public_id
        if row.reservation is not None:
            label += f" ({row.reservation.guest}, {row.reservation.party_size})"
        else:
            label += " (a hold)"
        found.append(
            {
                "table": row.table.name,
                "table_id": row.table.public_id,
                "start_time": row.during.lower.astimezone(tz).strftime("%H:%M"),
                "end_time": row.during.upper.astimezone(tz).strftime("%H:%M"),
                "held_by": owner.public_id,
                "label": label,
            }
        )
    return found


def _occupied_range(policy, reservation: Reservation) -> tuple[dt.datetime, dt.datetime]:
    """[start, end) the booking's tables are taken for, as the booking step would allocate."""
    shift = policy.shift(reservation.shift_id)
    if shift is None:
        end = reservation.ends_at or reservation.starts_at + dt.timedelta(hours=2)
        return reservation.starts_at, end
    clock = ServiceClock(shift, reservation.service_date, policy.timezone)
    return reservation.starts_at, clock.occupied_until(
        reservation.starts_at, shift.seating_minutes_for(reservation.party_size)
    )


def _request_for(reservation: Reservation, policy, overrides: frozenset[str]) -> BookingRequest:
    local = reservation.starts_at.astimezone(policy.timezone)
    group = reservation.section_group_id
    return BookingRequest(
        service_date=reservation.service_date,
        start_time=dt.time(local.hour, local.minute),
        party_size=reservation.party_size,
        group_id=None if reservation.entire_section else group,
        entire_group_id=group if reservation.entire_section else None,
        excluded_from_shift_limits=reservation.excluded_from_shift_limits,
        overrides=overrides,
    )


def _finish(reservation: Reservation, *, availability: bool = True) -> None:
    refresh_guest_statistics(reservation.guest_id)
    if availability:
        bump_availability_version(reservation.restaurant_id, policy_changed=False)


# --- approve and decline ---------------------------------------------------------------------


def approve_reservation(
    *, reservation: Reservation, actor: Actor = SUPPORT, override: bool = False, now: dt.datetime | None = None
) -> Reservation:
    """A pending booking becomes confirmed, re-checked under the restaurant's lock.

    The service's rules are judged again as they stand now (a cap lowered, a closure added since
    the request) and the booking's tables must be its own: a table another party took refuses
    with `table_conflict`, naming the table, the times and who holds it. With the manager's power
    (`override`, which needs `actor.can_override`) the overridable rules are waived and a booking
    whose table is taken is moved to the best free table; two parties never share a table.
    """
    now = now or timezone.now()
    if override and not actor.can_override:
        raise StatusMoveNotAllowed("Approving over a refusal needs a manager's power.", code="override_not_allowed")
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        step = BookingStep(reservation.restaurant, now)
        reservation = _locked(reservation)
        if reservation.status != S.PENDING:
            raise _refuse(reservation, "approved", (S.PENDING,))
        policy = step.policy
        overrides = STAFF_WAIVED | (OVERRIDABLE if override else frozenset())
        occupancy = load_occupancy(
            reservation.restaurant,
            reservation.service_date,
            reservation.service_date,
            now,
            ("reservation", reservation.pk),
        )
        decision = evaluate(policy, occupancy, _request_for(reservation, policy, overrides), now)
        rule_violations = [v for v in decision.violations if v.code not in TABLE_CODES]
        if rule_violations:
            raise BookingRulesViolated.from_engine(rule_violations)
        waived = [code for code in decision.waived if code not in STAFF_WAIVED]
        before = _rows(reservation)
        table_ids = list(reservation.tables.order_by("id").values_list("id", flat=True))
        start, end = _occupied_range(policy, reservation)
        if before:
            start = min(dt.datetime.fromisoformat(row[1]) for row in before)
            end = max(dt.datetime.fromisoformat(row[2]) for row in before)
        clashes = (
            conflicts_for(reservation.restaurant, table_ids, start, end, now, exclude=reservation) if table_ids else []
        )
        moved = False
        if clashes or not table_ids:
            if not override:
                raise TableConflict(reservation, clashes)
            if not decision.table_ids:
                raise TableConflict(reservation, clashes, no_other_table=True)
            table_ids, moved = list(decision.table_ids), True
            start, end = decision.starts_at, decision.occupied_until
        allocations.release(reservation=reservation)
        if moved:
            reservation.tables.set(table_ids)
        allocations.allocate(
            restaurant=reservation.restaurant, table_ids=table_ids, start=start, end=end, reservation=reservation
        )
        data = {"overrides_accepted": waived} if waived else {}
        change = _move(reservation, S.CONFIRMED, EventType.CONFIRMED, StaffAction.APPROVE, actor, data, before)
        if override:
            change.override = True
            change.save(update_fields=["override"])
        notify_guest(reservation, "confirmation")
        _finish(reservation)
    return reservation


def decline_reservation(
    *, reservation: Reservation, actor: Actor = SUPPORT, reason: str = "", now: dt.datetime | None = None
) -> Reservation:
    """A pending booking is turned down: `cancelled`, its tables freed, `reservation.declined`."""
    reason = _typed_reason(reason, default="declined")
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        reservation = _lock_and_get(reservation)
        if reservation.status != S.PENDING:
            raise _refuse(reservation, "declined", (S.PENDING,))
        before = _rows(reservation)
        reservation.cancellation_reason = reason
        reservation.save(update_fields=["cancellation_reason", "updated_at"])
        allocations.release(reservation=reservation)
        _move(
            reservation,
            S.CANCELLED,
            EventType.DECLINED,
            StaffAction.DECLINE,
            actor,
            {"cancellation_reason": reason},
            before,
        )
        notify_guest(reservation, "cancellation")
        _finish(reservation)
    return reservation


def _lock_and_get(reservation: Reservation) -> Reservation:
    lock_restaurant(reservation.restaurant_id)
    return _locked(reservation)


def _typed_reason(reason: str | None, *, default: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        return default
    if len(reason) > 200:
        raise InvalidInput("The reason is 200 characters at most.", param="reason")
    if reason in RESERVED_REASONS:
        raise InvalidInput(f"`{reason}` is a reason the service records itself; type your own.", param="reason")
    return reason


# --- the floor: seat, partially seat, complete, no-show ----------------------------------------


def seat_reservation(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """The whole party is at the table (from confirmed, or partially seated)."""
    return _floor_move(reservation, S.SEATED, actor, now)


def partially_seat_reservation(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """Part of the party is at the table (from confirmed)."""
    return _floor_move(reservation, S.PARTIALLY_SEATED, actor, now)


def complete_reservation(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """The party left: the tables are free from this instant."""
    return _floor_move(reservation, S.COMPLETED, actor, now)


def no_show_reservation(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """Nobody came (after the start time): the tables are free at once."""
    return _floor_move(reservation, S.NO_SHOW, actor, now)


FLOOR_MOVES = {
    S.PARTIALLY_SEATED: ((S.CONFIRMED,), "partially seated", EventType.PARTIALLY_SEATED, StaffAction.PARTIALLY_SEAT),
    S.SEATED: ((S.CONFIRMED, S.PARTIALLY_SEATED), "seated", EventType.SEATED, StaffAction.SEAT),
    S.COMPLETED: ((S.SEATED, S.PARTIALLY_SEATED), "completed", EventType.COMPLETED, StaffAction.COMPLETE),
    S.NO_SHOW: ((S.CONFIRMED,), "marked a no-show", EventType.NO_SHOW, StaffAction.NO_SHOW),
}


def _floor_move(reservation: Reservation, to: str, actor: Actor, now: dt.datetime | None) -> Reservation:
    now = now or timezone.now()
    allowed_from, verb, event_type, action = FLOOR_MOVES[to]
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        reservation = _lock_and_get(reservation)
        if reservation.status not in allowed_from:
            raise _refuse(reservation, verb, allowed_from)
        restaurant = reservation.restaurant
        if to in (S.SEATED, S.PARTIALLY_SEATED) and _local_today(restaurant, now) < reservation.service_date:
            raise StatusMoveNotAllowed(
                f"Booking {reservation.public_id} is for {reservation.service_date.isoformat()}: "
                "a party is seated on its service date, not before."
            )
        if to == S.NO_SHOW and now < reservation.starts_at:
            local = reservation.starts_at.astimezone(zone(restaurant.timezone))
            raise StatusMoveNotAllowed(
                f"Booking {reservation.public_id} starts at {local.strftime('%H:%M')}: "
                "a no-show can only be marked after the start time."
            )
        before = _rows(reservation)
        frees = to in (S.COMPLETED, S.NO_SHOW)
        if frees:
            allocations.release(reservation=reservation)
        _move(reservation, to, event_type, action, actor, before=before)
        _finish(reservation, availability=frees)
    return reservation


# --- undo ----------------------------------------------------------------------------------


def undo_last_move(*, reservation: Reservation, actor: Actor = SUPPORT, now: dt.datetime | None = None):
    """Take back the booking's last floor move (seat, partially seat, complete, no-show) made
    within the last UNDO_WINDOW: the status goes back, and so do the tables a complete or a
    no-show freed (refused when another party has taken one since). Announced as
    `reservation.updated` with `from_status`, `to_status` and `undone` (the event type undone)."""
    now = now or timezone.now()
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        reservation = _lock_and_get(reservation)
        last = (
            StatusChange.objects.filter(reservation=reservation)
            .exclude(action=StaffAction.UNDO)
            .select_related("event")
            .order_by("-created_at", "-id")
            .first()
        )
        if last is None or last.undone_at is not None or last.action not in UNDOABLE:
            raise NothingToUndo(f"Booking {reservation.public_id} has no seat, complete or no-show move to undo.")
        if last.to_status != reservation.status:
            raise NothingToUndo(f"Booking {reservation.public_id} changed since its last move; nothing to undo.")
        if now - last.created_at > UNDO_WINDOW:
            minutes = int(UNDO_WINDOW.total_seconds() // 60)
            raise NothingToUndo(f"The last move of {reservation.public_id} is more than {minutes} minutes old.")
        current = _rows(reservation)
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
        _move(reservation, last.from_status, EventType.UPDATED, StaffAction.UNDO, actor, {"undone": undone}, current)
        _finish(reservation)
    return reservation


# --- cancel --------------------------------------------------------------------------------


def staff_cancel_reservation(*, reservation: Reservation, reason: str, actor: Actor = SUPPORT) -> Reservation:
    """Cancel with the reason the host typed (passed through as `cancellation_reason`); the guest
    is told unless the booking is `partner_managed` (the cancel service decides)."""
    typed = _typed_reason(reason, default="")
    if not typed:
        raise InvalidInput("Type the reason for the cancellation.", param="reason")
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        before_status = reservation.status
        before = _rows(reservation)
        reservation = cancel_reservation(reservation=reservation, reason=typed)
        if before_status != S.CANCELLED:
            event = reservation.events.filter(type=EventType.CANCELLED).order_by("-created_at", "-id").first()
            _log(reservation, StaffAction.CANCEL, before_status, actor, event=event, before=before)
            refresh_guest_statistics(reservation.guest_id)
    return reservation


# --- tables, modify ---------------------------------------------------------------------------


def assign_tables(
    *,
    reservation: Reservation,
    table_ids: list[int],
    actor: Actor = SUPPORT,
    override: bool = False,
    now: dt.datetime | None = None,
) -> Reservation:
    """The host's own table choice for a live booking, checked for conflicts under the lock (and
    for size: a party larger than the tables seat needs the manager's power)."""
    now = now or timezone.now()
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        step = BookingStep(reservation.restaurant, now)
        reservation = _locked(reservation)
        if reservation.status not in (S.PENDING, S.CONFIRMED, S.PARTIALLY_SEATED, S.SEATED, S.AWAITING_GUARANTEE):
            raise _refuse(reservation, "given tables", ("pending", "confirmed", "partially_seated", "seated"))
        tables = list(
            Table.objects.filter(restaurant=reservation.restaurant, pk__in=table_ids).order_by("position", "id")
        )
        if not tables or len(tables) != len(set(table_ids)):
            raise not_found("table_ids", ", ".join(str(t) for t in table_ids))
        seats = sum(table.max_capacity for table in tables)
        if seats < reservation.party_size and not (override and actor.can_override):
            raise StatusMoveNotAllowed(
                f"{', '.join(t.name for t in tables)} seat {seats}; the party is {reservation.party_size}. "
                "Choose more tables, or use the manager's power.",
                code="tables_too_small",
            )
        before = _rows(reservation)
        start, end = _occupied_range(step.policy, reservation)
        if before:
            start = min(dt.datetime.fromisoformat(row[1]) for row in before)
            end = max(dt.datetime.fromisoformat(row[2]) for row in before)
        clashes = conflicts_for(reservation.restaurant, [t.pk for t in tables], start, end, now, exclude=reservation)
        if clashes:
            raise TableConflict(reservation, clashes)
        old_names = [t.name for t in reservation.tables.order_by("position", "id")]
        allocations.release(reservation=reservation)
        reservation.tables.set(tables)
        allocations.allocate(
            restaurant=reservation.restaurant,
            table_ids=[t.pk for t in tables],
            start=start,
            end=end,
            reservation=reservation,
        )
        reservation.save(update_fields=["updated_at"])
        new_names = [t.name for t in tables]
        if old_names != new_names:
            event = events.record(
                reservation, EventType.UPDATED, {"changes": {"tables": {"from": old_names, "to": new_names}}}
            )
            _log(
                reservation,
                StaffAction.ASSIGN_TABLES,
                reservation.status,
                actor,
                event=event,
                before=before,
                override=override,
            )
        step.finish()
    return reservation


def modify_booking(
    *,
    reservation: Reservation,
    fields: dict,
    table_ids: list[int] | None = None,
    actor: Actor = SUPPORT,
    override: bool = False,
    now: dt.datetime | None = None,
) -> Reservation:
    """Time, party, notes through the API's modify service (channel `back_office`: a staff move
    never sends a booking back to approval), then the host's own table choice, all or nothing."""
    if override and not actor.can_override:
        raise StatusMoveNotAllowed("Overriding the rules needs a manager's power.", code="override_not_allowed")
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        if fields:
            params = ModifyParams(
                fields=fields,
                overrides=frozenset(OVERRIDABLE) if override else frozenset(),
                can_override=override,
                channel="back_office",
            )
            before_status = reservation.status
            reservation = modify_reservation(reservation=reservation, params=params, now=now)
            event = reservation.events.order_by("-created_at", "-id").first()
            _log(reservation, StaffAction.MODIFY, before_status, actor, event=event, override=override)
        if table_ids:
            reservation = assign_tables(
                reservation=reservation, table_ids=table_ids, actor=actor, override=override, now=now
            )
    return reservation


# --- bookings taken by staff -------------------------------------------------------------------


@dataclass(frozen=True)
class StaffBooking:
    channel: str  # phone, walk_in or back_office
    party_size: int
    guest: GuestInput | None = None
    guest_id: str | None = None
    service_date: dt.date | None = None  # phone / back office: the slot
    start_time: dt.time | None = None
    table_ids: tuple[int, ...] = ()
    guest_notes: str | None = None
    internal_notes: str | None = None
    company_id: str | None = None


def create_staff_booking(
    *,
    restaurant,
    booking: StaffBooking,
    actor: Actor = SUPPORT,
    override: bool = False,
    now: dt.datetime | None = None,
) -> Reservation:
    """A booking taken on the phone (a slot, through the booking engine, confirmed at once even on
    a service needing approval) or a walk-in (seated now at the tables the host picks)."""
    now = now or timezone.now()
    if booking.channel not in STAFF_CHANNEL_SOURCES:
        raise InvalidInput("The channel is phone, walk_in or back_office.", param="channel")
    if override and not actor.can_override:
        raise StatusMoveNotAllowed("Overriding the rules needs a manager's power.", code="override_not_allowed")
    guest = booking.guest
    if booking.channel == "walk_in" and guest is None and booking.guest_id is None:
        guest = GuestInput(first_name="Walk-in", last_name=None)
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        if booking.channel == "walk_in":
            reservation = _walk_in(restaurant, booking, guest, actor, override, now)
        else:
            params = CreateParams(
                service_date=booking.service_date,
                start_time=booking.start_time,
                party_size=booking.party_size,
                guest=guest if booking.guest_id is None else None,
                guest_id=booking.guest_id,
                guest_notes=booking.guest_notes,
                internal_notes=booking.internal_notes,
                company_id=booking.company_id,
                overrides=frozenset(OVERRIDABLE) if override else frozenset(),
                can_override=override,
                source=STAFF_CHANNEL_SOURCES[booking.channel],
                booking_channel=booking.channel,
                guest_source="manual",
            )
            reservation = create_reservation(restaurant=restaurant, params=params, now=now)
            _log(reservation, StaffAction.CREATE, "", actor, event=reservation.events.first(), override=override)
            if booking.table_ids:
                reservation = assign_tables(
                    reservation=reservation,
                    table_ids=list(booking.table_ids),
                    actor=actor,
                    override=override,
                    now=now,
                )
    return reservation


def _walk_in(restaurant, booking: StaffBooking, guest, actor: Actor, override: bool, now: dt.datetime) -> Reservation:
    """Seated now: the service running now (or starting within the hour), the tables the host
    picked (or the best free fit), from this minute for the service's seating time. Written
    confirmed (`reservation.created`), then seated (`reservation.seated`), like any booking."""
    step = BookingStep(restaurant, now)
    policy = step.policy
    tz = policy.timezone
    start = now.astimezone(tz).replace(second=0, microsecond=0)
    today = start.date()
    shift = clock = None
    for candidate_date in (today, today - dt.timedelta(days=1)):
        for info in policy.shifts_on(candidate_date):
            c = ServiceClock(info, candidate_date, tz)
            if c.starts_at - dt.timedelta(hours=1) <= start < c.ends_at:
                shift, clock, service_date = info, c, candidate_date
                break
        if shift:
            break
    if shift is None:
        raise StatusMoveNotAllowed("No service runs now: a walk-in is seated during a service.", code="no_service_now")
    end = clock.occupied_until(start, shift.seating_minutes_for(booking.party_size))
    table_ids = list(booking.table_ids)
    if not table_ids:
        occupancy = load_occupancy(restaurant, service_date, service_date, now)
        local_slot = _nearest_slot(clock, start)
        decision = evaluate(
            policy,
            occupancy,
            BookingRequest(
                service_date=service_date,
                start_time=local_slot,
                party_size=booking.party_size,
                overrides=frozenset(OVERRIDABLE) | STAFF_WAIVED,
            ),
            now,
        )
        if not decision.table_ids:
            raise TableConflict(None, [], no_other_table=True)
        table_ids = list(decision.table_ids)
    tables = list(Table.objects.filter(restaurant=restaurant, pk__in=table_ids))
    if len(tables) != len(set(table_ids)):
        raise not_found("table_ids", ", ".join(str(t) for t in table_ids))
    seats = sum(t.max_capacity for t in tables)
    if seats < booking.party_size and not override:
        raise StatusMoveNotAllowed(
            f"{', '.join(t.name for t in tables)} seat {seats}; the party is {booking.party_size}.",
            code="tables_too_small",
        )
    clashes = conflicts_for(restaurant, table_ids, start, end, now)
    if clashes:
        raise TableConflict(None, clashes)
    if booking.guest_id is not None:
        guest_row = resolve_public_id(restaurant, booking.guest_id)
        if guest_row is None:
            raise not_found("guest_id", booking.guest_id)
    else:
        guest_row = match_or_create(restaurant=restaurant, data=guest, source="manual").guest
    reservation = Reservation.objects.create(
        restaurant=restaurant,
        shift_id=shift.id,
        status=S.CONFIRMED,
        source="walk_in",
        booking_channel="walk_in",
        party_size=booking.party_size,
        service_date=service_date,
        starts_at=start,
        ends_at=clock.seating_end(start, shift.seating_minutes_for(booking.party_size)),
        guest=guest_row,
        guest_notes=booking.guest_notes,
        internal_notes=booking.internal_notes,
        company=find_company(restaurant, booking.company_id),
        modification_token=random_token(32),
    )
    allocations.link_tables(reservation.tables, [t.pk for t in tables])
    allocations.allocate(
        restaurant=restaurant, table_ids=[t.pk for t in tables], start=start, end=end, reservation=reservation
    )
    created = events.record(reservation, EventType.CREATED, created_event_data(reservation))
    _log(reservation, StaffAction.CREATE, "", actor, event=created, override=override)
    _move(reservation, S.SEATED, EventType.SEATED, StaffAction.SEAT, actor)
    _finish(reservation)
    return reservation


def _nearest_slot(clock: ServiceClock, start: dt.datetime) -> dt.time:
    """The seating time at or before `start` (the service's first when it has not begun)."""
    chosen = clock.slots[0] if clock.slots else None
    for slot in clock.slots:
        if slot.starts_at <= start:
            chosen = slot
    return chosen.time if chosen else start.time()


# --- holds -----------------------------------------------------------------------------------


def staff_release_hold(*, hold: Hold, actor: Actor = SUPPORT, now: dt.datetime | None = None) -> Hold:
    """The restaurant hands a hold back (the API's release: `hold.released`, table on sale at once)."""
    return release_hold(hold=hold, now=now)
