"""Rows a write request inserts and never reads back ride on its next statement's round trip.

The outbox rows of a change (its reservation event, its webhook event, its guest e-mail) are
written last, and nothing in the request reads them. Inside `batch()` (the API's write
transaction, config.api.idempotency) `insert(obj)` keeps such a row back; it goes to PostgreSQL
in front of the connection's next statement, in the same round trip (on a create, the
idempotency record's INSERT), or on its own when the batch ends, before the commit.

Every statement that follows a kept-back row runs after it, in the same transaction, so reads,
constraints and a rollback to a savepoint behave as if the row had been saved at once. Only its
`pk` arrives later: set when the row is written. A caller that needs the pk at once calls
`flush()` first. Outside a batch (the admin, the workers, the commands) `insert` saves
at once.
"""

import datetime as dt
import math
from contextlib import contextmanager

import orjson
from django.db import connection, models
from django.db.models.sql import InsertQuery
from psycopg.types.json import Jsonb

from config.postgresql.prepared import Statement

_ROWS = "_deferred_inserts"  # the connection's list of kept-back rows; None outside a batch


def insert(obj) -> None:
    """Insert `obj` (a new model instance) now, or in front of the next statement in a batch."""
    rows = getattr(connection, _ROWS, None)
    if rows is None:
        obj.save(force_insert=True)
        return
    sql, params = row_statement(obj)
    prepared = _ROW_STATEMENTS.get(obj.__class__)
    if prepared is not None and sql is prepared[0]:  # the model's JSON-row text: run it prepared
        sql = prepared[1].sql()
    rows.append((obj, (sql, params)))


@contextmanager
def batch():
    """Keep `insert`ed rows back until the next statement; write the rest as the block ends.

    Use it inside `transaction.atomic()`, so that its end comes before the commit. A failure in
    the block discards what is kept back: the transaction rolls back anyway."""
    if getattr(connection, _ROWS, None) is not None or not connection.in_atomic_block:
        yield  # nested: the outer batch writes; no transaction: nothing to batch into
        return
    setattr(connection, _ROWS, [])
    connection.execute_wrappers.append(_ride_along)
    try:
        yield
        if not connection.needs_rollback:
            flush()
    finally:
        connection.execute_wrappers.remove(_ride_along)
        setattr(connection, _ROWS, None)


def flush() -> None:
    """Write what is kept back now (a caller about to use a kept-back row's pk)."""
    if getattr(connection, _ROWS, None):
        with connection.cursor() as cursor:
            _write_alone(cursor)


def model_row_sql(model) -> str | None:
    """The INSERT text `row_statement` returns for `model`'s instances whose values are JSON."""
    found = _ROW_STATEMENTS.get(model)
    return found[0] if found else None


def row_statement(obj) -> tuple[str, tuple]:
    """`insert_statement` with the row as one parameter: the values as a JSON object that PostgreSQL
    reads into the table's row type (`json_populate_record`). Each bound parameter costs psycopg
    a dumper lookup and a quoted literal, a few microseconds each and some thirty per booking; a
    JSON object is one string, written by orjson in C. The stored values are the same as with
    Django's INSERT (tests/platform/test_deferred_inserts.py): a value JSON cannot carry as it is
    (bytes, a decimal, a naive time, an expression, a number or text JSON would not keep) falls
    back to `insert_statement`."""
    model = obj.__class__
    fields, plains, sql = _compiled(model)
    if sql is None:
        return _compile(obj)
    row = {}
    for field, (plain, _) in zip(fields, plains, strict=True):
        value = field.pre_save(obj, True)
        if value is None and plain:
            continue  # absent from the object: NULL
        if type(value) not in plain:
            if hasattr(value, "resolve_expression"):
                return _compile(obj)
            value = field.get_db_prep_save(value, connection)
            if isinstance(value, Jsonb):
                value = value.obj
            elif not _json_scalar(value):
                return insert_statement(obj)
        row[field.column] = value
    try:
        text = orjson.dumps(row, option=orjson.OPT_NON_STR_KEYS)
    except (orjson.JSONEncodeError, TypeError):
        return insert_statement(obj)
    if b"NaN" in text or b"Infinity" in text:  # never written by orjson; kept out of doubt
        return insert_statement(obj)
    found = _ROW_STATEMENTS.get(model)
    if found is None:
        found = _ROW_STATEMENTS[model] = _row_sql(model, fields)
    return found[0], (text.decode(),)


