"""E-mails to the guest about their booking: written to the outbox with the change
(services.notify), rendered and sent here by the outbox worker (webhooks.services.messages,
handler `guest_email`, registered in reservations.apps)."""

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import timezone

from config.formats import zone
from reservations.configuration import booking_page_url
from reservations.models import Reservation

logger = logging.getLogger("reservations.emails")

KINDS = {
    "confirmation": "Your booking at {restaurant}",
    "cancellation": "Your booking at {restaurant} is cancelled",
    "card_request": "Please secure your booking at {restaurant} with a card",
}


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


def send_from_outbox(payload: dict) -> bool:
    """The outbox handler: an exception (SMTP down) is retried on the schedule."""
    try:
        return send(payload["reservation_id"], payload["kind"])
    except Reservation.DoesNotExist:  # deleted since: nothing to tell anyone
        return False
