"""The waitlist's sweeps: a cancellation that frees a table suggests the entries it can seat; entries
whose service passed, and offers past their deadline, expire."""

import datetime as dt

from django.db import transaction
from django.utils import timezone

from config.formats import zone
from reservations.selectors import availability
from waitlist.models import OPEN_STATUSES, WaitlistEntry, WaitlistStatus
from waitlist.services.entries import announce, window_minutes
from webhooks.types import WAITLIST_ENTRY_EXPIRED, WAITLIST_ENTRY_UPDATED


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
            announce(entry, WAITLIST_ENTRY_UPDATED)
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
            announce(entry, WAITLIST_ENTRY_EXPIRED, created=min(lapsed_at, now))
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
            announce(entry, WAITLIST_ENTRY_EXPIRED, created=entry.offer_expires_at)
            expired += 1
    return expired
