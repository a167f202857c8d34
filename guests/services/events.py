"""The `guest.*` events every write of a profile publishes (webhook payloads carry guest data in full)."""

from config.formats import zone
from guests.models import Guest
from guests.shapes import GuestShape
from webhooks.services.publish import publish


def snapshot(guest: Guest) -> dict:
    """The guest as a full-access key reads it."""
    return GuestShape.render(guest, zone(guest.restaurant.timezone))


def announce(guest: Guest, event_type: str, extra: dict | None = None) -> None:
    publish(guest.restaurant_id, event_type, snapshot(guest), extra=extra)
