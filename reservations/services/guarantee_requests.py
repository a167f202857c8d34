"""Card-guarantee rules of a modify: what a PATCH may and may not do to a guarantee."""

from config.exceptions import Refused
from reservations.exceptions import refused
from reservations.services.guarantees import DEFAULT_DEADLINE_HOURS, card_deadline, request_card

LIVE_GUARANTEE = ("requested", "active")


def has_card_guarantee(reservation) -> bool:
    return bool(reservation.guarantee_kind) and reservation.guarantee_status in LIVE_GUARANTEE


def slot_guarantee(reservation, policy):
    """The card the booking's current slot and party size ask for, if any."""
    shift = policy.shift(reservation.shift_id)
    return shift.guarantee_for(reservation.party_size) if shift else None


def _service_policy(reservation, policy):
    shift = policy.shift(reservation.shift_id)
    return shift.guarantee if shift else None


def check_guarantee_change(reservation, policy, decision, party_size: int) -> None:
    """A modify never raises a card guarantee nor adds one (only the guest can consent to a card).

    Not refused: a booking already needing a guarantee it lacks, or a restaurant unable
    to take card payments.
    """
    if not reservation.restaurant.payments_enabled:
        return
    new = decision.shift.guarantee_for(party_size)
    if new is None:
        return
    if has_card_guarantee(reservation):
        if new.per_guest_amount * party_size > (reservation.guarantee_amount or 0):
            raise refused(
                "guarantee_consent_guest_only",
                "This change raises the card guarantee; only the guest can consent to that.",
            )
        return
    if reservation.guarantee_waived or slot_guarantee(reservation, policy) is not None:
        return  # already on a guaranteed slot without a card: not made worse by this change
    raise refused(
        "guarantee_modify_requires_card",
        "This change puts a booking without a card onto a card guarantee.",
    )


class GuestCardNeeded(Exception):  # noqa: N818 - a signal to the guest's change, never an API error
    """A guest's change onto a card the booking does not hold: nothing changes until they save it."""

    def __init__(self, amount: int, currency: str):
        super().__init__(f"This change needs the guest's card first ({amount} {currency}).")
        self.amount, self.currency = amount, currency


def guest_card_for_change(reservation, policy, decision, party_size: int, saved: int) -> None:
    """What check_guarantee_change refuses the API, a guest consents to with a card of their own:
    the booking goes onto the new slot's card once one of at least its amount is saved (`saved`)."""
    try:
        check_guarantee_change(reservation, policy, decision, party_size)
        return
    except Refused:
        pass
    needed = decision.shift.guarantee_for(party_size)
    amount = needed.per_guest_amount * party_size
    if saved < amount:
        raise GuestCardNeeded(amount, reservation.restaurant.currency)
    reservation.guarantee_kind = "imprint"
    reservation.guarantee_status = "active"
    reservation.guarantee_amount = amount
    reservation.guarantee_currency = reservation.restaurant.currency
    reservation.guarantee_expires_at = None
    reservation.guarantee_cancel_hours = needed.cancel_hours
    reservation.guarantee_waived = False


def apply_guarantee_request(reservation, request: dict, policy, now) -> None:
    """Ask the guest for a card now (PATCH `guarantee_request`)."""
    restaurant = reservation.restaurant
    upcoming = reservation.starts_at > now
    if reservation.status != "confirmed" or not upcoming or has_card_guarantee(reservation):
        raise refused(
            "guarantee_request_not_allowed",
            "A card can be requested only on a confirmed, upcoming booking without a guarantee.",
            param="guarantee_request",
        )
    if not restaurant.payments_enabled:
        raise refused("payments_suspended", "This restaurant cannot take card payments now.")
    # The restaurant's terms: the service's card policy, per guest, whatever the party size.
    slot_policy = _service_policy(reservation, policy)
    amount = request.get("amount")
    if amount is None and slot_policy is not None:
        amount = slot_policy.per_guest_amount * reservation.party_size
    if amount is None or amount <= 0:
        raise refused(
            "guarantee_amount_invalid",
            "Send an amount above zero; this slot has no guarantee policy to take it from.",
            param="guarantee_request[amount]",
        )
    if not (reservation.contact_email or reservation.guest.email):
        raise refused("email_required_for_guarantee", "A card request needs a guest e-mail address, and none exists.")
    cancel_hours = slot_policy.cancel_hours if slot_policy else None
    hours = request.get("deadline_hours") or DEFAULT_DEADLINE_HOURS
    request_card(
        reservation,
        amount=amount,
        currency=restaurant.currency,
        deadline=card_deadline(now, reservation.starts_at, cancel_hours, hours),
        cancel_hours=cancel_hours,
        cancel_on_expiry=request.get("cancel_on_expiry", True),
    )
    reservation.guarantee_waived = False
    reservation.status = "awaiting_guarantee"
