"""The tables every booking, hold and cancel writes carry no index that another makes useless:
each index is one more entry written per row (issue 14), so one that no query needs is pure cost."""

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db

# Written on the hot paths: create, hold, modify, cancel, their events and their idempotency records.
# (The auto-created many-to-many tables keep Django's own indexes: their models are not ours to declare.)
WRITE_PATH = [
    "reservations_reservation",
    "reservations_tableallocation",
    "reservations_reservationevent",
    "reservations_statuschange",
    "guests_guest",
    "holds_hold",
    "webhooks_event",
    "apikeys_idempotencyrecord",
]

# An index is redundant when it is a plain btree whose key columns lead another full index of the
# table with the same operator class (a GiST index leading with the column serves equality too),
# or a `_like` varchar_pattern_ops twin (for `LIKE 'x%'`, which nothing here asks).
REDUNDANT = """
WITH idx AS (
  SELECT i.indexrelid, i.indrelid, c.relname AS table_name, ic.relname AS index_name, am.amname,
         i.indisunique AS is_unique, i.indpred IS NOT NULL AS partial, i.indexprs IS NOT NULL AS expr,
         (string_to_array(i.indkey::text, ' ')::int[])[1:i.indnkeyatts] AS keys,
         split_part(i.indclass::text, ' ', 1) AS first_class
  FROM pg_index i
  JOIN pg_class c ON c.oid = i.indrelid
  JOIN pg_class ic ON ic.oid = i.indexrelid
  JOIN pg_am am ON am.oid = ic.relam
  WHERE c.relname = ANY(%s) AND c.relnamespace = 'public'::regnamespace
)
SELECT a.table_name, a.index_name, 'leads ' || b.index_name
FROM idx a JOIN idx b ON a.indrelid = b.indrelid AND a.indexrelid <> b.indexrelid
WHERE a.amname = 'btree' AND NOT a.is_unique AND NOT a.partial AND NOT a.expr AND NOT b.partial AND NOT b.expr
  AND b.keys[1:array_length(a.keys, 1)] = a.keys
  AND ((b.amname = 'btree' AND b.first_class = a.first_class) OR (b.amname = 'gist' AND array_length(a.keys, 1) = 1))
UNION ALL
SELECT i.table_name, i.index_name, 'varchar_pattern_ops'
FROM idx i JOIN pg_opclass o ON o.oid = i.first_class::oid
WHERE o.opcname = 'varchar_pattern_ops'
ORDER BY 1, 2
"""


def redundant(tables: list[str]) -> list[tuple[str, str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(REDUNDANT, [tables])
        return cursor.fetchall()


def test_the_write_path_tables_carry_no_redundant_index():
    assert redundant(WRITE_PATH) == []


def test_the_check_finds_a_redundant_index():
    """The query above is not vacuous: it names both kinds on a table made for the purpose."""
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE index_probe (a bigint, b bigint, c varchar(10) UNIQUE)")
        cursor.execute("CREATE INDEX index_probe_a ON index_probe (a)")
        cursor.execute("CREATE INDEX index_probe_ab ON index_probe (a, b)")
        cursor.execute("CREATE INDEX index_probe_b ON index_probe (b)")  # leads nothing: kept
        cursor.execute("CREATE INDEX index_probe_c_like ON index_probe (c varchar_pattern_ops)")
    assert redundant(["index_probe"]) == [
        ("index_probe", "index_probe_a", "leads index_probe_ab"),
        ("index_probe", "index_probe_c_like", "varchar_pattern_ops"),
    ]
