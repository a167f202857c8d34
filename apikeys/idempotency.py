"""Where the API platform keeps idempotent responses (settings.IDEMPOTENCY_STORE)."""

import json

from django.db import connection
from django.utils import timezone

from apikeys.models import IdempotencyRecord
from config.postgresql.prepared import Statement
from config.postgresql.round_trip import Part, run

_REMEMBER = Statement(
    "idempotency_remember",
    f'INSERT INTO "{IdempotencyRecord._meta.db_table}" '
    '("restaurant_id", "key", "fingerprint", "status_code", "body", "headers", "created_at") '
    "VALUES (%s, %s, %s, %s, %s, %s::jsonb, %s)",
)
_FIND_FIELDS = ("id", "fingerprint", "status_code", "body", "headers", "created_at")
_FIELDS = [IdempotencyRecord._meta.get_field(name) for name in _FIND_FIELDS]
_FIND = Statement(
    "idempotency_find",
    "SELECT "
    + ", ".join(f'"{field.column}"' for field in _FIELDS)
    + f' FROM "{IdempotencyRecord._meta.db_table}" WHERE "restaurant_id" = %s AND "key" = %s LIMIT 1',
)


class DatabaseStore:
    """Records in PostgreSQL, written in the transaction of the write they answer."""

    def find(self, restaurant_id: int, key: str) -> IdempotencyRecord | None:
        return (
            IdempotencyRecord.objects.filter(restaurant_id=restaurant_id, key=key)
            .only("fingerprint", "status_code", "body", "headers", "created_at")
            .first()
        )

    def find_after(self, restaurant_id: int, key: str, first: Part) -> IdempotencyRecord | None:
        """`find`, after `first` (the key's lock), in one round trip: two statements, each with its
        own snapshot, so the read sees what committed while the lock was awaited."""
        row = run(first, Part(_FIND.sql(), (restaurant_id, key), lambda results: results.one()))[1]
        if row is None:
            return None
        values = list(row)
        for index, field in enumerate(_FIELDS):
            for converter in field.get_db_converters(connection):
                values[index] = converter(values[index], field, connection)
        record = IdempotencyRecord.from_db(connection.alias, list(_FIND_FIELDS), values)
        record.restaurant_id, record.key = restaurant_id, key
        return record

    def forget(self, restaurant_id: int, key: str) -> None:
        IdempotencyRecord.objects.filter(restaurant_id=restaurant_id, key=key).delete()

    def remember(
        self, restaurant_id: int, key: str, *, fingerprint: str, status_code: int, body: bytes, headers: dict
    ) -> None:
        """One INSERT, written by hand: it runs on every idempotent write."""
        with connection.cursor() as cursor:
            cursor.execute(
                _REMEMBER.sql(),
                [restaurant_id, key, fingerprint, status_code, bytes(body), json.dumps(headers), timezone.now()],
            )

    def purge(self, before) -> int:
        deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=before).delete()
        return deleted