def _json_scalar(value) -> bool:
    """A column value JSON carries exactly: null, a boolean, an int, a finite float, text, a date or
    an aware date-time (psycopg's integer wrappers are ints)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dt.datetime):
        return value.tzinfo is not None
    return type(value) is dt.date


_ROW_STATEMENTS: dict[type, tuple[str, Statement]] = {}  # model: (JSON-row INSERT text, its prepared form)


def _row_sql(model, fields) -> tuple[str, Statement]:
    opts = model._meta
    table = connection.ops.quote_name(opts.db_table)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    sql = (
        f"INSERT INTO {table} ({columns}) SELECT {columns} FROM json_populate_record(NULL::{table}, %s::json) "
        f"RETURNING {table}.{connection.ops.quote_name(opts.pk.column)}"
    )
    return sql, Statement(f"insert_row_{opts.db_table}", sql)


def insert_statement(obj) -> tuple[str, tuple]:
    """The model's own INSERT ... RETURNING pk for a new instance, as `save()` would send it
    (field defaults and `auto_now` values set on `obj` as `save()` sets them).

    A model's statement text is the same for every instance whose values are plain values, so
    Django compiles it once per model; each call then only prepares the values, as the compiler
    does (`pre_save`, then `get_db_prep_save`, which leaves a plain value of a plain field as it
    is: those are passed straight). An expression among the values is compiled whole."""
    fields, plains, sql = _compiled(obj.__class__)
    if sql is None:
        return _compile(obj)
    params = []
    for field, (plain, wrap) in zip(fields, plains, strict=True):
        value = field.pre_save(obj, True)
        if value is None and plain:
            params.append(None)
        elif type(value) in plain:
            params.append(value if wrap is None else wrap(value))
        elif hasattr(value, "resolve_expression"):
            return _compile(obj)
        else:
            params.append(field.get_db_prep_save(value, connection))
    return sql, tuple(params)


# Fields whose `get_db_prep_save` returns a value of these exact types unchanged on PostgreSQL
# (integer fields: wrapped in psycopg's type of the column, as Django's backend does).
_PLAIN = {
    **dict.fromkeys((models.CharField, models.TextField, models.SlugField, models.EmailField), (str,)),
    **dict.fromkeys((models.AutoField, models.BigAutoField, models.SmallAutoField), (int,)),
    models.BooleanField: (bool,),
    models.DateField: (dt.date,),
}
_INTEGERS = (
    models.IntegerField,
    models.BigIntegerField,
    models.SmallIntegerField,
    models.PositiveIntegerField,
    models.PositiveBigIntegerField,
    models.PositiveSmallIntegerField,
)


def _plain_types(field) -> tuple[tuple, object]:
    """The types a value of `field` may have to be passed as it is (or wrapped), and the wrapper."""
    target = field.target_field if isinstance(field, models.ForeignKey) else field
    kind = type(target)
    if kind in _INTEGERS and hasattr(connection.ops, "integerfield_type_map"):
        return (int,), connection.ops.integerfield_type_map[target.get_internal_type()]
    return _PLAIN.get(kind, ()), None


_STATEMENTS: dict[type, tuple] = {}  # model: (fields, how each value passes, statement text or None)


def _compiled(model) -> tuple[list, list, str | None]:
    found = _STATEMENTS.get(model)
    if found is None:
        opts = model._meta
        fields = [field for field in opts.local_concrete_fields if not field.generated and field is not opts.auto_field]
        sql, params = _compile(model(), fields)
        # Only a statement of one plain placeholder per field can be reused (no field with a
        # placeholder of its own, such as a geometry).
        values = "VALUES (" + ", ".join(["%s"] * len(fields)) + ")"
        reusable = values in sql and len(params) == len(fields)
        found = _STATEMENTS[model] = (fields, [_plain_types(f) for f in fields], sql if reusable else None)
    return found


def _compile(obj, fields=None) -> tuple[str, tuple]:
    opts = obj._meta
    if fields is None:
        fields = _compiled(obj.__class__)[0]
    query = InsertQuery(obj.__class__)
    query.insert_values(fields, [obj])
    compiler = query.get_compiler(connection=connection)
    compiler.returning_fields = [opts.pk]
    ((sql, params),) = compiler.as_sql()
    return sql, params


def _take() -> list:
    rows = getattr(connection, _ROWS)
    taken, rows[:] = list(rows), []
    return taken


def _read_pks(raw_cursor, rows) -> None:
    """Step over the kept-back rows' results, setting each instance's pk."""
    for index, (obj, _) in enumerate(rows):
        obj.pk = raw_cursor.fetchone()[0]
        obj._state.adding, obj._state.db = False, connection.alias
        if index < len(rows) - 1:
            raw_cursor.nextset()


def _write_alone(cursor) -> None:
    rows = _take()
    cursor.execute("; ".join(sql for _, (sql, _) in rows), [p for _, (_, params) in rows for p in params])
    _read_pks(cursor.cursor, rows)


def _ride_along(execute, sql, params, many, context):
    """The execute wrapper of a batch: the kept-back INSERTs, then the statement, in one round trip."""
    if not getattr(connection, _ROWS, None):
        return execute(sql, params, many, context)
    cursor = context["cursor"]
    if many or isinstance(params, dict) or getattr(cursor.cursor, "name", None):
        # executemany, named parameters or a server-side cursor: no statement can go in front.
        with connection.cursor() as own:
            _write_alone(own)
        return execute(sql, params, many, context)
    rows = _take()
    if params is None:
        sql, params = sql.replace("%", "%%"), ()  # now read with parameters
    combined = "; ".join([*(insert_sql for _, (insert_sql, _) in rows), sql])
    result = execute(combined, [*(p for _, (_, ps) in rows for p in ps), *params], many, context)
    _read_pks(cursor.cursor, rows)
    cursor.cursor.nextset()  # on to the statement's own result
    return result
