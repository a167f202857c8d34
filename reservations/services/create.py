"""Create a reservation: from a slot, or by converting a hold (which holds does, handed over at its
start-up: handovers.claim_hold, handovers.hold_converted)."""

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from config.exceptions import InvalidInput, not_found
from config.ids import random_token
from config.metadata import metadata_problem
from config.ops.metrics import BOOKINGS
from guests.selectors import profile_match, resolve_public_id
from guests.services import GuestInput, contact_of, match_or_create
from reservations.engine import BookingRequest
from reservations.engine.staff import StaffRequest
from reservations.exceptions import refused
from reservations.models import Company, Reservation
from reservations.models.booking import Channel, EventType, ReservationStatus, Source
from reservations.services import allocations, events, guarantees, handovers
from reservations.services.booking_step import BookingStep
from reservations.services.guarantees import card_deadline, request_card
from reservations.services.notify import notify_guest
from reservations.services.staff_terms import StaffTerms, settle

# Channels of bookings staff take themselves: never sent to approval.
STAFF_CHANNELS = (Channel.BACK_OFFICE, Channel.WALK_IN, Channel.PHONE)


@dataclass(frozen=True)
class CreateParams:
    service_date: dt.date | None = None
    start_time: dt.time | None = None
    party_size: int | None = None
    guest: GuestInput | None = None
    guest_id: str | None = None
    hold_id: str | None = None
    section_id: str | None = None
    entire_section_id: str | None = None
    guest_notes: str | None = None
    internal_notes: str | None = None
    guest_notifications: str = "service_managed"
    company_id: str | None = None
    metadata: dict = field(default_factory=dict)
    # The public booking page: the guest is here now to save a card (`awaiting_guest` on a guaranteed slot).
    guest_present: bool = False
    overrides: frozenset[str] = frozenset()
    excluded_from_shift_limits: bool | None = None  # None: not sent
    can_override: bool = False
    # The mechanism and channel of the booking: the API's own unless a staff path says otherwise
    # (a waitlist promotion is `waitlist` through the channel the guest joined by).
    source: str = Source.API
    booking_channel: str = Channel.API
    guest_source: str = "api"  # a new guest profile's `source` (the back office passes phone, walk_in)
    # A booking staff take (phone, walk-in, back office, a waitlist seat): physical refusals and
    # warnings to confirm instead of the online rules (reservations.services.staff_terms).
    staff: StaffTerms | None = None


@dataclass
class Slot:
    """Where and when the booking sits, from the engine or from a hold."""

    shift_id: int
    service_date: dt.date
    party_size: int
    starts_at: dt.datetime
    ends_at: dt.datetime | None
    occupied_until: dt.datetime | None
    table_ids: tuple[int, ...]
    requires_approval: bool
    guarantee: object  # engine GuaranteePolicy or None
    excluded: bool
    group_id: int | None
    waived: list[str]
    entire_section: bool = False


def _missing_guest_fields(restaurant, params: CreateParams) -> list[str]:
    if params.guest is None or not restaurant.required_guest_fields:
        return []
    if params.staff is not None and params.staff.walk_in:
        return []  # the guest is at the door: nothing to reach them by is needed
    return [name for name in restaurant.required_guest_fields if not getattr(params.guest, name, None)]


def _slot_from_engine(step: BookingStep, params: CreateParams) -> tuple[Slot, object]:
    if params.staff is not None:
        return _slot_for_staff(step, params)
    entire = step.group(params.entire_section_id, "entire_section_id")
    group = step.group(params.section_id, "section_id")
    excluded = params.excluded_from_shift_limits
    if excluded is None:
        excluded = entire is not None  # booking a whole section is exempt from caps by default
    request = BookingRequest(
        service_date=params.service_date,
        start_time=params.start_time,
        party_size=params.party_size,
        group_id=group,
        entire_group_id=entire,
        excluded_from_shift_limits=excluded,
        overrides=params.overrides,
    )
    decision = step.decide(request)
    slot = Slot(
        shift_id=decision.shift.id,
        service_date=params.service_date,
        party_size=params.party_size,
        starts_at=decision.starts_at,
        ends_at=decision.ends_at,
        occupied_until=decision.occupied_until,
        table_ids=decision.table_ids,
        requires_approval=decision.requires_approval,
        guarantee=decision.guarantee,
        excluded=excluded,
        group_id=entire or group,
        waived=decision.waived,
        entire_section=entire is not None,
    )
    return slot, decision


