"""The guest cancels from their own page (`guest_self_service`), with the events and e-mails of a cancel.

A card saved for the guarantee is let go when the cancellation is free (before the guarantee's
free-cancellation time, or always when the slot has none): nothing could be charged for it. A
late cancellation keeps the card for the restaurant to charge (or release) from the back office.
"""

import datetime as dt

from django.utils import timezone

from reservations.models import Reservation
from reservations.models.booking import GuaranteeStatus
from reservations.services.cancel import cancel_reservation
from reservations.services.guarantee_money import release_guarantee

GUEST_SELF_SERVICE = "guest_self_service"


def free_cancellation(reservation: Reservation, now: dt.datetime) -> bool:
    hours = reservation.guarantee_cancel_hours
    return hours is None or now < reservation.starts_at - dt.timedelta(hours=hours)


def cancel_by_guest(*, reservation: Reservation, now: dt.datetime | None = None) -> Reservation:
    now = now or timezone.now()
    reservation = cancel_reservation(reservation=reservation, reason=GUEST_SELF_SERVICE)
    if reservation.guarantee_status == GuaranteeStatus.ACTIVE and free_cancellation(reservation, now):
        reservation = release_guarantee(reservation=reservation, staff="guest")
    return reservation
