"""Staff enter and edit profiles (the back office, `manage.py guest`, the setup file's imports)."""

import datetime as dt

from django.db import transaction
from django.utils import timezone

from config.exceptions import InvalidInput
from guests.exceptions import GuestErased, GuestMergeRefused
from guests.models import EDITABLE_FIELDS, Guest
from guests.phones import normalize_email, normalize_phone
from guests.services.events import announce
from webhooks.types import GUEST_CREATED, GUEST_UPDATED

LIST_FIELDS = ("dietary_preferences", "allergies")


def _clean(restaurant, values: dict) -> dict:
    """Normalised values of editable fields; unknown names refused."""
    unknown = set(values) - set(EDITABLE_FIELDS)
    if unknown:
        raise InvalidInput(f"Not a field of a guest profile: {', '.join(sorted(unknown))}.")
    cleaned = dict(values)
    for name in ("first_name", "last_name", "notes", "blacklist_reason"):
        if name in cleaned and isinstance(cleaned[name], str):
            cleaned[name] = cleaned[name].strip() or None
    if "email" in cleaned:
        cleaned["email"] = normalize_email(cleaned["email"])
        if cleaned["email"] is not None and "@" not in cleaned["email"]:
            raise InvalidInput("Not an e-mail address.", param="email")
    if "phone" in cleaned:
        cleaned["phone"] = normalize_phone(cleaned["phone"], restaurant.country)
    if "language" in cleaned and not cleaned["language"]:
        cleaned["language"] = restaurant.primary_language  # the contract's default
    for name in LIST_FIELDS:
        if name in cleaned:
            cleaned[name] = [item.strip() for item in cleaned[name] or [] if item and item.strip()]
    return cleaned


def _apply(guest: Guest, values: dict, now: dt.datetime) -> list[str]:
    """Set what differs; consent timestamps follow their flag. Returns the changed names."""
    changed = []
    for name, value in values.items():
        if getattr(guest, name) != value:
            setattr(guest, name, value)
            changed.append(name)
    for kind in ("email", "sms"):
        flag = f"marketing_{kind}_consent"
        if flag in changed and getattr(guest, flag):
            setattr(guest, f"{flag}_at", now)
            changed.append(f"{flag}_at")
    if guest.first_name is None and guest.last_name is None:
        raise InvalidInput("A profile needs a first or last name.", param="first_name")
    return changed


def create_guest(*, restaurant, values: dict, source: str = "manual", now: dt.datetime | None = None) -> Guest:
    """A profile entered by staff (`guest.created`)."""
    now = now or timezone.now()
    cleaned = _clean(restaurant, values)
    with transaction.atomic():
        guest = Guest(restaurant=restaurant, source=source)
        guest.language = restaurant.primary_language
        _apply(guest, cleaned, now)
        guest.save()
        announce(guest, GUEST_CREATED)
    return guest


def update_guest(*, guest: Guest, values: dict, now: dt.datetime | None = None) -> Guest:
    """Staff edit a profile; `guest.updated` when something changed."""
    now = now or timezone.now()
    with transaction.atomic():
        guest = Guest.objects.select_for_update(of=("self",)).select_related("restaurant").get(pk=guest.pk)
        if guest.erased_at is not None:
            raise GuestErased("This profile was erased; it can no longer change.")
        if guest.merged_into_id is not None:
            raise GuestMergeRefused("This profile is merged into another; edit the survivor (or unmerge first).")
        changed = _apply(guest, _clean(guest.restaurant, values), now)
        if changed:
            guest.save()
            announce(guest, GUEST_UPDATED)
    return guest
