"""Reads of holds. A basket hold is expired from its deadline on, swept or not."""

from django.db.models import Prefetch, Q

from holds.models import Hold, HoldKind, HoldStatus
from reservations.selectors.reservations import tables_in_order


def effective_status(hold: Hold, now) -> str:
    if hold.status == HoldStatus.HELD and hold.kind == HoldKind.BASKET and hold.expires_at <= now:
        return HoldStatus.EXPIRED
    return hold.status


def lapsed(now) -> Q:
    """Held basket holds past their deadline (not yet swept)."""
    return Q(status="held", kind="basket", expires_at__lte=now)


def status_filter(status: str, now) -> Q:
    if status == "held":
        return Q(status="held") & ~lapsed(now)
    if status == "expired":
        return Q(status="expired") | lapsed(now)
    return Q(status=status)


def with_tables(queryset):
    return queryset.select_related("reservation").prefetch_related(Prefetch("tables", queryset=tables_in_order()))


def holds_of(restaurant):
    return with_tables(Hold.objects.filter(restaurant=restaurant))


def get_hold(restaurant, public_id: str) -> Hold | None:
    return holds_of(restaurant).filter(public_id=public_id).first()
