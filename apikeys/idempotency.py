"""Where the API platform keeps idempotent responses (settings.IDEMPOTENCY_STORE)."""

from apikeys.models import IdempotencyRecord


class DatabaseStore:
    """Records in PostgreSQL, written in the transaction of the write they answer."""

    def find(self, restaurant_id: int, key: str) -> IdempotencyRecord | None:
        return (
            IdempotencyRecord.objects.filter(restaurant_id=restaurant_id, key=key)
            .only("fingerprint", "status_code", "body", "headers", "created_at")
            .first()
        )

    def forget(self, restaurant_id: int, key: str) -> None:
        IdempotencyRecord.objects.filter(restaurant_id=restaurant_id, key=key).delete()

    def remember(self, restaurant_id: int, key: str, **fields) -> None:
        IdempotencyRecord.objects.create(restaurant_id=restaurant_id, key=key, **fields)

    def purge(self, before) -> int:
        deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=before).delete()
        return deleted
