"""The waitlist offer e-mail: when staff offer a place (waitlist.services.offer_entry), the guest gets a
link to their entry's page to accept it before it lapses. Written to the outbox in the offer's
transaction (handler `waitlist_offer_email`, registered in waitlist.apps), rendered and sent by the
worker in the guest's language, plain text and HTML, like the booking e-mails (reservations.emails)."""

import datetime as dt
import logging

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from config.formats import zone
from config.one_line import one_line
from reservations.guest_language import django_language, guest_language
from waitlist.models import WaitlistEntry, WaitlistStatus

logger = logging.getLogger("waitlist.emails")

OFFER_EMAIL = "waitlist_offer_email"


def entry_page_url(entry: WaitlistEntry) -> str:
    """The entry's page, always on the service's own host (a restaurant's own booking page URL knows
    nothing of waitlist entries)."""
    return f"{settings.BASE_URL}/book/{entry.restaurant.slug}/waitlist/{entry.guest_token}"


def send_offer(entry_id: int, offered_at: str | None = None) -> bool:
    """Render and send the offer; False when there is nothing to send (no address, the offer gone)."""
    entry = WaitlistEntry.objects.select_related("restaurant", "guest").filter(pk=entry_id).first()
    if entry is None or entry.status != WaitlistStatus.OFFERED:
        return False  # accepted, withdrawn or lapsed before the worker came to it
    if offered_at and entry.offered_at and entry.offered_at != dt.datetime.fromisoformat(offered_at):
        return False  # a later offer replaced this one and sends its own message
    address = entry.guest.email
    if not address:
        logger.info("No e-mail address for %s; the offer is not sent", entry.public_id)
        return False
    restaurant = entry.restaurant
    restaurant.name = one_line(restaurant.name)  # shown on one line, whatever older data holds (not saved)
    context = {
        "entry": entry,
        "restaurant": restaurant,
        "guest": entry.guest,
        "offered_time": entry.offered_time.strftime("%H:%M") if entry.offered_time else "",
        "deadline": entry.offer_expires_at,
        "accept_url": entry_page_url(entry),
    }
    language = guest_language(restaurant, entry.guest)
    with translation.override(django_language(language)), timezone.override(zone(restaurant.timezone)):
        subject = _("A table is free for you at %(restaurant)s") % {"restaurant": restaurant.name}
        body = render_to_string("emails/waitlist_offer.txt", context)
        html = render_to_string("emails/waitlist_offer.html", context)
    message = EmailMultiAlternatives(subject, body, settings.DEFAULT_FROM_EMAIL, [address])
    message.attach_alternative(html, "text/html")
    message.send()
    return True


def send_from_outbox(payload: dict) -> bool:
    return send_offer(payload["entry_id"], payload.get("offered_at"))
