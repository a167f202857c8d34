"""Bulk-loading helpers of the bench seeds: COPY with the models' defaults filled, INSERT ...
SELECT defaults, secondary indexes dropped during a load, sequences, ids and random tokens.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import random
import time
from contextlib import contextmanager

from tests.bench.environment import log
from tests.bench.seed_spec import ALPHABET

# ---------------------------------------------------------------- bulk helpers


def _copy_value(value) -> str:
    if value is None:
        return "\\N"
    if value is True:
        return "t"
    if value is False:
        return "f"
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    text = str(value)
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def _column_defaults(model, supplied: set[str]) -> dict[str, object]:
    """Values for the NOT NULL columns the seed does not set, from the model's own defaults.

    Keeps COPY and INSERT ... SELECT working when a field with a default is added later;
    a new required field without a default stops the seed with its name.
    """
    from django.contrib.postgres.fields import ArrayField
    from django.db.models import GeneratedField, JSONField

    defaults = {}
    for f in model._meta.concrete_fields:
        if f.primary_key or f.column in supplied or isinstance(f, GeneratedField):
            continue  # PostgreSQL computes a generated column (and refuses a value for it)
        if f.has_default():
            value = f.get_default()
            if isinstance(f, JSONField):
                value = json.dumps(value)
            elif isinstance(f, ArrayField):
                value = "{" + ",".join(json.dumps(str(v)) for v in value) + "}"
            defaults[f.column] = value
        elif getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
            defaults[f.column] = dt.datetime.now(dt.UTC)
        elif not f.null:
            raise RuntimeError(f"seed.py does not fill the new column {model._meta.db_table}.{f.column}")
    return defaults


def copy_rows(model, columns: list[str], rows, extra_defaults: bool = True) -> int:
    """COPY rows (tuples in `columns` order) into the model's table, filling model defaults."""
    from django.db import connection

    defaults = _column_defaults(model, set(columns)) if extra_defaults else {}
    all_columns = columns + list(defaults)
    tail = "\t".join(_copy_value(v) for v in defaults.values())
    buffer = io.StringIO()
    count = 0
    for row in rows:
        line = "\t".join(_copy_value(v) for v in row)
        buffer.write(line + ("\t" + tail if tail else "") + "\n")
        count += 1
    connection.ensure_connection()
    raw = connection.connection
    with (
        raw.cursor() as cursor,
        cursor.copy(f"COPY {model._meta.db_table} ({', '.join(all_columns)}) FROM STDIN") as copy,
    ):
        copy.write(buffer.getvalue())
    return count


def _sql_defaults(model, supplied: set[str], style: str = "format") -> tuple[str, str, dict | list]:
    """`, col, ...`, `, %s::type, ...` and the values of the model defaults, for INSERT ... SELECT.

    style "format" gives %s placeholders and a list; "named" gives %(dN)s and a dict.
    """
    from django.db import connection

    defaults = _column_defaults(model, supplied)
    fields = {f.column: f for f in model._meta.concrete_fields}
    columns, placeholders = "", ""
    params: dict | list = {} if style == "named" else []
    for i, (column, value) in enumerate(defaults.items()):
        columns += f", {column}"
        cast = fields[column].db_type(connection)
        if style == "named":
            placeholders += f", %(d{i})s::{cast}"
            params[f"d{i}"] = value
        else:
            placeholders += f", %s::{cast}"
            params.append(value)
    return columns, placeholders, params


@contextmanager
def secondary_indexes_dropped(*tables: str):
    """Bulk-load without maintaining the indexes no constraint needs; rebuild them after.

    Their definitions are read from the catalog, so the rebuilt indexes are exactly the
    migrations' ones. (If the load fails, the marker is missing and the next run rebuilds
    the whole bench database.)
    """
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # fire pending foreign-key checks first
        cursor.execute(
            """
            SELECT i.indexname, i.indexdef FROM pg_indexes i
            WHERE i.schemaname = 'public' AND i.tablename = ANY(%s)
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
            """,
            [list(tables)],
        )
        indexes = cursor.fetchall()
        for name, _ in indexes:
            cursor.execute(f'DROP INDEX "{name}"')
    yield
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for _, definition in indexes:
            cursor.execute(definition)
    log(f"  rebuilt {len(indexes)} indexes ({time.perf_counter() - started:.1f}s)")


def set_sequences(*tables: str) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT coalesce(max(id), 0) + 1 FROM {table}), false)"
            )


def next_id(table: str) -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}")
        return cursor.fetchone()[0]


def token(rng: random.Random, length: int = 24) -> str:
    return "".join(rng.choices(ALPHABET, k=length))
