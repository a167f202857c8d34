"""Guest e-mails about a booking, queued once the write commits (sent by reservations.tasks).

`partner_managed` bookings get no discretionary message (confirmation, cancellation);
the card request is not discretionary (the guest must act on it), so it is always sent.
"""

import logging

from django.db import transaction

from reservations.models.booking import GuestNotifications
from reservations.tasks import send_guest_email

logger = logging.getLogger("reservations.notify")

REQUIRED = frozenset({"card_request"})


def notify_guest(reservation, kind: str) -> None:
    """Queue the message once the current transaction commits (never for a rolled-back write)."""
    if reservation.guest_notifications == GuestNotifications.PARTNER_MANAGED and kind not in REQUIRED:
        return
    transaction.on_commit(lambda: _enqueue(reservation.pk, kind))


def _enqueue(reservation_id: int, kind: str) -> None:
    """The booking is already committed: a broker outage must not turn its answer into a 500."""
    try:
        send_guest_email.delay(reservation_id, kind)
    except Exception:
        logger.exception("Could not queue the %s e-mail of reservation %s", kind, reservation_id)
