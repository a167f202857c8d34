"""Modify a reservation (PATCH): partial, re-validated under the lock, all or nothing."""

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from config.exceptions import Refused
from config.formats import zone
from reservations.engine import BookingRequest
from reservations.engine.staff import StaffRequest, StaffWarning
from reservations.exceptions import OverrideScopeRequired, ReservationFinalized
from reservations.models import Reservation
from reservations.models.booking import FINAL_STATUSES, Channel, EventType, ReservationStatus
from reservations.services import events
from reservations.services.booking_step import BookingStep
from reservations.services.create import STAFF_CHANNELS, created_event_data, find_company
from reservations.services.guarantee_requests import (
    apply_guarantee_request,
    check_guarantee_change,
    guest_card_for_change,
    slot_guarantee,
)
from reservations.services.guarantees import guarantee_event_data
from reservations.services.notify import notify_guest
from reservations.services.staff_terms import StaffTerms, settle

SLOT_FIELDS = ("service_date", "start_time", "party_size", "section_id", "excluded_from_shift_limits")


# A move of a booking holding an override power (a whole section, or exempt from the caps)
# uses that power again: it needs the override scope, whoever made the booking.
MOVES = ("service_date", "start_time", "party_size", "section_id")


@dataclass(frozen=True)
class ModifyParams:
    fields: dict  # the fields sent, parsed; a None value clears
    overrides: frozenset[str] = frozenset()
    guarantee_request: dict | None = None
    can_override: bool = False
    # The channel of the change itself: `back_office` when staff make it (never sent to approval).
    channel: str = Channel.API
    # A change staff make: physical refusals and warnings to confirm (reservations.services.staff_terms).
    staff: StaffTerms | None = None
    # A guest's own change (their booking's page), who alone may consent to a card: the amount of the
    # card they saved for it (0: none yet). None: not the guest (the API, staff).
    guest_card: int | None = None
    # Checked on the booking as read under the lock, before anything else (a guest's change: may the
    # guest still change it?); raises to refuse.
    precondition: Callable[[Reservation], None] | None = None


def _check_inherited_powers(reservation: Reservation, params: ModifyParams) -> None:
    if params.can_override or params.staff is not None:
        return
    moves = [name for name in MOVES if name in params.fields]
    stays_exempt = reservation.excluded_from_shift_limits and params.fields.get("excluded_from_shift_limits", True)
    if moves and (reservation.entire_section or stays_exempt):
        raise OverrideScopeRequired(moves[0])


@dataclass
class Changes:
    values: dict = field(default_factory=dict)

    def note(self, name: str, before, after) -> None:
        if before != after:
            self.values[name] = {"from": before, "to": after}


def _company_id(company) -> str | None:
    return company.public_id if company else None


def _reslot(step: BookingStep, reservation: Reservation, params: ModifyParams, changes: Changes):
    """Re-run the engine for the new slot, excluding the booking itself, and move its tables."""
    fields = params.fields
    tz = zone(step.restaurant.timezone)
    group = reservation.section_group_id
    if "section_id" in fields:
        group = step.group(fields["section_id"], "section_id")
    local = reservation.starts_at.astimezone(tz)
    request = BookingRequest(
        service_date=fields.get("service_date", reservation.service_date),
        start_time=fields.get("start_time", dt.time(local.hour, local.minute)),
        party_size=fields.get("party_size", reservation.party_size),
        group_id=None if reservation.entire_section else group,
        entire_group_id=group if reservation.entire_section else None,
        excluded_from_shift_limits=fields.get("excluded_from_shift_limits", reservation.excluded_from_shift_limits),
        # A card cannot be added by a modify: its own rules below decide instead.
        overrides=params.overrides | {"guarantee_required"},
    )
    if params.staff is not None:
        decision, waived = _decide_for_staff(step, reservation, params.staff, request)
    else:
        decision = step.decide(request, exclude=("reservation", reservation.pk))
        if params.guest_card is None:
            check_guarantee_change(reservation, step.policy, decision, request.party_size)
        else:
            guest_card_for_change(reservation, step.policy, decision, request.party_size, params.guest_card)
    changes.note("service_date", reservation.service_date.isoformat(), request.service_date.isoformat())
    changes.note("party_size", reservation.party_size, request.party_size)
    changes.note(
        "excluded_from_shift_limits", reservation.excluded_from_shift_limits, request.excluded_from_shift_limits
    )
    changes.note("starts_at", reservation.starts_at.astimezone(tz).isoformat(), decision.starts_at.isoformat())
    if params.staff is not None:
        before = sorted(reservation.tables.values_list("id", flat=True))
        if sorted(decision.table_ids) != before:
            changes.note("tables", table_names(step.policy, before), table_names(step.policy, decision.table_ids))
    step.occupy(reservation, decision, moving=True)
    reservation.shift_id = decision.shift.id
    reservation.service_date = request.service_date
    reservation.starts_at = decision.starts_at
    reservation.ends_at = decision.ends_at
    reservation.party_size = request.party_size
    reservation.excluded_from_shift_limits = request.excluded_from_shift_limits
    reservation.section_group_id = group
    if params.staff is None:
        waived = [
            code for code in decision.waived if code != "guarantee_required" or "guarantee_required" in params.overrides
        ]
    return decision, waived


