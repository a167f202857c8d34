"""Messages the worker sends on an app's behalf (guest e-mails), through the same outbox.

An app registers a handler by name (`register("guest_email", send)` in its AppConfig.ready)
and writes `enqueue(...)` in the transaction of its change. The worker calls the handler
with the payload; an exception is retried on the webhook schedule (webhooks.schedule).
A handler must be safe to run twice: delivery is at least once.
"""

import logging
from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from config.postgresql import deferred
from webhooks import doorbell
from webhooks.models import MessageStatus, OutboxMessage
from webhooks.schedule import next_attempt

logger = logging.getLogger("webhooks.messages")

_handlers: dict[str, Callable[[dict], object]] = {}


def register(name: str, handler: Callable[[dict], object]) -> None:
    _handlers[name] = handler


def enqueue(*, restaurant_id: int, handler: str, payload: dict, delay=None) -> OutboxMessage:
    """Write the message with the caller's change; the worker sends it once that commits, or once
    `delay` (a timedelta) has passed (the outbox sweep picks it up then)."""
    due = timezone.now() + delay if delay else timezone.now()
    message = OutboxMessage(restaurant_id=restaurant_id, handler=handler, payload=payload, next_attempt_at=due)
    deferred.insert(message)  # nothing reads it back in the change's request
    doorbell.ring_on_commit()
    return message


def send_due(*, limit: int = 100, now=None) -> int:
    """Send the messages that are due, each claimed under a row lock (two workers never share one)."""
    sent = 0
    while True:
        now = now or timezone.now()
        with transaction.atomic():
            batch = list(
                OutboxMessage.objects.select_for_update(skip_locked=True)
                .filter(status=MessageStatus.PENDING, next_attempt_at__lte=now)
                .order_by("next_attempt_at", "id")[:limit]
            )
            for message in batch:
                sent += _send(message, timezone.now())
        if len(batch) < limit:
            return sent
        now = None


def _send(message: OutboxMessage, now) -> int:
    message.attempts += 1
    handler = _handlers.get(message.handler)
    try:
        if handler is None:
            raise LookupError(f"no handler registered as {message.handler!r}")
        handler(message.payload)
    except Exception as error:  # any failure: retried on the schedule, never lost
        logger.warning("Outbox message %s failed (attempt %s): %s", message.public_id, message.attempts, error)
        message.last_error = f"{type(error).__name__}: {error}"[:300]
        retry_at = next_attempt(message.attempts, now)
        if retry_at is None:
            message.status = MessageStatus.FAILED
        else:
            message.next_attempt_at = retry_at
        message.save(update_fields=["attempts", "last_error", "status", "next_attempt_at"])
        return 0
    message.status = MessageStatus.SENT
    message.sent_at = now
    message.last_error = ""
    message.save(update_fields=["attempts", "last_error", "status", "sent_at"])
    return 1


def has_due(now=None) -> bool:
    return OutboxMessage.objects.filter(
        status=MessageStatus.PENDING, next_attempt_at__lte=now or timezone.now()
    ).exists()
