"""Reads of the guest book."""

from guests.models import Guest


def resolve(guest: Guest) -> Guest:
    """A merged-away profile resolves to its survivor."""
    seen = set()
    while guest.merged_into_id is not None and guest.pk not in seen:
        seen.add(guest.pk)
        guest = guest.merged_into
    return guest


def resolve_public_id(restaurant, public_id: str) -> Guest | None:
    """The restaurant's profile of this id, or the survivor it was merged into; None when unknown."""
    guest = Guest.objects.filter(restaurant=restaurant, public_id=public_id).first()
    return resolve(guest) if guest is not None else None
