"""Reads of reservations: the tenant's bookings as the API serves them."""

from django.db.models import Prefetch

from config.postgresql.round_trip import Part, Results, run
from reservations.models import Reservation, ReservationEvent, Table
from reservations.models.booking import SERVED_STATUSES
from reservations.selectors.engine_policy import versions_read


def tables_in_order():
    return Table.objects.select_related("section__group_leader").order_by("position", "id")


_TABLES: dict[int, tuple[int, dict[int, Table]]] = {}
_TABLES_LIMIT = 256


def _table_map(restaurant, table_ids) -> dict[int, Table]:
    version = restaurant.policy_version
    cached = _TABLES.get(restaurant.pk)
    if cached is None or cached[0] != version or any(t not in cached[1] for t in table_ids):
        tables = {table.pk: table for table in tables_in_order().filter(restaurant_id=restaurant.pk)}
        if len(_TABLES) >= _TABLES_LIMIT:
            _TABLES.clear()
        _TABLES[restaurant.pk] = cached = (version, tables)
    return cached[1]


def _in_order(tables) -> list[Table]:
    return sorted(tables, key=lambda table: (table.position, table.pk))


def known_tables(restaurant, table_ids) -> list[Table]:
    """The restaurant's tables of these ids in the order `tables_in_order` gives, from a per-process
    copy keyed by `policy_version` (a table edit is a policy edit: it bumps the version).
    Rendered only: never saved, never changed. One query when the version moved."""
    tables = _table_map(restaurant, table_ids)
    return _in_order(tables[t] for t in table_ids if t in tables)


_LINKS = (
    f'SELECT "reservation_id", "table_id" FROM "{Reservation.tables.through._meta.db_table}" '
    'WHERE "reservation_id" = ANY(%s)'
)


def tables_by_reservation(restaurant, reservation_ids) -> dict[int, list[Table]]:
    """The tables of these bookings (a page), in order: their links and the restaurant's version
    counters in one round trip, the tables themselves from `known_tables`' per-process copy."""
    reservation_ids = list(reservation_ids)
    if not reservation_ids:
        return {}
    links = run(versions_read(restaurant), Part(_LINKS, (reservation_ids,), Results.all))[1]
    tables = _table_map(restaurant, {table_id for _, table_id in links})
    found: dict[int, list[Table]] = {}
    for reservation_id, table_id in links:
        if table_id in tables:
            found.setdefault(reservation_id, []).append(tables[table_id])
    return {reservation_id: _in_order(rows) for reservation_id, rows in found.items()}


def tables_of(reservation) -> list[Table]:
    # The write that just rendered the booking's webhook snapshot (services.events) read them already.
    known = reservation.__dict__.get("_snapshot_tables")
    if known is not None:
        return known
    return list(tables_in_order().filter(reservations=reservation))


def served(restaurant, expand=frozenset(), *, tables: bool = True):
    """Bookings of the restaurant the API may show, with what their serialization reads
    (`tables=False`: without their tables; a page reads them with `tables_by_reservation`)."""
    queryset = Reservation.objects.filter(restaurant=restaurant, status__in=SERVED_STATUSES).select_related(
        "guest", "company"
    )
    if tables:
        queryset = queryset.prefetch_related(Prefetch("tables", queryset=tables_in_order()))
    if "events" in expand:
        queryset = queryset.prefetch_related(
            Prefetch("events", queryset=ReservationEvent.objects.order_by("created_at", "id"))
        )
    return queryset


def get_served(restaurant, public_id: str, expand=frozenset()) -> Reservation | None:
    return served(restaurant, expand).filter(public_id=public_id).first()
