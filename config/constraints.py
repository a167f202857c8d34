"""Constraints the database enforces on every tenant-owned table, whatever the code does.

- `one_of`: a CHECK that a status or choice column holds one of its `TextChoices`.
- `tenant_key`: UNIQUE (restaurant_id, id), the target of a composite foreign key.
- `same_restaurant`: a composite foreign key (restaurant_id, <fk>_id) → (restaurant_id, id),
  so a row can only point at a row of its own restaurant. Django has no composite foreign
  keys; the migration adds them as SQL (deferred to commit, like Django's own).
"""

from django.db import migrations, models
from django.db.models import Q


def one_of(field: str, values, name: str, *, blank: bool = False, null: bool = False) -> models.CheckConstraint:
    condition = Q(**{f"{field}__in": list(values) + ([""] if blank else [])})
    if null:
        condition |= Q(**{f"{field}__isnull": True})
    return models.CheckConstraint(name=name, condition=condition)


def tenant_key(name: str) -> models.UniqueConstraint:
    return models.UniqueConstraint(fields=["restaurant", "id"], name=name)


def same_restaurant(name: str, table: str, column: str, referenced_table: str) -> migrations.RunSQL:
    return migrations.RunSQL(
        f"ALTER TABLE {table} ADD CONSTRAINT {name} FOREIGN KEY (restaurant_id, {column}) "
        f"REFERENCES {referenced_table} (restaurant_id, id) DEFERRABLE INITIALLY DEFERRED",
        reverse_sql=f"ALTER TABLE {table} DROP CONSTRAINT {name}",
    )
