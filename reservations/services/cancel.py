"""Cancel a reservation."""

from django.db import transaction

from config.locking import lock_restaurant
from reservations.exceptions import ReservationFinalized
from reservations.models import Reservation
from reservations.models.booking import EventType, GuaranteeStatus, ReservationStatus
from reservations.services import allocations, events, handovers
from reservations.services.availability_version import bump_availability_version
from reservations.services.notify import notify_guest

PARTNER_API = "partner_api"


def cancel_reservation(*, reservation: Reservation, reason: str = PARTNER_API) -> Reservation:
    """Any non-final booking becomes cancelled and frees its tables; cancelled again is a no-op."""
    with transaction.atomic(savepoint=False):  # all or nothing with the caller's transaction
        # The restaurant's lock first: it bounds the wait (lock_timeout) of every lock that follows.
        lock_restaurant(reservation.restaurant_id)
        reservation = _carry_over(Reservation.objects.select_for_update().get(pk=reservation.pk), reservation)
        if reservation.status == ReservationStatus.CANCELLED:
            return reservation
        if reservation.status in (ReservationStatus.COMPLETED, ReservationStatus.NO_SHOW):
            raise ReservationFinalized(reservation.status)
        previous = reservation.status
        announced = events.has_created_event(reservation)
        reservation.status = ReservationStatus.CANCELLED
        reservation.cancellation_reason = reason
        if reservation.guarantee_status == GuaranteeStatus.REQUESTED:
            reservation.guarantee_status = GuaranteeStatus.RELEASED  # the request ends unanswered, nothing charged
        reservation.save(update_fields=["status", "cancellation_reason", "guarantee_status", "updated_at"])
        allocations.release(reservation=reservation)
        # The freed table may seat a party waiting for this date: staff see those entries suggested.
        handovers.cancelled(reservation)
        # A card request that never became a booking is cancelled silently (no created event either).
        if announced:
            events.record(
                reservation,
                EventType.CANCELLED,
                {"from_status": previous, "to_status": ReservationStatus.CANCELLED, "cancellation_reason": reason},
            )
        notify_guest(reservation, "cancellation")
        bump_availability_version(reservation.restaurant_id, policy_changed=False)
    return reservation


def _carry_over(locked: Reservation, read: Reservation) -> Reservation:
    """The row read under the lock, with what the caller's read of it already holds (its restaurant,
    guest, company and tables) when the row has not changed since: the event's snapshot and the
    answer then read none of them again."""
    if locked.updated_at != read.updated_at:
        return locked
    for name in ("restaurant", "guest", "company"):
        field = Reservation._meta.get_field(name)
        if field.is_cached(read):
            field.set_cached_value(locked, field.get_cached_value(read))
    prefetched = getattr(read, "_prefetched_objects_cache", {}).get("tables")
    if prefetched is not None:
        locked._known_tables = list(prefetched)
    return locked
