"""Waitlist writes: a host adds an entry, offers a place, promotes it to a booking or cancels it; a
cancellation that frees a table suggests the entries it can seat; a sweep expires the rest.

Every move announces itself (`waitlist_entry.*`, webhooks.services.publish) in its transaction.
The contract's event types are `created`, `updated`, `promoted`, `cancelled` and `expired`; the
moves to `offered` and `suggested` are announced as `waitlist_entry.updated` (the snapshot's
`status` says which), like a change of window or party size.
"""

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils import timezone

from config.exceptions import InvalidInput, NotFound
from config.formats import Viewer, zone
from guests.models import Guest
from guests.selectors import resolve
from guests.services import GuestInput, match_or_create
from reservations.engine.clock import minutes_of
from reservations.models.booking import Channel, Source
from reservations.selectors import availability
from reservations.selectors.engine_policy import policy_for
from reservations.services.create import CreateParams, create_reservation
from reservations.services.locking import lock_restaurant
from reservations.texts import translate
from waitlist.emails import OFFER_EMAIL
from waitlist.exceptions import WaitlistClosed, WaitlistEntryClosed, WaitlistOfferLapsed, WaitlistWindowInvalid
from waitlist.models import OPEN_STATUSES, JoinedVia, WaitlistEntry, WaitlistStatus
from waitlist.shapes import WaitlistEntryShape
from webhooks.services import messages
from webhooks.services.publish import publish

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


def _locked(entry: WaitlistEntry) -> WaitlistEntry:
    """The entry's row, locked, after the restaurant's lock (the order every booking write takes)."""
    lock_restaurant(entry.restaurant_id)
    return WaitlistEntry.objects.select_for_update(of=("self",)).select_related("restaurant", "guest").get(pk=entry.pk)


def _require_open(entry: WaitlistEntry, allowed=OPEN_STATUSES) -> None:
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
) -> WaitlistEntry:
    """A party joins the waitlist (`waitlist_entry.created`); the service is recorded as it is now."""
    if guest.restaurant_id != restaurant.pk:
        raise NotFound("No such guest at this restaurant.", param="guest")
    guest = resolve(guest)
    if guest.erased_at is not None:
        raise NotFound("No such guest at this restaurant.", param="guest")
    if party_size < 1:
        raise InvalidInput("A party has at least one guest.", param="party_size")
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
        )
        record_service(entry, restaurant, window_start)
        set_window(entry, window_start, window_end)
        entry.save()
        announce(entry, "waitlist_entry.created")
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
        entry = _locked(entry)
        _require_open(entry)
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
            announce(entry, "waitlist_entry.updated")
    return entry


def offer_entry(
    *,
    entry: WaitlistEntry,
    start_time: dt.time | None = None,
    minutes: int = DEFAULT_OFFER_MINUTES,
    now: dt.datetime | None = None,
) -> WaitlistEntry:
    """A host offers the party a place (a time, default the window's start); the offer stays open
    `minutes` (the sweep expires it after). No table is held: the promotion books one."""
    now = now or timezone.now()
    if minutes < 1:
        raise InvalidInput("An offer stays open at least a minute.", param="minutes")
    with transaction.atomic():
        entry = _locked(entry)
        _require_open(entry, (WaitlistStatus.ACTIVE, WaitlistStatus.SUGGESTED, WaitlistStatus.OFFERED))
        entry.status = WaitlistStatus.OFFERED
        entry.offered_at = now
        entry.offered_time = start_time or entry.window_start
        entry.offer_expires_at = now + dt.timedelta(minutes=minutes)
        entry.save()
        announce(entry, "waitlist_entry.updated")
        # The guest is told by e-mail, with their entry page's link to accept (waitlist.emails).
        messages.enqueue(
            restaurant_id=entry.restaurant_id,
            handler=OFFER_EMAIL,
            payload={"entry_id": entry.pk, "offered_at": entry.offered_at.isoformat()},
        )
    return entry


