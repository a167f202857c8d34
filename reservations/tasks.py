"""Guest e-mails are outbox messages sent by webhooks.tasks.send_messages; this task sends one
by hand (support, tests) through the same renderer."""

from celery import shared_task

from reservations import emails
from reservations.services.occupancy_log import prune_occupancy_changes


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_guest_email(reservation_id: int, kind: str) -> bool:
    return emails.send(reservation_id, kind)


@shared_task
def prune_occupancy_log() -> int:
    """Every ten minutes: the occupancy log's rows past their use (see models.occupancy_log)."""
    return prune_occupancy_changes()
