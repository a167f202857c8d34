"""Reads of the restaurant's policy that are more than one ORM call."""

import datetime as dt

from reservations.models import Section, Shift


def sections_in_order(restaurant) -> list[Section]:
    """The restaurant's sections in its arrangement: position, then creation."""
    return list(Section.objects.filter(restaurant=restaurant).order_by("position", "id"))


def group_leaders(rows: list[Section]) -> dict[int, Section]:
    """The row leading each row's group, by primary key, among one restaurant's `rows`.

    A chain of leaders is followed to its end; a leader outside `rows` (another
    restaurant's) counts as none; a cycle is led by its first row in `rows`. So
    exactly one row of every group leads it.
    """
    by_pk = {row.pk: row for row in rows}
    rank = {row.pk: index for index, row in enumerate(rows)}
    leaders = {}
    for row in rows:
        seen, current = [], row
        while current.group_leader_id in by_pk and current.pk not in seen:
            seen.append(current.pk)
            current = by_pk[current.group_leader_id]
        if current.pk in seen:
            current = by_pk[min(seen[seen.index(current.pk) :], key=rank.__getitem__)]
        leaders[row.pk] = current
    return leaders


def card_guarantee_from_party_size(restaurant, today: dt.date) -> int | None:
    """The smallest party a service still running asks a card of; None when none asks one."""
    sizes = [
        from_size or 1
        for from_size in Shift.objects.filter(restaurant=restaurant, guarantee_per_guest_amount__isnull=False)
        .exclude(valid_until__lt=today)
        .values_list("guarantee_from_party_size", flat=True)
    ]
    return min(sizes) if sizes else None