def promote_entry(
    *,
    entry: WaitlistEntry,
    start_time: dt.time | None = None,
    party_size: int | None = None,
    overrides: frozenset[str] = frozenset(),
    now: dt.datetime | None = None,
) -> WaitlistEntry:
    """The entry becomes a booking through the same booking step as every create (under the
    restaurant's lock, so a promotion never double-books): `reservation.created` (source `waitlist`,
    the channel the guest joined by) and `waitlist_entry.promoted`. A refusal changes nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        entry = _locked(entry)
        _require_open(entry)
        restaurant = entry.restaurant
        params = CreateParams(
            service_date=entry.service_date,
            start_time=start_time or entry.offered_time or entry.window_start,
            party_size=party_size or entry.party_size,
            guest_id=entry.guest.public_id,
            guest_notes=entry.notes,
            overrides=frozenset(overrides),
            can_override=True,  # staff act for the restaurant
            source=Source.WAITLIST,
            booking_channel=CHANNEL_OF[entry.joined_via],
        )
        reservation = create_reservation(restaurant=restaurant, params=params, now=now)
        entry.status = WaitlistStatus.PROMOTED
        entry.reservation = reservation
        entry.ended_at = now
        if party_size:
            entry.party_size = party_size
        entry.save()
        announce(entry, "waitlist_entry.promoted")
    return entry


def cancel_entry(*, entry: WaitlistEntry, now: dt.datetime | None = None) -> WaitlistEntry:
    """Withdrawn by the guest or the restaurant (`waitlist_entry.cancelled`); cancelled again is a no-op."""
    now = now or timezone.now()
    with transaction.atomic():
        entry = _locked(entry)
        if entry.status == WaitlistStatus.CANCELLED:
            return entry
        _require_open(entry)
        entry.status = WaitlistStatus.CANCELLED
        entry.ended_at = now
        entry.save()
        announce(entry, "waitlist_entry.cancelled")
    return entry


def suggest_after_cancellation(*, reservation, now: dt.datetime | None = None) -> list[WaitlistEntry]:
    """Inside a cancellation's transaction (tables already freed): the date's active entries whose
    window now holds a seating time their party can take become `suggested`, for staff to decide."""
    active = WaitlistEntry.objects.filter(
        restaurant_id=reservation.restaurant_id, service_date=reservation.service_date, status=WaitlistStatus.ACTIVE
    ).order_by("created_at", "id")
    # Most dates have nobody waiting: the entries with their relations are read (and compiled) only when there are.
    if not active.exists():
        return []
    waiting = list(active.select_for_update(of=("self",)).select_related("restaurant", "guest", "reservation"))
    if not waiting:
        return []
    now = now or timezone.now()
    restaurant = waiting[0].restaurant
    offered_by_size: dict[int, set[int]] = {}
    suggested = []
    for entry in waiting:
        if entry.party_size not in offered_by_size:
            day = availability.day(
                restaurant, date=entry.service_date, party_size=entry.party_size, group_id=None, exclude=None, now=now
            )
            offered_by_size[entry.party_size] = {offer.slot.minutes for shift in day.shifts for offer in shift.slots}
        low, high = window_minutes(entry)
        if any(low <= minute <= high for minute in offered_by_size[entry.party_size]):
            entry.status = WaitlistStatus.SUGGESTED
            entry.suggested_at = now
            entry.save(update_fields=["status", "suggested_at", "updated_at"])
            announce(entry, "waitlist_entry.updated")
            suggested.append(entry)
    return suggested


def _service_over_at(entry: WaitlistEntry) -> dt.datetime:
    """When the entry's service has passed: the later of its recorded service end (the next day for an
    overnight service) and the end of its window."""
    tz = zone(entry.restaurant.timezone)

    def instant(time: dt.time, offset: int) -> dt.datetime:
        return dt.datetime.combine(entry.service_date + dt.timedelta(days=offset), time, tzinfo=tz)

    ends = [instant(entry.window_end, entry.window_end_day_offset)]
    if entry.shift_start_time is not None and entry.shift_end_time is not None:
        ends.append(instant(entry.shift_end_time, 1 if entry.shift_end_time <= entry.shift_start_time else 0))
    return max(ends)


def expire_entries(now: dt.datetime | None = None) -> int:
    """The sweep: open entries whose service has passed, and offers past their deadline, expire
    (`waitlist_entry.expired`, dated when they ran out)."""
    now = now or timezone.now()
    horizon = (now + dt.timedelta(days=1)).date()
    candidates = (
        WaitlistEntry.objects.filter(status__in=OPEN_STATUSES, service_date__lte=horizon)
        .select_related("restaurant")
        .order_by("id")
    )
    expired = 0
    for candidate in candidates.iterator():
        lapsed_at = _service_over_at(candidate)
        if candidate.status == WaitlistStatus.OFFERED and candidate.offer_expires_at is not None:
            lapsed_at = min(lapsed_at, candidate.offer_expires_at)
        if lapsed_at > now:
            continue
        with transaction.atomic():
            entry = (
                WaitlistEntry.objects.select_for_update(of=("self",))
                .select_related("restaurant", "guest")
                .get(pk=candidate.pk)
            )
            if entry.status not in OPEN_STATUSES:
                continue
            entry.status = WaitlistStatus.EXPIRED
            entry.ended_at = now
            entry.save()
            announce(entry, "waitlist_entry.expired", created=min(lapsed_at, now))
            expired += 1
    # Offers of later dates that ran out.
    for candidate in WaitlistEntry.objects.filter(
        status=WaitlistStatus.OFFERED, offer_expires_at__lte=now, service_date__gt=horizon
    ).order_by("id"):
        with transaction.atomic():
            entry = (
                WaitlistEntry.objects.select_for_update(of=("self",))
                .select_related("restaurant", "guest")
                .get(pk=candidate.pk)
            )
            if entry.status != WaitlistStatus.OFFERED:
                continue
            entry.status = WaitlistStatus.EXPIRED
            entry.ended_at = now
            entry.save()
            announce(entry, "waitlist_entry.expired", created=entry.offer_expires_at)
            expired += 1
    return expired


# --- the guest's side (the public booking page and the entry's own page) ------------------------


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


def accept_offer(*, entry: WaitlistEntry, now: dt.datetime | None = None) -> WaitlistEntry:
    """The guest accepts the place staff offered, before the offer lapses: the entry is promoted at the
    offered time through `promote_entry` (the same booking step as every create)."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(entry)
        _require_open(locked, (WaitlistStatus.OFFERED,))
        if locked.offer_expires_at is not None and locked.offer_expires_at <= now:
            raise WaitlistOfferLapsed("This offer has lapsed.")
        return promote_entry(entry=locked, start_time=locked.offered_time, now=now)
