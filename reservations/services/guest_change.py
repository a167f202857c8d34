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

from config.formats import zone
from config.postgresql import deferred
from reservations.models import GuestChange, GuestChangeStatus, Reservation
from reservations.models.booking import Channel, ReservationStatus
from reservations.selectors.engine_policy import policy_for
from reservations.services.guarantee_requests import GuestCardNeeded
from reservations.services.modify import ModifyParams, modify_reservation
from reservations.services.notify import notify_guest

SEATED_OR_LATER = (
    ReservationStatus.PARTIALLY_SEATED,
    ReservationStatus.SEATED,
    ReservationStatus.COMPLETED,
    ReservationStatus.NO_SHOW,
)
AWAITING_CARD = (ReservationStatus.AWAITING_GUARANTEE, ReservationStatus.AWAITING_GUEST)


class GuestChangeRefused(Exception):  # noqa: N818 - the guest pages' own refusal, never an API error
    """Why the guest may not change this booking (`code`, worded by guestpages.texts)."""

    def __init__(self, code: str):
        super().__init__(f"This booking cannot be changed online ({code}).")
        self.code = code


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


def asks_a_change(reservation: Reservation, service_date: dt.date, start_time: dt.time, party_size: int) -> bool:
    """The slot asked for differs from the booking as it stands."""
    local = reservation.starts_at.astimezone(zone(reservation.restaurant.timezone))
    return (service_date, start_time, party_size) != (
        reservation.service_date,
        dt.time(local.hour, local.minute),
        reservation.party_size,
    )


def apply_change(reservation: Reservation, change: GuestChange, *, card_amount: int, now: dt.datetime):
    """Modify the booking to the whole slot the guest asked for, as the guest: whether they may still
    change it is checked on the booking read under the lock. Returns the booking; raises the refusals."""

    def still_changeable(locked: Reservation) -> None:
        refusal = change_refusal(locked, now)
        if refusal is not None:
            raise GuestChangeRefused(refusal)

    fields = {"service_date": change.service_date, "start_time": change.start_time, "party_size": change.party_size}
    params = ModifyParams(
        fields=fields, channel=Channel.WEBSITE_WIDGET, guest_card=card_amount, precondition=still_changeable
    )
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
    if not asks_a_change(reservation, service_date, start_time, party_size):
        earlier = _earlier(reservation, token)  # the same form again, once its change was made
        return outcome_of(earlier) if earlier is not None else ChangeOutcome("unchanged", reservation)
    asked = {"service_date": service_date, "start_time": start_time, "party_size": party_size}
    try:
        # The change's event, webhook and e-mail rows ride on the following statements' round trips.
        with transaction.atomic(), deferred.batch():
            # Written first, in the lock's round trip: a concurrent post of the same form waits on its
            # key, then finds this one.
            change = GuestChange(
                restaurant_id=reservation.restaurant_id,
                reservation=reservation,
                token=token,
                status=GuestChangeStatus.APPLIED,
                **asked,
            )
            deferred.insert(change)
            changed = apply_change(reservation, change, card_amount=0, now=now)
            notify_guest(changed, "change")
            _close_older_card_steps(change)
            return ChangeOutcome("applied", changed, change)
    except GuestCardNeeded as needed:
        # Nothing moved (the whole attempt rolled back): the change alone is kept, waiting for the card.
        try:
            change = GuestChange.objects.create(
                restaurant_id=reservation.restaurant_id,
                reservation=reservation,
                token=token,
                status=GuestChangeStatus.AWAITING_CARD,
                amount=needed.amount,
                currency=needed.currency,
                provider=reservation.restaurant.payment_provider,
                **asked,
            )
        except IntegrityError as error:
            return _same_form(reservation, token, error)
        _close_older_card_steps(change)
        return ChangeOutcome("card_needed", reservation, change)
    except IntegrityError as error:
        return _same_form(reservation, token, error)


def _close_older_card_steps(change: GuestChange) -> None:
    """The guest's latest change wins: an earlier one still waiting for its card is abandoned (its
    card step closes; a card saved there later changes nothing)."""
    GuestChange.objects.filter(reservation_id=change.reservation_id, status=GuestChangeStatus.AWAITING_CARD).exclude(
        pk=change.pk
    ).update(status=GuestChangeStatus.ABANDONED, updated_at=timezone.now())


def _earlier(reservation: Reservation, token: str) -> GuestChange | None:
    return GuestChange.objects.filter(
        restaurant_id=reservation.restaurant_id, reservation=reservation, token=token
    ).first()


def _same_form(reservation: Reservation, token: str, error: IntegrityError) -> ChangeOutcome:
    """A second post of a form already taken (its key is held): what the first came to."""
    first = _earlier(reservation, token)
    if first is not None:
        return outcome_of(first)
    if GuestChange.objects.filter(restaurant_id=reservation.restaurant_id, token=token).exists():
        raise GuestChangeRefused("already_submitted")  # another booking's form: never shared
    raise error


def outcome_of(change: GuestChange) -> ChangeOutcome:
    """What an earlier post of the same form came to (its booking as it stands now)."""
    reservation = Reservation.objects.select_related("restaurant", "guest").get(pk=change.reservation_id)
    status = "card_needed" if change.status == GuestChangeStatus.AWAITING_CARD else "applied"
    return ChangeOutcome(status, reservation, change)
