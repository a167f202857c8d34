"""Guest e-mails are outbox messages sent by webhooks.tasks.send_messages; this task sends one
by hand (support, tests) through the same renderer."""

from celery import shared_task

from reservations import emails


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_guest_email(reservation_id: int, kind: str) -> bool:
    return emails.send(reservation_id, kind)
