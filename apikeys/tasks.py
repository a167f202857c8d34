from celery import shared_task

from config.api import idempotency


@shared_task
def purge_idempotency_records() -> int:
    return idempotency.purge_expired()
