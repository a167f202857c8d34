"""Card guarantees: the deadline for saving a card and the guarantee a booking carries."""

import datetime as dt

DEFAULT_DEADLINE_HOURS = 48
# A widget booking on a guaranteed slot: the guest is on the card step now, and the table is
# held (out of the API's sight, `awaiting_guest`) for half an hour at most.
GUEST_CARD_STEP_HOURS = 0.5
# Beyond any booking window: a longer wait asked for is clamped like any other (and stays computable).
MAX_DEADLINE_HOURS = 24 * 366 * 10


def card_deadline(
    now: dt.datetime, starts_at: dt.datetime, cancel_hours: int | None, hours: float = DEFAULT_DEADLINE_HOURS
) -> dt.datetime:
    """`hours` from now, clamped to before the booked time and the free-cancellation time.

    When free cancellation has already ended, the booked time is the limit (a deadline in
    the past could never be met). Whole seconds, as the API shows it.
    """
    limit = starts_at
    if cancel_hours is not None and starts_at - dt.timedelta(hours=cancel_hours) > now:
        limit = starts_at - dt.timedelta(hours=cancel_hours)
    wanted = now + dt.timedelta(hours=min(hours, MAX_DEADLINE_HOURS))
    return min(wanted, limit).replace(microsecond=0)


def request_card(
    reservation, *, amount: int, currency: str, deadline: dt.datetime, cancel_hours, cancel_on_expiry=True
):
    """Put the booking on a requested imprint guarantee (the guest is asked to save a card)."""
    reservation.guarantee_kind = "imprint"
    reservation.guarantee_status = "requested"
    reservation.guarantee_amount = amount
    reservation.guarantee_currency = currency
    reservation.guarantee_expires_at = deadline
    reservation.guarantee_cancel_hours = cancel_hours
    reservation.guarantee_cancel_on_expiry = cancel_on_expiry


def guarantee_event_data(reservation, **extra) -> dict:
    """`data` of a `reservation.guarantee_*` event in the booking's history (webhooks carry the snapshot)."""
    return {
        "guarantee_status": reservation.guarantee_status,
        "amount": reservation.guarantee_amount,
        "currency": reservation.guarantee_currency,
        **{key: value for key, value in extra.items() if value is not None},
    }
