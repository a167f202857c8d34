"""Cancel a reservation."""

from django.db import transaction

from reservations.models import Reservation
from reservations.notifications import notify_guest
from reservations.services import allocations, events
from reservations.services.errors import finalized
from reservations.services.policy import bump_availability_version

PARTNER_API = "partner_api"


def cancel_reservation(*, reservation: Reservation, reason: str = PARTNER_API) -> Reservation:
    """Any non-final booking becomes cancelled and frees its tables; cancelled again is a no-op."""
    with transaction.atomic(savepoint=False):  # all or nothing with the caller's transaction
        reservation = Reservation.objects.select_for_update().get(pk=reservation.pk)
        if reservation.status == "cancelled":
            return reservation
        if reservation.status in ("completed", "no_show"):
            raise finalized(reservation.status)
        previous = reservation.status
        announced = events.has_created_event(reservation)
        reservation.status = "cancelled"
        reservation.cancellation_reason = reason
        if reservation.guarantee_status == "requested":
            reservation.guarantee_status = "released"  # the card request ends unanswered, nothing charged
        reservation.save(update_fields=["status", "cancellation_reason", "guarantee_status", "updated_at"])
        allocations.release(reservation=reservation)
        # A card request that never became a booking is cancelled silently (no created event either).
        if announced:
            events.record(
                reservation,
                "reservation.cancelled",
                {"from_status": previous, "to_status": "cancelled", "cancellation_reason": reason},
            )
        notify_guest(reservation, "cancellation")
        bump_availability_version(reservation.restaurant_id, policy_changed=False)
    return reservation