def _slot_for_staff(step: BookingStep, params: CreateParams) -> tuple[Slot, object]:
    """Where staff put the party: the tables they chose (or the best free), bound only by what is
    physically true; the online rules are warnings they confirmed (settle raises the others)."""
    terms = params.staff
    email = params.guest.email if params.guest is not None else None
    if params.guest_id is not None:
        profile = resolve_public_id(step.restaurant, params.guest_id)
        email = profile.email if profile is not None else None
    request = StaffRequest(
        service_date=params.service_date,
        start_time=params.start_time,
        party_size=params.party_size,
        table_ids=terms.table_ids,
        excluded_from_shift_limits=bool(params.excluded_from_shift_limits),
        walk_in=terms.walk_in,
        card_askable=step.policy.payments_enabled and bool(email),
    )
    decision = step.decide_staff(request)
    accepted = settle(decision, terms, step.restaurant, now=step.now)
    waived = "guarantee_required" in accepted
    slot = Slot(
        shift_id=decision.shift.id,
        service_date=params.service_date,
        party_size=params.party_size,
        starts_at=decision.starts_at,
        ends_at=decision.ends_at,
        occupied_until=decision.occupied_until,
        table_ids=decision.table_ids,
        requires_approval=False,  # staff are the approval (a warning they confirmed)
        guarantee=None if waived or terms.walk_in else decision.guarantee,
        excluded=bool(params.excluded_from_shift_limits),
        group_id=None,
        waived=accepted,
    )
    return slot, decision


def _guest(restaurant, params: CreateParams, contact, matched):
    """The booking's guest and what the booker typed that differs from the profile; `contact` and
    `matched` as `match_or_create` takes them."""
    if params.guest_id is not None:
        guest = resolve_public_id(restaurant, params.guest_id)
        if guest is None:
            raise not_found("guest_id", params.guest_id)
        return guest, {}
    match = match_or_create(
        restaurant=restaurant, data=params.guest, source=params.guest_source, contact=contact, matched=matched
    )
    return match.guest, match.submitted


def find_company(restaurant, company_id: str | None):
    """The restaurant's company by public id; None for None; 404 naming `company_id` when unknown."""
    if company_id is None:
        return None
    company = Company.objects.filter(restaurant=restaurant, public_id=company_id).first()
    if company is None:
        raise not_found("company_id", company_id)
    return company


def _metadata(hold, params: CreateParams) -> dict:
    """The hold's metadata with the create's on top; the merge obeys the limits too."""
    merged = {**(hold.metadata if hold else {}), **params.metadata}
    problem = metadata_problem(merged)
    if problem:
        raise InvalidInput(f"`metadata` (the hold's and this request's together): {problem}", param="metadata")
    return merged


