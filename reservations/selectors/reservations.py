"""Reads of reservations: the tenant's bookings as the API serves them."""

from django.db.models import Prefetch

from reservations.models import Reservation, ReservationEvent, Table
from reservations.models.booking import SERVED_STATUSES


def tables_in_order():
    return Table.objects.select_related("section__group_leader").order_by("position", "id")


def tables_of(reservation) -> list[Table]:
    # The write that just rendered the booking's webhook snapshot (services.events) read them already.
    known = reservation.__dict__.get("_snapshot_tables")
    if known is not None:
        return known
    return list(tables_in_order().filter(reservations=reservation))


def served(restaurant, expand=frozenset()):
    """Bookings of the restaurant the API may show, with what their serialization reads."""
    tables = tables_in_order()
    queryset = (
        Reservation.objects.filter(restaurant=restaurant, status__in=SERVED_STATUSES)
        .select_related("guest", "company")
        .prefetch_related(Prefetch("tables", queryset=tables))
    )
    if "events" in expand:
        queryset = queryset.prefetch_related(
            Prefetch("events", queryset=ReservationEvent.objects.order_by("created_at", "id"))
        )
    return queryset


def get_served(restaurant, public_id: str, expand=frozenset()) -> Reservation | None:
    return served(restaurant, expand).filter(public_id=public_id).first()
