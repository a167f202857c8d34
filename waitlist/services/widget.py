"""The guest's side of the waitlist: joining from the public booking page."""

import datetime as dt

from django.db import IntegrityError, transaction

from guests.services import GuestInput, match_or_create
from reservations.selectors import availability
from waitlist.exceptions import WaitlistClosed
from waitlist.models import JoinedVia, WaitlistEntry
from waitlist.services.entries import add_entry


def waitlist_open_for(restaurant, service_date: dt.date, party_size: int, window_start: dt.time, now=None) -> bool:
    """Whether a guest may join online: the service holding the window's start is open for booking and
    its waitlist is open (availability's `waitlist_open`, false while the widget is switched off)."""
    day = availability.day(restaurant, date=service_date, party_size=party_size, group_id=None, exclude=None, now=now)
    for shift in day.shifts:
        if not shift.waitlist_open or shift.booking_closed or shift.display_only:
            continue
        start, end = shift.shift.start_time, shift.shift.end_time
        within = (window_start >= start or window_start <= end) if end <= start else start <= window_start <= end
        if within:
            return True
    return False


def join_from_widget(
    *,
    restaurant,
    guest: GuestInput,
    service_date: dt.date,
    party_size: int,
    window_start: dt.time,
    window_end: dt.time,
    notes: str | None = None,
    submission: str | None = None,
    now: dt.datetime | None = None,
) -> WaitlistEntry:
    """A guest joins from the booking page (`joined_via: widget`): the guest is matched or created as a
    booking's would be, then `add_entry` records it (`waitlist_entry.created`). Refused with
    `waitlist_closed` when the service's waitlist is not open online. A second post of the same form
    (`submission`) finds the first entry and changes nothing."""
    if submission:
        first = WaitlistEntry.objects.filter(restaurant=restaurant, widget_submission=submission).first()
        if first is not None:
            return first
    if not waitlist_open_for(restaurant, service_date, party_size, window_start, now=now):
        raise WaitlistClosed("The waitlist of this service is not open online.", param="window_start")
    try:
        with transaction.atomic():
            match = match_or_create(restaurant=restaurant, data=guest, source="widget")
            entry = add_entry(
                restaurant=restaurant,
                guest=match.guest,
                service_date=service_date,
                party_size=party_size,
                window_start=window_start,
                window_end=window_end,
                notes=notes,
                joined_via=JoinedVia.WIDGET,
            )
            if submission:
                entry.widget_submission = submission
                entry.save(update_fields=["widget_submission"])
            return entry
    except IntegrityError:
        first = WaitlistEntry.objects.filter(restaurant=restaurant, widget_submission=submission).first()
        if submission and first is not None:
            return first
        raise
