"""The profile a booking (or a waitlist entry) belongs to: matched on what the booker typed, or created."""

from dataclasses import dataclass, field

from django.db import transaction

from guests import selectors
from guests.models import Guest
from guests.phones import normalize_email, normalize_phone
from guests.services.events import announce
from webhooks.types import GUEST_CREATED


@dataclass(frozen=True)
class GuestInput:
    """What a booker typed about the guest."""

    first_name: str | None
    last_name: str | None
    email: str | None = None
    phone: str | None = None
    language: str | None = None


@dataclass
class GuestMatch:
    guest: Guest
    created: bool
    # What the booker typed where it differs from the matched profile (for the created event).
    submitted: dict = field(default_factory=dict)


def _full_name(first: str | None, last: str | None) -> str:
    return " ".join(part for part in (first, last) if part)


def contact_of(restaurant, data: GuestInput) -> tuple[str | None, str | None]:
    """The e-mail address and phone number typed, normalised as a profile stores them."""
    return normalize_email(data.email), normalize_phone(data.phone, restaurant.country)


def match_or_create(
    *, restaurant, data: GuestInput, source: str = "api", contact: tuple | None = None, matched: tuple | None = None
) -> GuestMatch:
    """Match by e-mail (case-insensitive), then by phone in E.164; else create a profile (`guest.created`).

    `contact`: `contact_of(restaurant, data)` when the caller has it. `matched`: the profile the
    caller already looked up in this transaction (`selectors.profile_match`, sent behind other
    statements), as a one-item tuple of the profile or None."""
    email, phone = contact or contact_of(restaurant, data)
    if matched is None:
        matched = (selectors.matching_profile(restaurant.pk, email or None, phone or None),)
    guest = matched[0]
    if guest is None:
        with transaction.atomic(savepoint=False):
            guest = Guest.objects.create(
                restaurant=restaurant,
                first_name=data.first_name or None,
                last_name=data.last_name or None,
                email=email,
                phone=phone,
                language=data.language or restaurant.primary_language,
                source=source,
            )
            guest.restaurant = restaurant
            announce(guest, GUEST_CREATED)
        return GuestMatch(guest=guest, created=True)
    submitted = {}
    typed_name = _full_name(data.first_name, data.last_name)
    if typed_name and typed_name.casefold() != _full_name(guest.first_name, guest.last_name).casefold():
        submitted["submitted_guest_name"] = typed_name
    if email and email != guest.email:
        submitted["submitted_email"] = email
    if phone and phone != guest.phone:
        submitted["submitted_phone"] = phone
    return GuestMatch(guest=guest, created=False, submitted=submitted)
