"""Reads of the guest pages: the restaurant by slug, a booking by its token, what its page shows."""

import datetime as dt
from dataclasses import dataclass

from django.utils import timezone

from reservations.models import CardGuarantee, Feedback, Reservation, Restaurant
from reservations.models.booking import GuaranteeStatus, ReservationStatus
from reservations.services.card_guarantee import is_awaiting_card

CANCELLABLE = (
    ReservationStatus.AWAITING_GUARANTEE,
    ReservationStatus.AWAITING_GUEST,
    ReservationStatus.PENDING,
    ReservationStatus.CONFIRMED,
)


def restaurant_of(slug: str) -> Restaurant | None:
    return Restaurant.objects.filter(slug=slug).first()


def booking_of(restaurant: Restaurant, token: str) -> Reservation | None:
    """The booking this token opens, at this restaurant only (a guest merge leaves the token as it was)."""
    return (
        Reservation.objects.filter(restaurant=restaurant, modification_token=token)
        .select_related("guest", "restaurant")
        .first()
    )


@dataclass(frozen=True)
class GuestView:
    status: str
    awaiting_card: bool
    card: CardGuarantee | None
    guarantee_amount: int | None
    guarantee_currency: str
    guarantee_status: str
    deadline: dt.datetime | None
    free_cancellation_until: dt.datetime | None
    cancellation_always_free: bool
    can_cancel: bool
    can_give_feedback: bool
    feedback: Feedback | None
    past: bool
    late_cancellation: bool  # cancelling now may be charged (a saved card, free cancellation over)


def guest_view(reservation: Reservation, now: dt.datetime | None = None) -> GuestView:
    now = now or timezone.now()
    card = CardGuarantee.objects.filter(reservation=reservation).first()
    feedback = Feedback.objects.filter(reservation=reservation).first()
    cancel_hours = reservation.guarantee_cancel_hours
    has_guarantee = bool(reservation.guarantee_kind)
    free_until = None
    if has_guarantee and cancel_hours is not None:
        free_until = reservation.starts_at - dt.timedelta(hours=cancel_hours)
    past = reservation.starts_at <= now
    return GuestView(
        status=reservation.status,
        awaiting_card=is_awaiting_card(reservation, now),
        card=card,
        guarantee_amount=reservation.guarantee_amount if has_guarantee else None,
        guarantee_currency=reservation.guarantee_currency,
        guarantee_status=reservation.guarantee_status,
        deadline=reservation.guarantee_expires_at
        if reservation.guarantee_status == GuaranteeStatus.REQUESTED
        else None,
        free_cancellation_until=free_until,
        cancellation_always_free=has_guarantee and cancel_hours is None,
        can_cancel=reservation.status in CANCELLABLE and not past,
        can_give_feedback=reservation.status == ReservationStatus.COMPLETED and feedback is None,
        feedback=feedback,
        past=past,
        late_cancellation=bool(
            card is not None
            and card.saved_at is not None
            and reservation.guarantee_status == GuaranteeStatus.ACTIVE
            and free_until is not None
            and now >= free_until
        ),
    )
