"""Periodic work of the guest's side (Celery beat, config/celery.py): a few lines calling services."""

from celery import shared_task

from reservations.services.card_guarantee import sweep_card_requests as sweep
from reservations.services.feedback import invite_feedback as invite


@shared_task
def sweep_card_requests() -> dict:
    """Card requests past their deadline end; those 24 h from it are reminded (every minute)."""
    return sweep()


@shared_task
def invite_feedback() -> int:
    """Completed visits get their feedback invitation (every 15 minutes)."""
    return invite()