def create_reservation(*, restaurant, params: CreateParams, now: dt.datetime | None = None) -> Reservation:
    now = now or timezone.now()
    missing = _missing_guest_fields(restaurant, params)
    if missing:
        raise refused(
            "guest_fields_required",
            f"The restaurant requires these guest fields: {', '.join(missing)}.",
            param=f"guest[{missing[0]}]",
        )
    # The guest's profile is looked up under the lock, in the lock's round trip.
    contact = lookup = None
    if params.guest_id is None and params.guest is not None:
        contact = contact_of(restaurant, params.guest)
        lookup = profile_match(restaurant.pk, contact[0] or None, contact[1] or None)
    with transaction.atomic(savepoint=False):  # all or nothing with the caller's transaction
        slot_known = params.hold_id is None and params.staff is None
        step = BookingStep(
            restaurant,
            now,
            date=params.service_date if slot_known else None,
            start_time=params.start_time if slot_known else None,
            then=lookup,
        )
        matched = (None if lookup is None else step.then_value,)  # (None,): nothing to match on
        company = find_company(restaurant, params.company_id)
        hold = decision = None
        if params.hold_id is not None:
            hold, slot = handovers.claim_hold(step, params)
        else:
            slot, decision = _slot_from_engine(step, params)
        guest, submitted = _guest(restaurant, params, contact, matched)
        reservation = Reservation(
            restaurant=restaurant,
            shift_id=slot.shift_id,
            source=params.source,
            booking_channel=params.booking_channel,
            party_size=slot.party_size,
            service_date=slot.service_date,
            starts_at=slot.starts_at,
            ends_at=slot.ends_at,
            guest=guest,
            # What the booker typed where the matched profile differs: this booking's own contact.
            contact_email=submitted.get("submitted_email"),
            contact_phone=submitted.get("submitted_phone"),
            guest_notes=params.guest_notes,
            internal_notes=params.internal_notes,
            guest_notifications=params.guest_notifications,
            excluded_from_shift_limits=slot.excluded,
            company=company,
            section_group_id=slot.group_id,
            entire_section=slot.entire_section,
            metadata=_metadata(hold, params),
            modification_token=random_token(32),
            submitted_guest=submitted,
            overrides_accepted=slot.waived,
            guarantee_waived="guarantee_required" in slot.waived,
        )
        if hold is not None:
            reservation.public_id = "resv_" + hold.public_id.removeprefix("hold_")
        reservation.status = _initial_status(reservation, slot, restaurant, guest, now, params)
        if params.guest_present and reservation.status == ReservationStatus.AWAITING_GUARANTEE:
            _guest_card_step(reservation, slot, now)
        if hold is not None:
            reservation.save()
            allocations.link_tables(reservation.tables, slot.table_ids)
            allocations.hand_over(hold=hold, reservation=reservation)
            handovers.hold_converted(hold, reservation, now)
        else:
            step.occupy(reservation, decision)  # inserts the booking with its tables: one round trip
        if reservation.status not in (ReservationStatus.AWAITING_GUARANTEE, ReservationStatus.AWAITING_GUEST):
            events.record(reservation, EventType.CREATED, created_event_data(reservation))
            notify_guest(reservation, "confirmation")
        elif reservation.status == ReservationStatus.AWAITING_GUARANTEE:  # a guest on the card step is there now
            notify_guest(reservation, "card_request")
        step.finish()
    BOOKINGS.labels(reservation.status).inc()  # the block above is done: a booking was written
    return reservation


def _initial_status(reservation, slot: Slot, restaurant, guest, now, params: CreateParams) -> str:
    if slot.guarantee is not None:
        if not (reservation.contact_email or guest.email):
            raise refused(
                "email_required_for_guarantee",
                "This slot needs a card guarantee, which needs a guest e-mail address.",
                param="guest_id" if params.guest_id is not None else "guest[email]",
            )
        per_guest = slot.guarantee.per_guest_amount
        request_card(
            reservation,
            amount=per_guest * slot.party_size,
            currency=restaurant.currency,
            deadline=card_deadline(now, slot.starts_at, slot.guarantee.cancel_hours),
            cancel_hours=slot.guarantee.cancel_hours,
        )
        return ReservationStatus.AWAITING_GUARANTEE
    # A booking staff take themselves (phone, back office) is approved as it is made.
    staff_made = params.booking_channel in STAFF_CHANNELS
    return ReservationStatus.PENDING if slot.requires_approval and not staff_made else ReservationStatus.CONFIRMED


def created_event_data(reservation) -> dict:
    """Data of `reservation.created`: the status it landed in, contacts, and what the booker typed."""
    data: dict = {"from_status": None, "to_status": reservation.status}
    if reservation.overrides_accepted:
        data["overrides_accepted"] = list(reservation.overrides_accepted)
    if reservation.contact_email:
        data["contact_email"] = reservation.contact_email
    if reservation.contact_phone:
        data["contact_phone"] = reservation.contact_phone
    data.update(reservation.submitted_guest)
    return data


def _guest_card_step(reservation, slot: Slot, now) -> None:
    """A booking made on the public booking page on a guaranteed slot waits for the guest, who is
    on the card step now: never served by the API, its table held for half an hour at most."""
    reservation.status = ReservationStatus.AWAITING_GUEST
    reservation.guarantee_expires_at = guarantees.card_deadline(
        now, slot.starts_at, slot.guarantee.cancel_hours, guarantees.GUEST_CARD_STEP_HOURS
    )
