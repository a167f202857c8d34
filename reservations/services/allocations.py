"""Table allocations: the database's own guard against two parties on one table.

Each occupied table is a row with a time range; an exclusion constraint refuses
overlaps. Writers run under the restaurant lock and the engine already checked,
so a refusal here means a bug upstream: it becomes a clean `no_table_available`.
"""

import datetime as dt
from contextlib import contextmanager

from django.db import IntegrityError, connection, transaction

from config.postgresql import deferred
from config.postgresql.prepared import Statement
from config.postgresql.round_trip import Part, Results, run
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
    then: Part | None = None,
) -> None:
    """`link_tables` then `allocate` (without a savepoint) for `owner` (a reservation or a hold) in
    one round trip, with `then` (config.postgresql.round_trip) after them. A new `owner` (no pk
    yet) is inserted by the same statement: a data-modifying CTE whose id the links and the
    allocations take. An overlap is refused by the exclusion constraint as in `allocate`."""
    table_ids = [int(t) for t in table_ids]
    if not table_ids:
        if owner.pk is None:
            owner.save()
        return
    new = owner.pk is None
    if new:
        owner_sql, owner_params = deferred.row_statement(owner)
    else:
        owner_sql, owner_params = _EXISTING_OWNER, (owner.pk,)
    statement = _linking_statement(owner.__class__, owner_sql)
    sql = statement.sql() if statement is not None else _linking_sql(owner.__class__, owner_sql)
    params = (*owner_params, table_ids, restaurant.pk, start, end, expires_at, table_ids)
    with overlap_refused():
        (pk,) = run(Part(sql, params, Results.one), then)[0]
    if new:
        owner.pk = pk
        owner._state.adding, owner._state.db = False, connection.alias


_EXISTING_OWNER = 'SELECT %s::bigint AS "id"'
_LINKING: dict[tuple[type, str], Statement] = {}  # (owner model, owner statement): the whole, prepared


def _linking_sql(model, owner_sql: str) -> str:
    field = model._meta.get_field("tables")
    through = field.remote_field.through._meta.db_table
    links = f'INSERT INTO "{through}" ("{field.m2m_column_name()}", "{field.m2m_reverse_name()}")'
    reservation_id, hold_id = ("owner.id", "NULL") if model._meta.model_name == "reservation" else ("NULL", "owner.id")
    allocations = (
        f'INSERT INTO "{TableAllocation._meta.db_table}" '
        '("restaurant_id", "table_id", "reservation_id", "hold_id", "during", "expires_at") '
        f"SELECT %s::bigint, t, {reservation_id}, {hold_id}, tstzrange(%s, %s, '[)'), %s::timestamptz "
        "FROM owner, unnest(%s::bigint[]) AS t"
    )
    return (
        f"WITH owner AS ({owner_sql}), "
        f"links AS ({links} SELECT owner.id, t FROM owner, unnest(%s::bigint[]) AS t), "
        f"allocations AS ({allocations}) "
        "SELECT id FROM owner"
    )


def _linking_statement(model, owner_sql: str) -> Statement | None:
    """The linking statement of `model`, prepared, when `owner_sql` is the model's JSON-row INSERT (or
    the existing owner's id); any other INSERT (a value JSON cannot carry) is sent as text."""
    key = (model, owner_sql)
    statement = _LINKING.get(key)
    if statement is None:
        if owner_sql is not _EXISTING_OWNER and owner_sql is not deferred.model_row_sql(model):
            return None
        kind = "existing" if owner_sql is _EXISTING_OWNER else "new"
        statement = _LINKING[key] = Statement(
            f"link_allocate_{model._meta.model_name}_{kind}", _linking_sql(model, owner_sql)
        )
    return statement


def move(owner, *, restaurant, table_ids, start: dt.datetime, end: dt.datetime, expires_at=None, then=None) -> None:
    """A saved `owner` (a reservation or a hold) onto `table_ids` for start..end: its allocations and
    table links replaced in one round trip, with `then` after them. An overlap is refused as in
    `allocate` (the transaction is then to be rolled back)."""
    model = owner.__class__
    unlink = Part(_unlinking_sql(model), (owner.pk, owner.pk), statements=2)
    table_ids = [int(t) for t in table_ids]
    link = None
    if table_ids:
        params = (owner.pk, table_ids, restaurant.pk, start, end, expires_at, table_ids)
        link = Part(_linking_statement(model, _EXISTING_OWNER).sql(), params)
    with overlap_refused():
        run(unlink, link, then)


def _unlinking_sql(model) -> str:
    field = model._meta.get_field("tables")
    through = field.remote_field.through._meta.db_table
    kind = model._meta.model_name
    return (
        f'DELETE FROM "{TableAllocation._meta.db_table}" WHERE "{kind}_id" = %s; '
        f'DELETE FROM "{through}" WHERE "{field.m2m_column_name()}" = %s'
    )


def release(*, reservation=None, hold=None) -> None:
    if reservation is not None:
        TableAllocation.objects.filter(reservation=reservation).delete()
    if hold is not None:
        TableAllocation.objects.filter(hold=hold).delete()


def release_holds(hold_ids: list[int]) -> None:
    if hold_ids:
        TableAllocation.objects.filter(hold_id__in=hold_ids).delete()


# Frees the tables of basket holds past their deadline (a hold lapses without a worker).
DROP_LAPSED = Statement(
    "drop_lapsed_allocations",
    f'DELETE FROM "{TableAllocation._meta.db_table}" WHERE "restaurant_id" = %s AND "expires_at" <= %s',
)


def lapsed_dropped(restaurant_id: int, now: dt.datetime) -> Part:
    """`DROP_LAPSED` as a part of a round trip, for a caller sending it with others (the booking step)."""
    return Part(DROP_LAPSED.sql(), (restaurant_id, now))


def hand_over(*, hold, reservation) -> None:
    """A converted hold's tables become the booking's, without a gap anyone could take."""
    TableAllocation.objects.filter(hold=hold).update(hold=None, reservation=reservation, expires_at=None)
