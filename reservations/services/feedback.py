"""The guest's feedback after a completed visit: once per booking, announced as `feedback.received`.

The invitation is e-mailed by the sweep (`invite_feedback`, Celery beat) once a booking is
completed; the guest answers on their own booking page.
"""

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils import timezone

from reservations.models import Feedback, FeedbackInvitation, Reservation
from reservations.models.booking import ReservationStatus
from reservations.payments.exceptions import FeedbackNotAllowed, PaymentInputInvalid
from reservations.services.notify import notify_guest
from webhooks.services.publish import publish
from webhooks.types import FEEDBACK_RECEIVED

MAX_COMMENT = 5000
# Visits completed this long ago or less are invited (older ones were before this existed, or forgotten).
INVITE_WITHIN = dt.timedelta(days=3)


def feedback_snapshot(feedback: Feedback) -> dict:
    """The `feedback.received` payload's object (decisions.md)."""
    return {
        "object": "feedback",
        "id": feedback.public_id,
        "reservation": feedback.reservation.public_id,
        "rating": feedback.rating,
        "comment": feedback.comment,
    }


def can_give_feedback(reservation) -> bool:
    return (
        reservation.status == ReservationStatus.COMPLETED
        and not Feedback.objects.filter(reservation=reservation).exists()
    )


def submit_feedback(*, reservation: Reservation, rating: int, comment: str = "") -> Feedback:
    """Record the guest's rating (1 to 5) and comment; a second submission is refused."""
    if type(rating) is not int or not 1 <= rating <= 5:  # noqa: E721  a bool is not a rating
        raise PaymentInputInvalid("A rating is a whole number from 1 to 5.", param="rating")
    comment = (comment or "").strip()
    if len(comment) > MAX_COMMENT or "\x00" in comment:
        raise PaymentInputInvalid(f"A comment is text of at most {MAX_COMMENT} characters.", param="comment")
    if reservation.status != ReservationStatus.COMPLETED:
        raise FeedbackNotAllowed("Feedback is taken after a completed visit.")
    try:
        with transaction.atomic():
            feedback = Feedback.objects.create(
                restaurant_id=reservation.restaurant_id, reservation=reservation, rating=rating, comment=comment
            )
            publish(reservation.restaurant_id, FEEDBACK_RECEIVED, feedback_snapshot(feedback))
    except IntegrityError:
        raise FeedbackNotAllowed("Feedback was given for this booking already.") from None
    return feedback


def invite_feedback(now: dt.datetime | None = None) -> int:
    """Beat task body: e-mail the feedback invitation of each recently completed visit, once."""
    now = now or timezone.now()
    due = Reservation.objects.filter(
        status=ReservationStatus.COMPLETED, updated_at__gte=now - INVITE_WITHIN, feedback_invitation__isnull=True
    ).filter(feedback__isnull=True)
    sent = 0
    for reservation in due:
        with transaction.atomic():
            _, created = FeedbackInvitation.objects.get_or_create(
                reservation=reservation, defaults={"restaurant_id": reservation.restaurant_id, "sent_at": now}
            )
            if created:
                notify_guest(reservation, "feedback_invitation")
                sent += 1
    return sent
