from celery import shared_task

from waitlist.services import expire_entries


@shared_task
def expire_waitlist_entries() -> int:
    """Every five minutes: entries whose service has passed, and offers that ran out, expire."""
    return expire_entries()
