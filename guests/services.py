"""Guest-book writes: find the profile a booking belongs to, or create it."""

from dataclasses import dataclass, field

from guests.models import Guest
from guests.phones import normalize_email, normalize_phone


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


def match_or_create(*, restaurant, data: GuestInput, source: str = "api") -> GuestMatch:
    """Match by e-mail (case-insensitive), then by phone in E.164; else create a profile."""
    email = normalize_email(data.email)
    phone = normalize_phone(data.phone, restaurant.country)
    live = Guest.objects.filter(restaurant=restaurant, merged_into__isnull=True)
    guest = None
    if email:
        guest = live.filter(email=email).order_by("created_at", "id").first()
    if guest is None and phone:
        guest = live.filter(phone=phone).order_by("created_at", "id").first()
    if guest is None:
        guest = Guest.objects.create(
            restaurant=restaurant,
            first_name=data.first_name or None,
            last_name=data.last_name or None,
            email=email,
            phone=phone,
            language=data.language or restaurant.primary_language,
            source=source,
        )
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
