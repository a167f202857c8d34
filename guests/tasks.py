from celery import shared_task

from guests.services import recompute_all_statistics


@shared_task
def recompute_guest_statistics() -> int:
    """Hourly: visit, no-show and cancellation counts and visit dates of every profile, set-based."""
    return sum(recompute_all_statistics().values())
