"""Bookings staff take: on the phone (a date and time), in the back office, or at the door (a walk-in,
seated now), through the same create service and lock as the API's, on staff terms."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from config.exceptions import InvalidInput
from guests.services import GuestInput
from reservations.engine.staff import running_service
from reservations.exceptions import StatusMoveNotAllowed
from reservations.models import Reservation
from reservations.models.booking import EventType
from reservations.models.staff import StaffAction
from reservations.selectors.engine_policy import policy_for
from reservations.services.create import CreateParams, create_reservation
from reservations.services.staff.common import S, finish, log, move_status
from reservations.services.staff_terms import SUPPORT, Actor, StaffTerms

# channel -> the booking's `source` (the mechanism): what staff type in is `manual`.
STAFF_CHANNEL_SOURCES = {"phone": "manual", "back_office": "manual", "walk_in": "walk_in"}


@dataclass(frozen=True)
class StaffBooking:
    channel: str  # phone, walk_in or back_office
    party_size: int
    guest: GuestInput | None = None
    guest_id: str | None = None
    service_date: dt.date | None = None  # phone / back office: the slot (a walk-in is now)
    start_time: dt.time | None = None
    table_ids: tuple[int, ...] = ()  # () for the best free table
    guest_notes: str | None = None
    internal_notes: str | None = None
    company_id: str | None = None
    source: str | None = None  # the mechanism when not the channel's own (a waitlist seat: `waitlist`)


def create_staff_booking(
    *,
    restaurant,
    booking: StaffBooking,
    actor: Actor = SUPPORT,
    confirmed: frozenset[str] = frozenset(),
    now: dt.datetime | None = None,
) -> Reservation:
    """A phone or back-office booking (confirmed at once: staff are the approval) or a walk-in
    (seated now, at the tables the host picks or the best free fit). Refused only by what is
    physically true; the online rules it breaks must be in `confirmed` (else WarningsToConfirm)."""
    now = now or timezone.now()
    if booking.channel not in STAFF_CHANNEL_SOURCES:
        raise InvalidInput("The channel is phone, walk_in or back_office.", param="channel")
    if booking.party_size is None or booking.party_size < 1:
        raise InvalidInput("A party has at least one guest.", param="party_size")
    walk_in = booking.channel == "walk_in"
    guest = booking.guest
    service_date, start_time = booking.service_date, booking.start_time
    if walk_in:
        if guest is None and booking.guest_id is None:
            guest = GuestInput(first_name="Walk-in", last_name=None)
        policy = policy_for(restaurant)
        running = running_service(policy, now)
        if running is None:
            raise StatusMoveNotAllowed(
                "No service runs now: a walk-in is seated during a service (or in the hour before one).",
                code="no_service_now",
            )
        service_date = running[0]
        local = now.astimezone(policy.timezone)
        start_time = dt.time(local.hour, local.minute)
    elif service_date is None or start_time is None:
        raise InvalidInput(
            "A phone booking needs a date and a time.", param="service_date" if not service_date else "start_time"
        )
    params = CreateParams(
        service_date=service_date,
        start_time=start_time,
        party_size=booking.party_size,
        guest=guest if booking.guest_id is None else None,
        guest_id=booking.guest_id,
        guest_notes=booking.guest_notes,
        internal_notes=booking.internal_notes,
        company_id=booking.company_id,
        source=booking.source or STAFF_CHANNEL_SOURCES[booking.channel],
        booking_channel=booking.channel,
        guest_source="manual",
        staff=StaffTerms(
            actor=actor, confirmed=frozenset(confirmed), table_ids=tuple(booking.table_ids), walk_in=walk_in
        ),
    )
    with transaction.atomic():  # a savepoint when nested: a refusal leaves the caller usable
        reservation = create_reservation(restaurant=restaurant, params=params, now=now)
        accepted = list(reservation.overrides_accepted)
        log(reservation, StaffAction.CREATE, "", actor, event=reservation.events.first(), accepted=accepted)
        if walk_in:
            move_status(reservation, S.SEATED, EventType.SEATED, StaffAction.SEAT, actor)
            finish(reservation, availability=False)
    return reservation
