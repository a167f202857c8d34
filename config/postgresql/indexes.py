"""Migration operations for the indexes Django makes that the write path pays for and no query reads.

Django gives every unique or indexed CharField on PostgreSQL a second `<name>_like` index
(varchar_pattern_ops) for `LIKE 'abc%'` look-ups. Nothing here filters ids or subjects by a
prefix (the admin's searches are `icontains`, which no btree serves), so on the tables every
booking writes they are only a cost: one more index entry per row written.
"""

from django.db import migrations


def drop_pattern_index(table: str, column: str, name: str) -> migrations.RunSQL:
    """Drop Django's `_like` index `name` of `table.column` (recreated on unapply)."""
    return migrations.RunSQL(
        sql=f'DROP INDEX IF EXISTS "{name}"',
        reverse_sql=f'CREATE INDEX IF NOT EXISTS "{name}" ON "{table}" ("{column}" varchar_pattern_ops)',
    )
