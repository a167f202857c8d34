"""Hold writes: take, release (the API, or the restaurant's staff), and let lapse (a conversion into a
booking: holds.conversion)."""

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from apikeys.roles import SUPPORT, Actor
from config.formats import Viewer, zone
from config.locking import lock_restaurant
from holds.models import Hold, HoldKind, HoldStatus
from holds.selectors import effective_status, with_tables
from holds.shapes import HoldShape
from reservations.engine import BookingRequest
from reservations.exceptions import HoldAlreadyConverted
from reservations.services import allocations
from reservations.services.availability_version import bump_availability_version
from reservations.services.booking_step import BookingStep
from webhooks.services.publish import publish
from webhooks.types import HOLD_CREATED, HOLD_EXPIRED, HOLD_RELEASED

BASKET_MIN = dt.timedelta(minutes=5)
BASKET_MAX = dt.timedelta(minutes=30)
BASKET_DEFAULT = dt.timedelta(minutes=10)
COMMITMENT_MAX = dt.timedelta(hours=48)
COMMITMENT_DEFAULT = dt.timedelta(hours=24)


@dataclass(frozen=True)
class HoldParams:
    service_date: dt.date
    start_time: dt.time
    party_size: int
    kind: str = HoldKind.BASKET
    expires_at: dt.datetime | None = None
    section_id: str | None = None
    metadata: dict = field(default_factory=dict)
    overrides: frozenset[str] = frozenset()
    excluded_from_shift_limits: bool = False


def deadline(kind: str, requested: dt.datetime | None, now: dt.datetime) -> dt.datetime:
    """The requested deadline clamped into the kind's lifetime (never refused).

    Whole seconds, as the API shows it: the hold lapses at the very instant it announces.
    """
    if kind == HoldKind.COMMITMENT:
        low, high, default = BASKET_MIN, COMMITMENT_MAX, COMMITMENT_DEFAULT
    else:
        low, high, default = BASKET_MIN, BASKET_MAX, BASKET_DEFAULT
    chosen = now + default if requested is None else min(max(requested, now + low), now + high)
    return chosen.replace(microsecond=0)


def create_hold(*, restaurant, params: HoldParams, now: dt.datetime | None = None) -> Hold:
    now = now or timezone.now()
    with transaction.atomic(savepoint=False):  # all or nothing with the caller's transaction
        step = BookingStep(restaurant, now, date=params.service_date, start_time=params.start_time)
        group = step.group(params.section_id, "section_id")
        request = BookingRequest(
            service_date=params.service_date,
            start_time=params.start_time,
            party_size=params.party_size,
            group_id=group,
            excluded_from_shift_limits=params.excluded_from_shift_limits,
            overrides=params.overrides,
        )
        decision = step.decide(request)
        expires_at = deadline(params.kind, params.expires_at, now)
        hold = Hold(
            restaurant=restaurant,
            shift_id=decision.shift.id,
            kind=params.kind,
            party_size=params.party_size,
            service_date=params.service_date,
            starts_at=decision.starts_at,
            ends_at=decision.ends_at,
            expires_at=expires_at,
            section_group_id=group,
            excluded_from_shift_limits=params.excluded_from_shift_limits,
            overrides_accepted=decision.waived,
            guarantee_waived="guarantee_required" in decision.waived,
            metadata=params.metadata,
        )
        # Inserts the hold with its tables and allocations: one round trip.
        step.occupy(hold, decision, expires_at=expires_at if params.kind == HoldKind.BASKET else None)
        announce(hold, HOLD_CREATED, now)
        step.finish()
    return hold


def announce(hold: Hold, event_type: str, now: dt.datetime, created: dt.datetime | None = None) -> None:
    """Publish a hold.* webhook with the hold's snapshot, in the caller's transaction."""
    snapshot = HoldShape.render(hold, Viewer(tz=zone(hold.restaurant.timezone)), now)
    publish(hold.restaurant_id, event_type, snapshot, created=created)


def release_hold(*, hold: Hold, now: dt.datetime | None = None) -> Hold:
    """Hand a live hold back; a terminal one is returned as it is, a converted one refused."""
    now = now or timezone.now()
    with transaction.atomic():
        # The restaurant's lock first: it bounds the wait (lock_timeout) of every lock that follows.
        lock_restaurant(hold.restaurant_id)
        hold = Hold.objects.select_for_update().get(pk=hold.pk)
        status = effective_status(hold, now)
        if status == HoldStatus.CONVERTED:
            raise HoldAlreadyConverted(hold.reservation.public_id)
        if status == HoldStatus.EXPIRED and hold.status == HoldStatus.HELD:
            _mark_expired(Hold.objects.filter(pk=hold.pk), now)
            hold.refresh_from_db()
        elif status == HoldStatus.HELD:
            hold.status = HoldStatus.RELEASED
            hold.ended_at = now
            hold.save(update_fields=["status", "ended_at", "updated_at"])
            allocations.release(hold=hold)
            announce(hold, HOLD_RELEASED, now)
            bump_availability_version(hold.restaurant_id, policy_changed=False)
    return hold


def staff_release_hold(*, hold: Hold, actor: Actor = SUPPORT, now: dt.datetime | None = None) -> Hold:
    """The restaurant hands a hold back (the API's release: `hold.released`, table on sale at once)."""
    return release_hold(hold=hold, now=now)


def _mark_expired(queryset, now: dt.datetime) -> list[tuple[int, int]]:
    """Mark held holds expired at their deadline and free their tables; returns (hold, restaurant) pairs.

    Each announces `hold.expired` here, the one place a lapse is written: a basket hold lapsed at
    its deadline, before anything noticed, so the event carries that instant as its `created`;
    a commitment hold held its tables until now.
    """
    rows = list(queryset.filter(status=HoldStatus.HELD).values_list("pk", "restaurant_id"))
    pks = [pk for pk, _ in rows]
    Hold.objects.filter(pk__in=pks).update(status=HoldStatus.EXPIRED, ended_at=F("expires_at"), updated_at=now)
    allocations.release_holds(pks)
    for hold in with_tables(Hold.objects.filter(pk__in=pks).select_related("restaurant")).order_by("expires_at", "pk"):
        # A basket hold was over at its deadline; a commitment hold is over when the sweep ends it.
        announce(hold, HOLD_EXPIRED, now, created=hold.expires_at if hold.kind == HoldKind.BASKET else now)
    return rows


def sweep_expired_holds(now: dt.datetime | None = None, *, kind: str | None = None) -> int:
    """Expire every hold past its deadline (commitment holds keep their tables until here).

    `kind="basket"`: only basket holds (a frequent sweep, so their `hold.expired` leaves soon
    after the lapse; the booking step already frees their tables at the deadline).
    """
    now = now or timezone.now()
    with transaction.atomic():
        due = Hold.objects.select_for_update(skip_locked=True).filter(status=HoldStatus.HELD, expires_at__lte=now)
        if kind is not None:
            due = due.filter(kind=kind)
        rows = _mark_expired(due, now)
        for restaurant_id in sorted({restaurant for _, restaurant in rows}):
            bump_availability_version(restaurant_id, policy_changed=False)
    return len(rows)