# Warnings that judge the time (asked again only when the date or time changes) and the party size.
TIME_WARNINGS = ("advance_window_exceeded", "cutoff_passed", "start_time_off_grid", "date_in_past")
SIZE_WARNINGS = ("party_size_too_small", "party_size_too_large")


def _decide_for_staff(step: BookingStep, reservation: Reservation, terms: StaffTerms, request: BookingRequest):
    """The staff answer for the new slot (the booking's own tables kept when they are free and
    large enough), settled: only what the change itself asks more is warned of."""
    tz = step.policy.timezone
    current = tuple(reservation.tables.order_by("id").values_list("id", flat=True))
    decision = step.decide_staff(
        StaffRequest(
            service_date=request.service_date,
            start_time=request.start_time,
            party_size=request.party_size,
            table_ids=terms.table_ids,
            keep_tables=current,
            excluded_from_shift_limits=request.excluded_from_shift_limits,
        ),
        exclude=("reservation", reservation.pk),
    )
    local = reservation.starts_at.astimezone(tz)
    moved = request.service_date != reservation.service_date or request.start_time != dt.time(local.hour, local.minute)
    grows = request.party_size > reservation.party_size
    asks_more = moved or grows
    dropped = set()
    if not moved:
        dropped |= set(TIME_WARNINGS)
    if request.party_size == reservation.party_size:
        dropped |= set(SIZE_WARNINGS)
    if not (asks_more and reservation.status == ReservationStatus.CONFIRMED):
        dropped.add("approval_required")
    if not asks_more:
        dropped.add("slot_no_longer_available")
    decision.warnings = [w for w in decision.warnings if w.code not in dropped]
    extra = []
    if decision.refusal is None:
        try:
            check_guarantee_change(reservation, step.policy, decision, request.party_size)
        except Refused as refusal:  # a card the guest alone consents to: staff go ahead without it
            extra.append(StaffWarning("guarantee_required", f"{refusal.message} The booking keeps the card it has."))
    return decision, settle(decision, terms, step.restaurant, extra=extra, now=step.now, exclude=reservation)


def table_names(policy, table_ids) -> list[str]:
    """The tables' names in floor order, as the `tables` change lists them."""
    known = [policy.tables[t] for t in table_ids if t in policy.tables]
    return [table.name for table in sorted(known, key=lambda table: (table.position, table.id))]


