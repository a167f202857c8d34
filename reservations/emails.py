"""E-mails to the guest about their booking: written to the outbox with the change
(services.notify), rendered and sent here by the outbox worker (webhooks.services.messages,
handler `guest_email`, registered in reservations.apps)."""

import logging

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from config.formats import zone
from config.one_line import one_line
from reservations import calendar
from reservations.configuration import booking_page_url
from reservations.guest_language import django_language, guest_language
from reservations.models import Reservation

logger = logging.getLogger("reservations.emails")

KINDS = {
    "confirmation": _("Your booking at {restaurant}"),
    "change": _("Your booking at {restaurant} is changed"),
    "cancellation": _("Your booking at {restaurant} is cancelled"),
    "card_request": _("Please secure your booking at {restaurant} with a card"),
    "card_reminder": _("Reminder: secure your booking at {restaurant} with a card"),
    "feedback_invitation": _("How was your visit to {restaurant}?"),
}

# The booking's "add to calendar" file travels with these (reservations.calendar).
WITH_CALENDAR = frozenset({"confirmation", "change"})


def send(reservation_id: int, kind: str) -> bool:
    """Render and send one message; False when the guest has no address."""
    reservation = Reservation.objects.select_related("restaurant", "guest").get(pk=reservation_id)
    if kind == "cancellation" and reservation.status != "cancelled":
        logger.info("%s is no longer cancelled (a decline undone); its cancellation is not sent", reservation.public_id)
        return False
    address = reservation.contact_email or reservation.guest.email
    if not address:
        logger.info("No e-mail address for %s; %s not sent", reservation.public_id, kind)
        return False
    restaurant = reservation.restaurant
    restaurant.name = one_line(restaurant.name)  # shown on one line, whatever older data holds (not saved)
    context = {
        "reservation": reservation,
        "restaurant": restaurant,
        "starts_at": reservation.starts_at,
        "deadline": reservation.guarantee_expires_at,
        "manage_url": f"{booking_page_url(restaurant)}/{reservation.modification_token}",
    }
    language = guest_language(restaurant, reservation.guest)
    subject, body, html = render(kind, context, language)
    message = EmailMultiAlternatives(subject, body, settings.DEFAULT_FROM_EMAIL, [address])
    if html:
        message.attach_alternative(html, "text/html")
    if kind in WITH_CALENDAR:
        with translation.override(django_language(language)):
            message.attach(calendar.filename(reservation), calendar.booking_ics(reservation).decode(), "text/calendar")
    message.send()
    return True


def send_from_outbox(payload: dict) -> bool:
    """The outbox handler: an exception (SMTP down) is retried on the schedule."""
    try:
        return send(payload["reservation_id"], payload["kind"])
    except Reservation.DoesNotExist:  # deleted since: nothing to tell anyone
        return False


def render(kind: str, context: dict, language: str) -> tuple[str, str, str | None]:
    """Subject, plain text and HTML (None without an HTML template) in the guest's language,
    dates in the restaurant's wall time."""
    restaurant = context["restaurant"]
    with translation.override(django_language(language)), timezone.override(zone(restaurant.timezone)):
        context = {**context, "LANGUAGE_CODE": translation.get_language()}  # the html element's `lang`
        subject = str(KINDS[kind]).format(restaurant=one_line(restaurant.name))  # a header is one line
        body = render_to_string(f"emails/{kind}.txt", context)
        try:
            html = render_to_string(f"emails/{kind}.html", context)
        except TemplateDoesNotExist:
            html = None
    return subject, body, html
