"""Waitlist entries: a host adds one, changes it or cancels it; the windows of times they wait in.

Every move announces itself (`waitlist_entry.*`, webhooks.services.publish) in its transaction.
The contract's event types are `created`, `updated`, `promoted`, `cancelled` and `expired`; the
moves to `offered` and `suggested` are announced as `waitlist_entry.updated` (the snapshot's
`status` says which), like a change of window or party size.
"""

import datetime as dt

from django.db import transaction
from django.utils import timezone

from config.exceptions import InvalidInput, NotFound
from config.formats import Viewer, zone
from config.locking import lock_restaurant
from guests.models import Guest
from guests.selectors import resolve
from reservations.engine.clock import minutes_of
from reservations.models.booking import Channel
from reservations.selectors.engine_policy import policy_for
from reservations.texts import translate
from waitlist.exceptions import WaitlistEntryClosed, WaitlistWindowInvalid
from waitlist.models import OPEN_STATUSES, JoinedVia, WaitlistEntry, WaitlistStatus
from waitlist.shapes import WaitlistEntryShape
from webhooks.services.publish import publish
from webhooks.types import WAITLIST_ENTRY_CANCELLED, WAITLIST_ENTRY_CREATED, WAITLIST_ENTRY_UPDATED

DAY = 24 * 60
DEFAULT_OFFER_MINUTES = 30
# The channel a promoted booking's demand arrived through, by how the guest joined the queue.
CHANNEL_OF = {
    JoinedVia.WIDGET: Channel.WEBSITE_WIDGET,
    JoinedVia.STAFF: Channel.BACK_OFFICE,
    JoinedVia.PARTNER_PLATFORM: Channel.PARTNER_PLATFORM,
}


# --- events -------------------------------------------------------------------------------------


def snapshot(entry: WaitlistEntry) -> dict:
    """The entry as a full-access key reads it (notes included; the private note never)."""
    return WaitlistEntryShape.render(entry, Viewer(tz=zone(entry.restaurant.timezone)))


def announce(entry: WaitlistEntry, event_type: str, created: dt.datetime | None = None) -> None:
    publish(entry.restaurant_id, event_type, snapshot(entry), created=created)


# --- windows ------------------------------------------------------------------------------------


def window_offsets(
    window_start: dt.time, window_end: dt.time, shift_start: dt.time | None, shift_end: dt.time | None
) -> tuple[int, int]:
    """Day offsets of a window. A time in the post-midnight tail of an overnight service (before its
    start, not after its end) is on the next day. An end before the start wraps to the next day only
    into that tail, or, with no service known, when the window stays under 12 hours."""
    overnight = shift_start is not None and shift_end is not None and shift_end <= shift_start

    def offset(value: dt.time) -> int:
        return 1 if overnight and value < shift_start and value <= shift_end else 0

    start, end = offset(window_start), offset(window_end)
    low, high = start * DAY + minutes_of(window_start), end * DAY + minutes_of(window_end)
    if low > high and shift_start is None and high + DAY - low <= 12 * 60:
        end, high = 1, high + DAY
    if low > high:
        raise WaitlistWindowInvalid("The window ends before it starts.", param="window_end")
    return start, end


def window_minutes(entry: WaitlistEntry) -> tuple[int, int]:
    """The window as minutes from the service date's midnight (above 1440 past midnight)."""
    return (
        entry.window_start_day_offset * DAY + minutes_of(entry.window_start),
        entry.window_end_day_offset * DAY + minutes_of(entry.window_end),
    )


def service_for(restaurant, date: dt.date, time: dt.time):
    """The service running on `date` whose seating span holds `time` (engine data), or None."""
    policy = policy_for(restaurant)
    for shift in policy.shifts_on(date):
        start, end = shift.start_time, shift.end_time
        if end <= start:  # overnight: from start to midnight, and the tail up to its end
            if time >= start or time <= end:
                return shift
        elif start <= time <= end:
            return shift
    return None


def record_service(entry: WaitlistEntry, restaurant, window_start: dt.time) -> None:
    shift = service_for(restaurant, entry.service_date, window_start)
    entry.shift_id = shift.id if shift else None
    entry.shift_name = (
        translate(shift.name, restaurant.primary_language, restaurant.primary_language) if shift else None
    )
    entry.shift_start_time = shift.start_time if shift else None
    entry.shift_end_time = shift.end_time if shift else None


