"""Guest e-mails about a booking, written to the outbox in the booking's transaction.

`notify_guest(reservation, kind)` writes an outbox message (webhooks.services.messages) beside the
change: a refused or rolled-back write sends nothing, and once it commits nothing is lost while
Redis or the worker is down (the worker sends it, retried on the webhook schedule;
reservations.emails renders it). `kind` names a template in templates/emails/ and a subject in
reservations.emails.KINDS.

`partner_managed` bookings get no discretionary message (confirmation, cancellation);
the card request is not discretionary (the guest must act on it), so it is always sent.
"""

import datetime as dt

from reservations.models.booking import GuestNotifications
from webhooks.services import messages

GUEST_EMAIL = "guest_email"
REQUIRED = frozenset({"card_request"})


def notify_guest(reservation, kind: str, *, delay: dt.timedelta | None = None) -> None:
    """Write the message with the current transaction; the worker sends it once that commits (after
    `delay`: a decline the host may still take back is told once the undo window has passed)."""
    if reservation.guest_notifications == GuestNotifications.PARTNER_MANAGED and kind not in REQUIRED:
        return
    messages.enqueue(
        restaurant_id=reservation.restaurant_id,
        handler=GUEST_EMAIL,
        payload={"reservation_id": reservation.pk, "kind": kind},
        delay=delay,
    )
