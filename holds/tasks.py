from celery import shared_task

from holds.services import sweep_expired_holds


@shared_task
def sweep_holds() -> int:
    """Every five minutes: holds past their deadline become expired and free their tables."""
    return sweep_expired_holds()
