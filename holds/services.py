"""Hold writes: take, release, and let lapse."""

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from config.api.errors import Conflict
from holds.models import Hold
from holds.selectors import effective_status
from reservations.engine import BookingRequest
from reservations.engine_data import policy_for
from reservations.services import allocations
from reservations.services.decide import decide, resolve_group
from reservations.services.locking import lock_restaurant
from reservations.services.policy import bump_availability_version

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
    kind: str = "basket"
    expires_at: dt.datetime | None = None
    section_id: str | None = None
    metadata: dict = field(default_factory=dict)
    overrides: frozenset[str] = frozenset()
    excluded_from_shift_limits: bool = False


def deadline(kind: str, requested: dt.datetime | None, now: dt.datetime) -> dt.datetime:
    """The requested deadline clamped into the kind's lifetime (never refused).

    Whole seconds, as the API shows it: the hold lapses at the very instant it announces.
    """
    if kind == "commitment":
        low, high, default = BASKET_MIN, COMMITMENT_MAX, COMMITMENT_DEFAULT
    else:
        low, high, default = BASKET_MIN, BASKET_MAX, BASKET_DEFAULT
    chosen = now + default if requested is None else min(max(requested, now + low), now + high)
    return chosen.replace(microsecond=0)


def create_hold(*, restaurant, params: HoldParams, now: dt.datetime | None = None) -> Hold:
    now = now or timezone.now()
    with transaction.atomic(savepoint=False):  # all or nothing with the caller's transaction
        lock_restaurant(restaurant.pk)
        allocations.drop_lapsed(restaurant, now)
        group = resolve_group(policy_for(restaurant), params.section_id, "section_id")
        request = BookingRequest(
            service_date=params.service_date,
            start_time=params.start_time,
            party_size=params.party_size,
            group_id=group,
            excluded_from_shift_limits=params.excluded_from_shift_limits,
            overrides=params.overrides,
        )
        decision = decide(restaurant, request, now)
        expires_at = deadline(params.kind, params.expires_at, now)
        hold = Hold.objects.create(
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
        allocations.link_tables(hold.tables, decision.table_ids)
        allocations.allocate(
            restaurant=restaurant,
            table_ids=decision.table_ids,
            start=decision.starts_at,
            end=decision.occupied_until,
            hold=hold,
            expires_at=expires_at if params.kind == "basket" else None,
        )
        bump_availability_version(restaurant.pk, policy_changed=False)
    return hold


def release_hold(*, hold: Hold, now: dt.datetime | None = None) -> Hold:
    """Hand a live hold back; a terminal one is returned as it is, a converted one refused."""
    now = now or timezone.now()
    with transaction.atomic():
        hold = Hold.objects.select_for_update().get(pk=hold.pk)
        status = effective_status(hold, now)
        if status == "converted":
            raise Conflict(
                f"This hold was converted into reservation {hold.reservation.public_id}.",
                code="hold_already_converted",
            )
        if status == "expired" and hold.status == "held":
            _mark_expired(Hold.objects.filter(pk=hold.pk), now)
            hold.refresh_from_db()
        elif status == "held":
            hold.status = "released"
            hold.ended_at = now
            hold.save(update_fields=["status", "ended_at", "updated_at"])
            allocations.release(hold=hold)
            bump_availability_version(hold.restaurant_id, policy_changed=False)
    return hold


def _mark_expired(queryset, now: dt.datetime) -> list[tuple[int, int]]:
    """Mark held holds expired at their deadline and free their tables; returns (hold, restaurant) pairs."""
    rows = list(queryset.filter(status="held").values_list("pk", "restaurant_id"))
    pks = [pk for pk, _ in rows]
    Hold.objects.filter(pk__in=pks).update(status="expired", ended_at=F("expires_at"), updated_at=now)
    allocations.release_holds(pks)
    return rows


def sweep_expired_holds(now: dt.datetime | None = None) -> int:
    """Expire every hold past its deadline (commitment holds keep their tables until here)."""
    now = now or timezone.now()
    with transaction.atomic():
        due = Hold.objects.select_for_update(skip_locked=True).filter(status="held", expires_at__lte=now)
        rows = _mark_expired(due, now)
        for restaurant_id in sorted({restaurant for _, restaurant in rows}):
            bump_availability_version(restaurant_id, policy_changed=False)
    return len(rows)
