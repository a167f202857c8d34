from celery import shared_task

from holds.services import sweep_expired_holds


@shared_task
def sweep_holds() -> int:
    """Every five minutes: holds past their deadline become expired and free their tables."""
    return sweep_expired_holds()


@shared_task
def expire_basket_holds() -> int:
    """Every 30 seconds: lapsed basket holds are marked expired and announce `hold.expired`."""
    return sweep_expired_holds(kind="basket")
