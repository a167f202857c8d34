"""Reads of the waitlist."""

import datetime as dt

from waitlist.models import OPEN_STATUSES, WaitlistEntry


def entries_of(restaurant):
    """The restaurant's entries with what their rendering reads."""
    return WaitlistEntry.objects.filter(restaurant=restaurant).select_related("guest", "reservation")


def get_entry(restaurant, public_id: str) -> WaitlistEntry | None:
    return entries_of(restaurant).filter(public_id=public_id).first()


def entries_for_day(restaurant, date: dt.date, *, open_only: bool = True) -> list[WaitlistEntry]:
    """The day sheet's waitlist panel: the date's entries in the order the window opens, then by age."""
    queryset = entries_of(restaurant).filter(service_date=date)
    if open_only:
        queryset = queryset.filter(status__in=OPEN_STATUSES)
    return list(
        queryset.order_by("window_start_day_offset", "window_start", "created_at", "id").select_related("guest")
    )
