"""E-mails to the guest about their booking, sent by a Celery worker after the write commits.

`partner_managed` bookings get no discretionary message (confirmation, cancellation);
the card request is not discretionary (the guest must act on it), so it is always sent.
"""

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from config.api.formats import zone
from reservations.models import Reservation
from reservations.policy import booking_page_url

logger = logging.getLogger("reservations.notifications")

KINDS = {
    "confirmation": "Your booking at {restaurant}",
    "cancellation": "Your booking at {restaurant} is cancelled",
    "card_request": "Please secure your booking at {restaurant} with a card",
}
REQUIRED = frozenset({"card_request"})


def notify_guest(reservation: Reservation, kind: str) -> None:
    """Queue the message once the current transaction commits (never for a rolled-back write)."""
    if reservation.guest_notifications == "partner_managed" and kind not in REQUIRED:
        return
    transaction.on_commit(lambda: _enqueue(reservation.pk, kind))


def _enqueue(reservation_id: int, kind: str) -> None:
    """The booking is already committed: a broker outage must not turn its answer into a 500."""
    from reservations.tasks import send_guest_email

    try:
        send_guest_email.delay(reservation_id, kind)
    except Exception:
        logger.exception("Could not queue the %s e-mail of reservation %s", kind, reservation_id)


def send(reservation_id: int, kind: str) -> bool:
    """Render and send one message; False when the guest has no address."""
    reservation = Reservation.objects.select_related("restaurant", "guest").get(pk=reservation_id)
    address = reservation.contact_email or reservation.guest.email
    if not address:
        logger.info("No e-mail address for %s; %s not sent", reservation.public_id, kind)
        return False
    restaurant = reservation.restaurant
    context = {
        "reservation": reservation,
        "restaurant": restaurant,
        "starts_at": reservation.starts_at,
        "deadline": reservation.guarantee_expires_at,
        "manage_url": f"{booking_page_url(restaurant)}/{reservation.modification_token}",
    }
    with timezone.override(zone(restaurant.timezone)):  # dates in the restaurant's wall time
        body = render_to_string(f"emails/{kind}.txt", context)
    subject = KINDS[kind].format(restaurant=restaurant.name)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address])
    return True
