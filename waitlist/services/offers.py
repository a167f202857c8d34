"""Offers and bookings from the waitlist: a host offers a place, books the entry (promote) or seats
the party now as a walk-in; the guest accepts an offer from their own page.

Staff book on staff terms (reservations.services.staff_terms: physical refusals, the online rules as
warnings they confirm). The guest who accepts an offer keeps the online rules, except the cut-off:
an offer made by staff is a seat staff hold open.
"""

import datetime as dt

from django.db import transaction
from django.utils import timezone

from config.exceptions import InvalidInput
from config.formats import zone
from reservations.engine.clock import ServiceClock
from reservations.models.booking import Source
from reservations.selectors.engine_policy import policy_for
from reservations.services.create import CreateParams, create_reservation
from reservations.services.staff import SUPPORT, Actor, StaffBooking, create_staff_booking
from reservations.services.staff_terms import StaffTerms
from waitlist.emails import OFFER_EMAIL
from waitlist.exceptions import WaitlistOfferLapsed
from waitlist.models import WaitlistEntry, WaitlistStatus
from waitlist.services.entries import CHANNEL_OF, DEFAULT_OFFER_MINUTES, announce, locked_entry, require_open
from webhooks.services import messages
from webhooks.types import WAITLIST_ENTRY_PROMOTED, WAITLIST_ENTRY_UPDATED

# What the guest accepting an offer is spared of the online rules.
OFFER_WAIVES = frozenset({"cutoff_passed"})


def next_seating(entry: WaitlistEntry, now: dt.datetime) -> dt.time:
    """The time a place is offered at when the host names none: the window's start, or during the
    service (the window's start gone) the next seating time of its service."""
    tz = zone(entry.restaurant.timezone)
    policy = policy_for(entry.restaurant)
    shift = policy.shift(entry.shift_id)
    start = dt.datetime.combine(
        entry.service_date + dt.timedelta(days=entry.window_start_day_offset), entry.window_start, tzinfo=tz
    )
    if shift is None or start >= now:
        return entry.window_start
    for slot in ServiceClock(shift, entry.service_date, tz).slots:
        if slot.starts_at >= now:
            return slot.time
    return entry.window_start


def offer_entry(
    *,
    entry: WaitlistEntry,
    start_time: dt.time | None = None,
    minutes: int = DEFAULT_OFFER_MINUTES,
    now: dt.datetime | None = None,
) -> WaitlistEntry:
    """A host offers the party a place (a time; by default the window's start, or the next seating
    time once that has passed); the offer stays open `minutes` (the sweep expires it after). No table
    is held: the guest's acceptance books one."""
    now = now or timezone.now()
    if minutes < 1:
        raise InvalidInput("An offer stays open at least a minute.", param="minutes")
    with transaction.atomic():
        entry = locked_entry(entry)
        require_open(entry, (WaitlistStatus.ACTIVE, WaitlistStatus.SUGGESTED, WaitlistStatus.OFFERED))
        entry.status = WaitlistStatus.OFFERED
        entry.offered_at = now
        entry.offered_time = start_time or next_seating(entry, now)
        entry.offer_expires_at = now + dt.timedelta(minutes=minutes)
        entry.save()
        announce(entry, WAITLIST_ENTRY_UPDATED)
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
    staff: StaffTerms | None = None,
    now: dt.datetime | None = None,
) -> WaitlistEntry:
    """The entry becomes a booking through the same booking step as every create (under the
    restaurant's lock, so a promotion never double-books): `reservation.created` (source `waitlist`,
    the channel the guest joined by) and `waitlist_entry.promoted`. `staff`: a host books it, on
    staff terms; else the online rules, less `overrides`. A refusal changes nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        entry = locked_entry(entry)
        require_open(entry)
        params = CreateParams(
            service_date=entry.service_date,
            start_time=start_time or entry.offered_time or next_seating(entry, now),
            party_size=party_size or entry.party_size,
            guest_id=entry.guest.public_id,
            guest_notes=entry.notes,
            overrides=frozenset(overrides),
            can_override=True,  # staff's offer, or staff themselves
            source=Source.WAITLIST,
            booking_channel=CHANNEL_OF[entry.joined_via],
            staff=staff,
        )
        reservation = create_reservation(restaurant=entry.restaurant, params=params, now=now)
        _promoted(entry, reservation, now, party_size)
    return entry


def seat_entry(
    *,
    entry: WaitlistEntry,
    table_ids=(),
    actor: Actor = SUPPORT,
    confirmed: frozenset[str] = frozenset(),
    now: dt.datetime | None = None,
) -> WaitlistEntry:
    """The party waiting at the door is seated now, as a walk-in (at the tables the host picks, or
    the best free fit), on staff terms: `reservation.created`, `reservation.seated` and
    `waitlist_entry.promoted`, all or nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        entry = locked_entry(entry)
        require_open(entry)
        booking = StaffBooking(
            channel="walk_in",
            party_size=entry.party_size,
            guest_id=entry.guest.public_id,
            table_ids=tuple(table_ids),
            guest_notes=entry.notes,
            source=Source.WAITLIST,
        )
        reservation = create_staff_booking(
            restaurant=entry.restaurant, booking=booking, actor=actor, confirmed=confirmed, now=now
        )
        _promoted(entry, reservation, now)
    return entry


def _promoted(entry: WaitlistEntry, reservation, now: dt.datetime, party_size: int | None = None) -> None:
    entry.status = WaitlistStatus.PROMOTED
    entry.reservation = reservation
    entry.ended_at = now
    if party_size:
        entry.party_size = party_size
    entry.save()
    announce(entry, WAITLIST_ENTRY_PROMOTED)


def accept_offer(*, entry: WaitlistEntry, now: dt.datetime | None = None) -> WaitlistEntry:
    """The guest accepts the place staff offered, before the offer lapses: the entry is promoted at the
    offered time through `promote_entry`, on the online rules less the cut-off."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = locked_entry(entry)
        require_open(locked, (WaitlistStatus.OFFERED,))
        if locked.offer_expires_at is not None and locked.offer_expires_at <= now:
            raise WaitlistOfferLapsed("This offer has lapsed.")
        return promote_entry(entry=locked, start_time=locked.offered_time, overrides=OFFER_WAIVES, now=now)
