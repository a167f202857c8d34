"""A guest changes their own booking from its page: date, time and party size, within the online rules.

The change goes through the same modify service as PATCH (reservations.services.modify), under the
restaurant's lock, on the booking's own channel rules: a new slot or a larger party that needs
approval puts a confirmed booking back to `pending` (`reservation.pending`) unless it was booked by
staff (back office, phone, walk-in); any other change is `reservation.updated`. The guest is
e-mailed the booking as it now stands, with its calendar file.

Refused, in words the page translates (`GuestChangeRefused.code`):
- `guest_changes_off`: the restaurant does not let guests change bookings (Restaurant setting);
- `booking_seated`: seated or later; `booking_cancelled`: cancelled;
- `card_step_open`: the booking still waits for its card;
- `cutoff_passed`: online booking for the booking's own time has closed (or the time has passed);
- the engine's own refusals of the new slot (`BookingRulesViolated`: taken, cut-off, party size...).

One row per form (`GuestChange.token`): a second post of the same form finds the first and
changes nothing twice. A new slot asking for a card the booking does not hold (the API's
`guarantee_consent_guest_only` and `guarantee_modify_requires_card`, which only the guest can
consent to) leaves the booking as it is and opens the change's own card step
(reservations.services.guest_change_card): the change is applied when the card is saved.
"""

import datetime as dt
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from config.exceptions import Refused
from config.formats import zone
from reservations.models import GuestChange, GuestChangeStatus, Reservation
from reservations.models.booking import Channel, ReservationStatus
from reservations.selectors.engine_policy import policy_for
from reservations.services.guarantee_requests import GuestCardNeeded
from reservations.services.locking import lock_restaurant
from reservations.services.modify import ModifyParams, modify_reservation
from reservations.services.notify import notify_guest

SEATED_OR_LATER = (
    ReservationStatus.PARTIALLY_SEATED,
    ReservationStatus.SEATED,
    ReservationStatus.COMPLETED,
    ReservationStatus.NO_SHOW,
)
AWAITING_CARD = (ReservationStatus.AWAITING_GUARANTEE, ReservationStatus.AWAITING_GUEST)


class GuestChangeRefused(Refused):
    def __init__(self, code: str):
        super().__init__(f"This booking cannot be changed online ({code}).", code=code)


@dataclass(frozen=True)
class ChangeOutcome:
    """`applied` (the booking moved, or went back to pending), `card_needed` (nothing moved: the
    change's card step is open) or `unchanged` (the form asked for the booking as it is)."""

    status: str
    reservation: Reservation
    change: GuestChange | None = None


def online_cutoff_passed(reservation: Reservation, now: dt.datetime) -> bool:
    """Online booking for the booking's own time has closed: its service's cut-off (or the time itself)."""
    if now >= reservation.starts_at:
        return True
    policy = policy_for(reservation.restaurant)
    shift = policy.shift(reservation.shift_id)
    cutoff = policy.cutoff_minutes(shift) if shift is not None else None
    if cutoff is None or cutoff == -1:  # -1: open until the last seating, which this booking is before
        return False
    return now >= reservation.starts_at - dt.timedelta(minutes=cutoff)


def change_refusal(reservation: Reservation, now: dt.datetime | None = None) -> str | None:
    """Why the guest may not change this booking now (the page hides its form and says so), or None."""
    now = now or timezone.now()
    if not reservation.restaurant.guest_changes_allowed:
        return "guest_changes_off"
    if reservation.status in SEATED_OR_LATER:
        return "booking_seated"
    if reservation.status == ReservationStatus.CANCELLED:
        return "booking_cancelled"
    if reservation.status in AWAITING_CARD:
        return "card_step_open"
    if online_cutoff_passed(reservation, now):
        return "cutoff_passed"
    return None


def fields_of(reservation: Reservation, service_date: dt.date, start_time: dt.time, party_size: int) -> dict:
    """The modify's fields: what differs from the booking as it stands."""
    local = reservation.starts_at.astimezone(zone(reservation.restaurant.timezone))
    fields = {}
    if service_date != reservation.service_date:
        fields["service_date"] = service_date
    if service_date != reservation.service_date or start_time != dt.time(local.hour, local.minute):
        fields["start_time"] = start_time
    if party_size != reservation.party_size:
        fields["party_size"] = party_size
    return fields


def apply_change(reservation: Reservation, change: GuestChange, *, card_amount: int, now: dt.datetime):
    """Under the lock (the caller's transaction): re-check the booking, then modify it as the guest.
    Returns the booking, or None when the form asks for the booking as it is. Raises the refusals."""
    reservation = Reservation.objects.select_related("restaurant", "guest").get(pk=reservation.pk)
    refusal = change_refusal(reservation, now)
    if refusal is not None:
        raise GuestChangeRefused(refusal)
    fields = fields_of(reservation, change.service_date, change.start_time, change.party_size)
    if not fields:
        return None
    params = ModifyParams(fields=fields, channel=Channel.WEBSITE_WIDGET, guest_card=card_amount)
    with transaction.atomic():  # a refusal leaves nothing of the attempt
        return modify_reservation(reservation=reservation, params=params, now=now)


def change_by_guest(
    *,
    reservation: Reservation,
    service_date: dt.date,
    start_time: dt.time,
    party_size: int,
    token: str,
    now: dt.datetime | None = None,
) -> ChangeOutcome:
    """The guest's change form, posted. Raises GuestChangeRefused or the engine's refusals."""
    now = now or timezone.now()
    try:
        with transaction.atomic():
            lock_restaurant(reservation.restaurant_id)
            # Written first: a concurrent post of the same form waits on its key, then finds this one.
            change = GuestChange.objects.create(
                restaurant_id=reservation.restaurant_id,
                reservation=reservation,
                token=token,
                status=GuestChangeStatus.APPLIED,
                service_date=service_date,
                start_time=start_time,
                party_size=party_size,
            )
            try:
                changed = apply_change(reservation, change, card_amount=0, now=now)
            except GuestCardNeeded as needed:
                change.status = GuestChangeStatus.AWAITING_CARD
                change.amount, change.currency = needed.amount, needed.currency
                change.provider = reservation.restaurant.payment_provider
                change.save()
                return ChangeOutcome("card_needed", reservation, change)
            if changed is None:
                transaction.set_rollback(True)  # nothing to remember: the same form may be sent again
                return ChangeOutcome("unchanged", reservation)
            notify_guest(changed, "change")
            return ChangeOutcome("applied", changed, change)
    except IntegrityError:
        first = GuestChange.objects.filter(restaurant_id=reservation.restaurant_id, token=token).first()
        if first is None or first.reservation_id != reservation.pk:
            raise
        return outcome_of(first)


def outcome_of(change: GuestChange) -> ChangeOutcome:
    """What an earlier post of the same form came to (its booking as it stands now)."""
    reservation = Reservation.objects.select_related("restaurant", "guest").get(pk=change.reservation_id)
    status = "card_needed" if change.status == GuestChangeStatus.AWAITING_CARD else "applied"
    return ChangeOutcome(status, reservation, change)
