"""The tenant-keyed schema as the tests of docs/scaling.md see it: which tables are a restaurant's,
found from Django's app registry, and what PostgreSQL's own catalog says about their keys.

A tenant table is one whose model has a foreign key to the restaurant or a `restaurant_id` column
(the occupancy log has no foreign key). The restaurant's own table is distributed by `id`. A model
with neither that points at a tenant table (a many-to-many table) is "reached through a parent".
"""

from django.apps import apps
from django.db import connection

from config.tenancy import restaurant_model

TENANT_COLUMN = "restaurant_id"


def _models():
    """Every concrete model with a table of its own, the auto-created many-to-many ones included."""
    return [m for m in apps.get_models(include_auto_created=True) if m._meta.managed and not m._meta.proxy]


def restaurant_table() -> str:
    return restaurant_model()._meta.db_table


def _points_at_restaurant(model) -> list:
    restaurant = restaurant_model()
    return [f for f in model._meta.concrete_fields if f.is_relation and f.related_model is restaurant]


def tenant_models() -> list:
    """Models whose rows belong to one restaurant by a column of their own."""
    return [
        model
        for model in _models()
        if model is not restaurant_model()
        and (_points_at_restaurant(model) or any(f.column == TENANT_COLUMN for f in model._meta.concrete_fields))
    ]


def tenant_tables() -> set[str]:
    return {model._meta.db_table for model in tenant_models()}


def restaurant_columns() -> dict[str, list[str]]:
    """For each tenant table, the columns that name its restaurant (a foreign key, or restaurant_id)."""
    found = {}
    for model in tenant_models():
        columns = {f.column for f in _points_at_restaurant(model)}
        columns |= {f.column for f in model._meta.concrete_fields if f.column == TENANT_COLUMN}
        found[model._meta.db_table] = sorted(columns)
    return found


def reached_through_parent() -> set[str]:
    """Tables without a restaurant column whose foreign keys point at tenant tables."""
    tenants = tenant_tables()
    return {
        model._meta.db_table
        for model in _models()
        if model._meta.db_table not in tenants
        and model is not restaurant_model()
        and any(f.is_relation and f.related_model._meta.db_table in tenants for f in model._meta.concrete_fields)
    }


# --- PostgreSQL's catalog ------------------------------------------------------------------------

_COLUMNS = "ARRAY(SELECT attname::text FROM unnest({keys}) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = {rel} AND a.attnum = k.n ORDER BY k.i)"

# Unique keys: the primary key and every unique index, with their key columns (not the INCLUDE ones)
# in order; partial and expression indexes flagged (neither can be a primary key or a foreign key's
# target). Exclusion constraints too: Citus holds them to the same rule as unique keys.
_UNIQUE_KEYS = f"""
SELECT c.relname, ic.relname, i.indisprimary, i.indisexclusion,
       i.indpred IS NOT NULL OR i.indexprs IS NOT NULL,
       {_COLUMNS.format(keys="(i.indkey::int2[])[0:i.indnkeyatts - 1]", rel="i.indrelid")}
FROM pg_index i
JOIN pg_class c ON c.oid = i.indrelid
JOIN pg_class ic ON ic.oid = i.indexrelid
WHERE (i.indisunique OR i.indisexclusion) AND c.relnamespace = 'public'::regnamespace AND c.relname = ANY(%s)
ORDER BY 1, 2
"""

_FOREIGN_KEYS = f"""
SELECT conname, conrelid::regclass::text, {_COLUMNS.format(keys="conkey", rel="conrelid")},
       confrelid::regclass::text, {_COLUMNS.format(keys="confkey", rel="confrelid")}
FROM pg_constraint
WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND conrelid::regclass::text = ANY(%s)
ORDER BY 2, 1
"""

_NULLABLE = """
SELECT c.relname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY(%s) AND a.attname = %s AND NOT a.attnotnull
"""


def unique_keys(tables) -> list[tuple[str, str, bool, bool, bool, tuple[str, ...]]]:
    """(table, index, is primary, is exclusion, is partial or on expressions, key columns)."""
    with connection.cursor() as cursor:
        cursor.execute(_UNIQUE_KEYS, [sorted(tables)])
        return [(t, i, p, x, part, tuple(cols)) for t, i, p, x, part, cols in cursor.fetchall()]


def foreign_keys(tables) -> list[tuple[str, str, tuple[str, ...], str, tuple[str, ...]]]:
    """(name, table, columns, referenced table, referenced columns) of the tables' foreign keys."""
    with connection.cursor() as cursor:
        cursor.execute(_FOREIGN_KEYS, [sorted(tables)])
        return [(name, t, tuple(cols), ref, tuple(ref_cols)) for name, t, cols, ref, ref_cols in cursor.fetchall()]


def nullable(tables, column: str) -> set[str]:
    """The tables where `column` may be NULL."""
    with connection.cursor() as cursor:
        cursor.execute(_NULLABLE, [sorted(tables), column])
        return {table for (table,) in cursor.fetchall()}
