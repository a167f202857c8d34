"""Reads of reservations: the tenant's bookings as the API serves them."""

from django.db.models import Prefetch

from reservations.models import Reservation, ReservationEvent, Table
from reservations.models.booking import SERVED_STATUSES


def tables_in_order():
    return Table.objects.select_related("section__group_leader").order_by("position", "id")


_TABLES: dict[int, tuple[int, dict[int, Table]]] = {}
_TABLES_LIMIT = 256


def known_tables(restaurant, table_ids) -> list[Table]:
    """The restaurant's tables of these ids in the order `tables_in_order` gives, from a per-process
    copy keyed by `policy_version` (a table edit is a policy edit: it bumps the version).
    Rendered only: never saved, never changed. One query when the version moved."""
    version = restaurant.policy_version
    cached = _TABLES.get(restaurant.pk)
    if cached is None or cached[0] != version or any(t not in cached[1] for t in table_ids):
        tables = {table.pk: table for table in tables_in_order().filter(restaurant_id=restaurant.pk)}
        if len(_TABLES) >= _TABLES_LIMIT:
            _TABLES.clear()
        _TABLES[restaurant.pk] = cached = (version, tables)
    tables = [cached[1][t] for t in table_ids if t in cached[1]]
    return sorted(tables, key=lambda table: (table.position, table.pk))


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
