"""Reads of the restaurant's policy that are more than one ORM call."""

from reservations.models import Section, Shift


def sections_in_order(restaurant) -> list[Section]:
    return list(
        Section.objects.filter(restaurant=restaurant)
        .select_related("group_leader")
        .order_by("position", "id")
    )


def card_guarantee_from_party_size(restaurant) -> int | None:
    """The smallest party any service asks a card of; None when no service asks one."""
    sizes = [
        from_size or 1
        for from_size in Shift.objects.filter(
            restaurant=restaurant, guarantee_per_guest_amount__isnull=False
        ).values_list("guarantee_from_party_size", flat=True)
    ]
    return min(sizes) if sizes else None