def set_window(entry: WaitlistEntry, window_start: dt.time, window_end: dt.time) -> None:
    entry.window_start, entry.window_end = window_start, window_end
    entry.window_start_day_offset, entry.window_end_day_offset = window_offsets(
        window_start, window_end, entry.shift_start_time, entry.shift_end_time
    )


# --- moves --------------------------------------------------------------------------------------


def locked_entry(entry: WaitlistEntry) -> WaitlistEntry:
    """The entry's row, locked, after the restaurant's lock (the order every booking write takes)."""
    lock_restaurant(entry.restaurant_id)
    return WaitlistEntry.objects.select_for_update(of=("self",)).select_related("restaurant", "guest").get(pk=entry.pk)


def require_open(entry: WaitlistEntry, allowed=OPEN_STATUSES) -> None:
    if entry.status not in allowed:
        raise WaitlistEntryClosed(f"This waitlist entry is {entry.status}.")


def add_entry(
    *,
    restaurant,
    guest: Guest,
    service_date: dt.date,
    party_size: int,
    window_start: dt.time,
    window_end: dt.time,
    notes: str | None = None,
    private_note: str | None = None,
    joined_via: str = JoinedVia.STAFF,
    quoted_wait_minutes: int | None = None,
) -> WaitlistEntry:
    """A party joins the waitlist (`waitlist_entry.created`); the service is recorded as it is now."""
    if guest.restaurant_id != restaurant.pk:
        raise NotFound("No such guest at this restaurant.", param="guest")
    guest = resolve(guest)
    if guest.erased_at is not None:
        raise NotFound("No such guest at this restaurant.", param="guest")
    if party_size < 1:
        raise InvalidInput("A party has at least one guest.", param="party_size")
    if quoted_wait_minutes is not None and not 0 <= quoted_wait_minutes <= 600:
        raise InvalidInput("A quoted wait is 0 to 600 minutes.", param="quoted_wait_minutes")
    if joined_via not in JoinedVia.values:
        raise InvalidInput("Unknown joined_via.", param="joined_via")
    with transaction.atomic():
        entry = WaitlistEntry(
            restaurant=restaurant,
            guest=guest,
            service_date=service_date,
            party_size=party_size,
            notes=notes or None,
            private_note=private_note or None,
            joined_via=joined_via,
            quoted_wait_minutes=quoted_wait_minutes,
        )
        record_service(entry, restaurant, window_start)
        set_window(entry, window_start, window_end)
        entry.save()
        announce(entry, WAITLIST_ENTRY_CREATED)
    return entry


def change_entry(
    *,
    entry: WaitlistEntry,
    party_size: int | None = None,
    window_start: dt.time | None = None,
    window_end: dt.time | None = None,
    notes: str | None = None,
    private_note: str | None = None,
    clear_notes: bool = False,
) -> WaitlistEntry:
    """Staff change an open entry's party, window or notes; `waitlist_entry.updated` when a partner-visible
    field changed (a private note is staff-only and announces nothing)."""
    with transaction.atomic():
        entry = locked_entry(entry)
        require_open(entry)
        before = snapshot(entry)
        if party_size is not None:
            if party_size < 1:
                raise InvalidInput("A party has at least one guest.", param="party_size")
            entry.party_size = party_size
        if window_start is not None or window_end is not None:
            set_window(entry, window_start or entry.window_start, window_end or entry.window_end)
        if notes is not None or clear_notes:
            entry.notes = notes or None
        if private_note is not None:
            entry.private_note = private_note or None
        entry.save()
        after = snapshot(entry)
        if {k: v for k, v in after.items() if k != "updated_at"} != {
            k: v for k, v in before.items() if k != "updated_at"
        }:
            announce(entry, WAITLIST_ENTRY_UPDATED)
    return entry


def cancel_entry(*, entry: WaitlistEntry, now: dt.datetime | None = None) -> WaitlistEntry:
    """Withdrawn by the guest or the restaurant (`waitlist_entry.cancelled`); cancelled again is a no-op."""
    now = now or timezone.now()
    with transaction.atomic():
        entry = locked_entry(entry)
        if entry.status == WaitlistStatus.CANCELLED:
            return entry
        require_open(entry)
        entry.status = WaitlistStatus.CANCELLED
        entry.ended_at = now
        entry.save()
        announce(entry, WAITLIST_ENTRY_CANCELLED)
    return entry