def modify_reservation(*, reservation: Reservation, params: ModifyParams, now=None) -> Reservation:
    now = now or timezone.now()
    restaurant = reservation.restaurant
    fields = params.fields
    with transaction.atomic(savepoint=False):  # all or nothing with the caller's transaction
        step = BookingStep(restaurant, now, **_slot_read_with_lock(reservation, params))
        reservation = (
            Reservation.objects.select_for_update(of=("self",))
            .select_related("restaurant", "company", "guest")
            .get(pk=reservation.pk)
        )
        if params.precondition is not None:
            params.precondition(reservation)
        if reservation.status in FINAL_STATUSES:
            raise ReservationFinalized(reservation.status)
        _check_inherited_powers(reservation, params)
        previous_status = reservation.status
        changes = Changes()
        if "company_id" in fields:
            company = find_company(restaurant, fields["company_id"])
            changes.note("company", _company_id(reservation.company), _company_id(company))
            reservation.company = company
        for name in ("guest_notes", "internal_notes"):
            if name in fields:
                changes.note(name, getattr(reservation, name), fields[name])
                setattr(reservation, name, fields[name])
        waived: list[str] = []
        decision = None
        if any(name in fields for name in SLOT_FIELDS):
            required_before = slot_guarantee(reservation, step.policy)
            decision, waived = _reslot(step, reservation, params, changes)
            staff_move = params.channel in STAFF_CHANNELS
            _after_move(reservation, decision, required_before is not None, _asks_more(changes) and not staff_move)
        if params.guarantee_request is not None:
            apply_guarantee_request(reservation, params.guarantee_request, step.policy, now)
            notify_guest(reservation, "card_request")
        reservation.save()
        _record(reservation, previous_status, changes, waived)
        if params.guarantee_request is not None:
            events.record(reservation, EventType.GUARANTEE_REQUESTED, guarantee_event_data(reservation))
        if decision is not None:
            step.finish()
    return reservation


def _slot_read_with_lock(reservation: Reservation, params: ModifyParams) -> dict:
    """The new slot's occupancy, the booking itself excluded, read in the lock's round trip. Worked out
    from the booking as the caller read it: if the locked booking differs, the step reads again."""
    fields = params.fields
    if params.staff is not None or not any(name in fields for name in SLOT_FIELDS):
        return {}
    local = reservation.starts_at.astimezone(zone(reservation.restaurant.timezone))
    return {
        "date": fields.get("service_date", reservation.service_date),
        "start_time": fields.get("start_time", dt.time(local.hour, local.minute)),
        "exclude": ("reservation", reservation.pk),
    }


def _asks_more(changes: Changes) -> bool:
    """A new time or date, or a larger party: what the restaurant approved no longer covers it."""
    values = changes.values
    grew = "party_size" in values and values["party_size"]["to"] > values["party_size"]["from"]
    return grew or "starts_at" in values or "service_date" in values


def _after_move(reservation: Reservation, decision, slot_required_card: bool, asks_more: bool) -> None:
    """Status consequences of a new slot or party size."""
    # The engine ran with `guarantee_required` waived (a modify never adds a card): ask the
    # new slot itself whether the booking still needs its card.
    needed = decision.shift.guarantee_for(reservation.party_size)
    if reservation.status == ReservationStatus.CONFIRMED and decision.requires_approval and asks_more:
        if reservation.booking_channel not in STAFF_CHANNELS:
            reservation.status = ReservationStatus.PENDING
    elif reservation.status != ReservationStatus.AWAITING_GUARANTEE:
        return
    elif needed is not None:
        # Still asked for; a smaller party is asked for less (never more: see check_guarantee_change).
        amount = needed.per_guest_amount * reservation.party_size
        reservation.guarantee_amount = min(amount, reservation.guarantee_amount or amount)
    elif slot_required_card:
        # The slot's card requirement is gone: the booking stands without one. (A card the
        # restaurant asked for with `guarantee_request` stays asked for.)
        reservation.guarantee_kind = ""
        reservation.guarantee_status = ""
        reservation.guarantee_amount = None
        reservation.guarantee_expires_at = None
        reservation.status = ReservationStatus.PENDING if decision.requires_approval else ReservationStatus.CONFIRMED


def _record(reservation: Reservation, previous_status: str, changes: Changes, waived: list[str]) -> None:
    """The event of this change; none while a card request has not become a booking."""
    if previous_status == ReservationStatus.AWAITING_GUARANTEE and not events.has_created_event(reservation):
        if reservation.status != ReservationStatus.AWAITING_GUARANTEE:
            events.record(reservation, EventType.CREATED, created_event_data(reservation))
        return
    data: dict = {}
    if reservation.status != previous_status:
        data.update(from_status=previous_status, to_status=reservation.status)
    if changes.values:
        data["changes"] = changes.values
    if waived:
        data["overrides_accepted"] = waived
    if not data:
        return
    moved_to_pending = (
        previous_status == ReservationStatus.CONFIRMED and reservation.status == ReservationStatus.PENDING
    )
    events.record(reservation, EventType.PENDING if moved_to_pending else EventType.UPDATED, data)
