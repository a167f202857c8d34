from celery import shared_task

from apikeys import usage
from config.api import idempotency


@shared_task
def purge_idempotency_records() -> int:
    return idempotency.purge_expired()


@shared_task
def persist_key_use() -> int:
    """Every five minutes: the keys' last use, from Redis into the database."""
    return usage.persist_key_use()
