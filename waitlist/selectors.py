"""Reads of the waitlist."""

import datetime as dt

from waitlist.models import OPEN_STATUSES, WaitlistEntry

# What an entry's rendering reads of its guest and booking when the guest is not expanded: their ids.
RENDERED_FIELDS = tuple(
    field.name for field in WaitlistEntry._meta.concrete_fields if field.name not in ("private_note",)
) + ("guest__public_id", "reservation__public_id")


def entries_of(restaurant, expand=frozenset()):
    """The restaurant's entries with what their rendering reads (only the ids of guest and booking,
    unless `expand` names the guest: fewer columns to build, fetch and turn into objects)."""
    queryset = WaitlistEntry.objects.filter(restaurant=restaurant).select_related("guest", "reservation")
    if "guest" in expand:
        return queryset
    return queryset.only(*RENDERED_FIELDS)


def get_entry(restaurant, public_id: str, expand=frozenset()) -> WaitlistEntry | None:
    return entries_of(restaurant, expand).filter(public_id=public_id).first()


def entries_for_day(restaurant, date: dt.date, *, open_only: bool = True) -> list[WaitlistEntry]:
    """The day sheet's waitlist panel: the date's entries in the order the window opens, then by age."""
    queryset = entries_of(restaurant, frozenset({"guest"})).filter(service_date=date)  # names, private note
    if open_only:
        queryset = queryset.filter(status__in=OPEN_STATUSES)
    return list(
        queryset.order_by("window_start_day_offset", "window_start", "created_at", "id").select_related("guest")
    )
