"""Guest-data gating, decided here and nowhere else.

A key without `guests:read` never sees guest data: the keys below are absent
from every booking, waitlist entry and event payload it reads (never null,
never a 403). Webhook deliveries are not gated.
"""

from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from config.api.scopes import GUESTS

# On a reservation (and in `changes` of its events).
RESERVATION_GUEST_KEYS = ("contact_email", "contact_phone", "guest_notes", "internal_notes")
# At the top of a reservation event's data.
EVENT_GUEST_KEYS = ("contact_email", "contact_phone", "submitted_guest_name", "submitted_email", "submitted_phone")
# On a waitlist entry.
WAITLIST_GUEST_KEYS = ("notes",)


@dataclass(frozen=True)
class Viewer:
    """Who reads a payload: decides what guest data it may carry, and in which zone times show."""

    tz: ZoneInfo
    guest_data: bool
    expand: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def for_client(cls, client, tz: ZoneInfo, expand=()) -> "Viewer":
        return cls(tz=tz, guest_data=client.has_scope(GUESTS), expand=frozenset(expand))

    @classmethod
    def full(cls, tz: ZoneInfo) -> "Viewer":
        """Webhook deliveries and back-office views: guest data in full."""
        return cls(tz=tz, guest_data=True)


def gate(payload: dict, viewer: Viewer, keys: tuple[str, ...]) -> dict:
    if not viewer.guest_data:
        for key in keys:
            payload.pop(key, None)
    return payload


def gate_event_data(data: dict, viewer: Viewer) -> dict:
    if viewer.guest_data:
        return data
    data = {key: value for key, value in data.items() if key not in EVENT_GUEST_KEYS}
    if isinstance(data.get("changes"), dict):
        data["changes"] = {k: v for k, v in data["changes"].items() if k not in RESERVATION_GUEST_KEYS}
    return data
