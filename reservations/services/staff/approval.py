"""Approve and decline a pending request."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from reservations.models import Reservation
from reservations.models.booking import EventType
from reservations.models.staff import StaffAction
from reservations.services import allocations
from reservations.services.booking_step import BookingStep
from reservations.services.notify import notify_guest
from reservations.services.staff.common import (
    UNDO_WINDOW,
    S,
    finish,
    lock_and_get,
    locked,
    move_status,
    own_request,
    refuse,
    rows,
    span_of,
    typed_reason,
)
from reservations.services.staff_terms import SUPPORT, Actor, StaffTerms, settle

# What approval judges again: the request passed the other online rules when it was made, and
# staff approve on the day (after the cut-off, even after the seating time).
APPROVAL_WARNINGS = ("slot_no_longer_available", "table_blocked")


def approve_reservation(
    *,
    reservation: Reservation,
    actor: Actor = SUPPORT,
    confirmed: frozenset[str] = frozenset(),
    now: dt.datetime | None = None,
) -> Reservation:
    """A pending booking becomes confirmed, re-checked under the restaurant's lock.

    Its own tables must be free (a table another party took since refuses with `table_conflict`,
    naming who holds it: move the booking first); a cap lowered since is a warning to confirm.
    A service closed since refuses: nothing is booked into a service that will not run.
    """
    now = now or timezone.now()
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        step = BookingStep(reservation.restaurant, now)
        reservation = locked(reservation)
        if reservation.status != S.PENDING:
            raise refuse(reservation, "approved", (S.PENDING,))
        before = rows(reservation)
        tables = tuple(reservation.tables.order_by("id").values_list("id", flat=True))
        decision = step.decide_staff(
            own_request(reservation, table_ids=tables, span=span_of(before)), exclude=("reservation", reservation.pk)
        )
        decision.warnings = [w for w in decision.warnings if w.code in APPROVAL_WARNINGS]
        terms = StaffTerms(actor=actor, confirmed=frozenset(confirmed))
        accepted = settle(decision, terms, reservation.restaurant, now=now, exclude=reservation)
        # Its tables (a request that never had one gets the best free one), links and allocations, with
        # the availability version, in one round trip.
        step.occupy(reservation, decision, moving=True)
        move_status(reservation, S.CONFIRMED, EventType.CONFIRMED, StaffAction.APPROVE, actor, None, before, accepted)
        notify_guest(reservation, "confirmation")
        finish(reservation, availability=False)
    return reservation


def decline_reservation(
    *, reservation: Reservation, actor: Actor = SUPPORT, reason: str = "", now: dt.datetime | None = None
) -> Reservation:
    """A pending booking is turned down: `cancelled`, its tables freed, `reservation.declined`.
    The guest's e-mail waits out the undo window (sent only if the decline still stands)."""
    reason = typed_reason(reason, default="declined")
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        reservation = lock_and_get(reservation)
        if reservation.status != S.PENDING:
            raise refuse(reservation, "declined", (S.PENDING,))
        before = rows(reservation)
        reservation.cancellation_reason = reason
        reservation.save(update_fields=["cancellation_reason", "updated_at"])
        allocations.release(reservation=reservation)
        data = {"cancellation_reason": reason}
        move_status(reservation, S.CANCELLED, EventType.DECLINED, StaffAction.DECLINE, actor, data, before)
        notify_guest(reservation, "cancellation", delay=UNDO_WINDOW)
        finish(reservation)
    return reservation
