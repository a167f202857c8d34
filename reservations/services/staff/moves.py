"""A booking moved by staff (another table, time, date or party size; its notes), or cancelled (a
hold handed back: holds.services.staff_release_hold)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from config.exceptions import InvalidInput
from reservations.models import Reservation
from reservations.models.booking import Channel, EventType
from reservations.models.staff import StaffAction
from reservations.services import events
from reservations.services.booking_step import BookingStep
from reservations.services.cancel import cancel_reservation
from reservations.services.guest_statistics import refresh_guest_statistics
from reservations.services.modify import ModifyParams, modify_reservation, table_names
from reservations.services.staff.common import (
    MOVABLE,
    S,
    local_time,
    lock_and_get,
    locked,
    log,
    own_request,
    refuse,
    rows,
    span_of,
    typed_reason,
)
from reservations.services.staff_terms import SUPPORT, Actor, StaffTerms, settle

SLOT_FIELDS = ("service_date", "start_time", "party_size")
NOTE_FIELDS = ("guest_notes", "internal_notes")


def move_booking(
    *,
    reservation: Reservation,
    fields: dict | None = None,
    table_ids=None,
    actor: Actor = SUPPORT,
    confirmed: frozenset[str] = frozenset(),
    now: dt.datetime | None = None,
) -> Reservation:
    """Another date, time or party size (`fields`, with the notes), and/or the tables staff chose,
    all or nothing, under the restaurant's lock: the same modify service as the API's PATCH on staff
    terms (channel `back_office`: never sent back to approval). A time change keeps the booking's
    tables when they are free at the new time, else takes `table_ids` or the best free fit."""
    now = now or timezone.now()
    fields = {name: value for name, value in (fields or {}).items() if name in SLOT_FIELDS + NOTE_FIELDS}
    chosen = tuple(dict.fromkeys(table_ids or ()))
    fields = _changed(reservation, fields)
    if not fields and not chosen:
        raise InvalidInput("Nothing to change: choose another table, time, date or party size.")
    terms = StaffTerms(actor=actor, confirmed=frozenset(confirmed), table_ids=chosen)
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        if fields:
            reservation = lock_and_get(reservation)
            if reservation.status not in MOVABLE:
                raise refuse(reservation, "moved", MOVABLE)
            previous = reservation.status
            params = ModifyParams(fields=fields, channel=Channel.BACK_OFFICE, staff=terms)
            reservation = modify_reservation(reservation=reservation, params=params, now=now)
            event = reservation.events.order_by("-created_at", "-id").first()
            accepted = event.data.get("overrides_accepted", []) if event is not None else []
            log(reservation, StaffAction.MODIFY, previous, actor, event=event, accepted=accepted)
        if chosen and not any(name in fields for name in SLOT_FIELDS):
            reservation = _assign_tables(reservation, chosen, terms, now)
    return reservation


def _changed(reservation: Reservation, fields: dict) -> dict:
    current = {
        "service_date": reservation.service_date,
        "start_time": local_time(reservation),
        "party_size": reservation.party_size,
        "guest_notes": reservation.guest_notes or None,
        "internal_notes": reservation.internal_notes or None,
    }
    changed = {}
    for name, value in fields.items():
        value = value or None if name in NOTE_FIELDS else value
        if value is not None and name == "party_size" and value < 1:
            raise InvalidInput("A party has at least one guest.", param="party_size")
        if value != current[name]:
            changed[name] = value
    return changed


def _assign_tables(reservation: Reservation, table_ids: tuple[int, ...], terms: StaffTerms, now) -> Reservation:
    """Only the tables change: the new ones must be free for the booking's range (a seated party's
    from now on) and seat the party; a blocked table is a warning."""
    step = BookingStep(reservation.restaurant, now)  # the restaurant's lock first, as every write
    reservation = locked(reservation)
    if reservation.status not in MOVABLE:
        raise refuse(reservation, "moved", MOVABLE)
    before = rows(reservation)
    span = span_of(before)
    if span is not None and reservation.status in (S.SEATED, S.PARTIALLY_SEATED):
        span = (max(span[0], now.replace(second=0, microsecond=0)), span[1])
    decision = step.decide_staff(
        own_request(reservation, table_ids=table_ids, rules=False, span=span), exclude=("reservation", reservation.pk)
    )
    accepted = settle(decision, terms, reservation.restaurant, now=now, exclude=reservation)
    old = sorted(reservation.tables.values_list("id", flat=True))
    if sorted(decision.table_ids) == old:
        return reservation
    step.occupy(reservation, decision, moving=True)  # links, allocations and the version: one round trip
    reservation.save(update_fields=["updated_at"])
    change = {"from": table_names(step.policy, old), "to": table_names(step.policy, decision.table_ids)}
    data = {"changes": {"tables": change}}
    if accepted:
        data["overrides_accepted"] = accepted
    event = events.record(reservation, EventType.UPDATED, data)
    log(reservation, StaffAction.ASSIGN_TABLES, reservation.status, terms.actor, event, before, accepted)
    step.finish()
    return reservation


def staff_cancel_reservation(*, reservation: Reservation, reason: str, actor: Actor = SUPPORT) -> Reservation:
    """Cancel with the reason the host typed (passed through as `cancellation_reason`); the guest
    is told unless the booking is `partner_managed` (the cancel service decides)."""
    typed = typed_reason(reason, default="")
    if not typed:
        raise InvalidInput("Type the reason for the cancellation.", param="reason")
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        before_status = reservation.status
        before = rows(reservation)
        reservation = cancel_reservation(reservation=reservation, reason=typed)
        if before_status != S.CANCELLED:
            event = reservation.events.filter(type=EventType.CANCELLED).order_by("-created_at", "-id").first()
            log(reservation, StaffAction.CANCEL, before_status, actor, event=event, before=before)
            refresh_guest_statistics(reservation.guest_id)
    return reservation
