"""Table allocations: the database's own guard against two parties on one table.

Each occupied table is a row with a time range; an exclusion constraint refuses
overlaps. Writers run under the restaurant lock and the engine already checked,
so a refusal here means a bug upstream: it becomes a clean `no_table_available`.
"""

import datetime as dt
from contextlib import contextmanager

from django.db import IntegrityError, connection, transaction

from config import deferred_inserts
from reservations.engine.rules import violation
from reservations.exceptions import BookingRulesViolated
from reservations.models import TableAllocation


@contextmanager
def overlap_refused():
    """The exclusion constraint's refusal of an overlap, as the engine's `no_table_available`."""
    try:
        yield
    except IntegrityError as error:
        if "allocation_no_overlap" in str(error):
            raise BookingRulesViolated.from_engine([violation("no_table_available")]) from error
        raise


def allocate(
    *,
    restaurant,
    table_ids,
    start: dt.datetime,
    end: dt.datetime,
    reservation=None,
    hold=None,
    expires_at: dt.datetime | None = None,
    savepoint: bool = False,
) -> None:
    """Insert the rows; an overlap becomes `no_table_available` (and, without a savepoint,
    leaves the transaction to be rolled back, as every booking write does on a refusal)."""
    rows = [
        TableAllocation(
            restaurant=restaurant,
            table_id=table_id,
            reservation=reservation,
            hold=hold,
            during=(start, end),  # half-open [start, end)
            expires_at=expires_at,
        )
        for table_id in table_ids
    ]
    with overlap_refused(), transaction.atomic(savepoint=savepoint):
        TableAllocation.objects.bulk_create(rows)


def link_tables(relation, table_ids) -> None:
    """The M2M rows of a new booking or hold, in one INSERT (no read of existing links)."""
    through = relation.through
    source = relation.source_field_name
    through.objects.bulk_create([through(**{f"{source}_id": relation.instance.pk, "table_id": t}) for t in table_ids])


def link_and_allocate(
    owner,
    *,
    restaurant,
    table_ids,
    start: dt.datetime,
    end: dt.datetime,
    expires_at: dt.datetime | None = None,
    then: tuple[str, list] | None = None,
) -> None:
    """`link_tables` then `allocate` (without a savepoint) for `owner` (a reservation or a hold) in
    one round trip, with `then` (a statement and its parameters) after them. A new `owner` (no pk
    yet) is inserted by the same statement: a data-modifying CTE whose id the links and the
    allocations take. An overlap is refused by the exclusion constraint as in `allocate`."""
    table_ids = [int(t) for t in table_ids]
    if not table_ids:
        if owner.pk is None:
            owner.save()
        return
    field = owner._meta.get_field("tables")
    through = field.remote_field.through._meta.db_table
    links = f'INSERT INTO "{through}" ("{field.m2m_column_name()}", "{field.m2m_reverse_name()}")'
    reservation_id, hold_id = ("owner.id", "NULL") if owner._meta.model_name == "reservation" else ("NULL", "owner.id")
    allocations = (
        f'INSERT INTO "{TableAllocation._meta.db_table}" '
        '("restaurant_id", "table_id", "reservation_id", "hold_id", "during", "expires_at") '
        f"SELECT %s, t, {reservation_id}, {hold_id}, tstzrange(%s, %s, '[)'), %s "
        "FROM owner, unnest(%s::bigint[]) AS t"
    )
    new = owner.pk is None
    if new:
        owner_sql, owner_params = deferred_inserts.insert_statement(owner)
    else:
        owner_sql, owner_params = 'SELECT %s AS "id"', (owner.pk,)
    sql = (
        f"WITH owner AS ({owner_sql}), "
        f"links AS ({links} SELECT owner.id, t FROM owner, unnest(%s::bigint[]) AS t), "
        f"allocations AS ({allocations}) "
        "SELECT id FROM owner"
    )
    params = [*owner_params, table_ids, restaurant.pk, start, end, expires_at, table_ids]
    if then is not None:
        sql, params = f"{sql}; {then[0]}", [*params, *then[1]]
    with overlap_refused(), connection.cursor() as cursor:
        cursor.execute(sql, params)
        (pk,) = cursor.fetchone()
    if new:
        owner.pk = pk
        owner._state.adding, owner._state.db = False, connection.alias


def release(*, reservation=None, hold=None) -> None:
    if reservation is not None:
        TableAllocation.objects.filter(reservation=reservation).delete()
    if hold is not None:
        TableAllocation.objects.filter(hold=hold).delete()


def release_holds(hold_ids: list[int]) -> None:
    if hold_ids:
        TableAllocation.objects.filter(hold_id__in=hold_ids).delete()


def drop_lapsed(restaurant, now: dt.datetime) -> None:
    """Free the tables of basket holds past their deadline (a hold lapses without a worker)."""
    TableAllocation.objects.filter(restaurant=restaurant, expires_at__lte=now).delete()


def drop_lapsed_statement(restaurant_id: int, now: dt.datetime) -> tuple[str, list]:
    """`drop_lapsed` as one statement, for a caller sending it with others (the booking step)."""
    table = TableAllocation._meta.db_table
    return f'DELETE FROM "{table}" WHERE "restaurant_id" = %s AND "expires_at" <= %s', [restaurant_id, now]


def hand_over(*, hold, reservation) -> None:
    """A converted hold's tables become the booking's, without a gap anyone could take."""
    TableAllocation.objects.filter(hold=hold).update(hold=None, reservation=reservation, expires_at=None)
