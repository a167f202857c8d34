"""Reservation events, written in the transaction of the change they record."""

from reservations.models import ReservationEvent


def record(reservation, event_type: str, data: dict) -> ReservationEvent:
    return ReservationEvent.objects.create(
        restaurant_id=reservation.restaurant_id, reservation=reservation, type=event_type, data=data
    )


def has_created_event(reservation) -> bool:
    return ReservationEvent.objects.filter(reservation=reservation, type="reservation.created").exists()
