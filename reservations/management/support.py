"""Finding and showing a booking, for the support commands (`manage.py booking`, `manage.py guarantee`)."""

from config.exceptions import NotFound
from config.formats import Viewer, zone
from reservations.models import Reservation
from reservations.shapes.reservations import ReservationShape


def reservation_of(public_id: str) -> Reservation:
    reservation = Reservation.objects.select_related("restaurant", "guest").filter(public_id=public_id).first()
    if reservation is None:
        raise NotFound(f"No reservation {public_id}.")
    return reservation


def snapshot(reservation: Reservation) -> dict:
    """The booking as it now stands, as a full-access key reads it from the API."""
    row = Reservation.objects.select_related("restaurant", "guest", "company").get(pk=reservation.pk)
    return ReservationShape.render(row, Viewer(tz=zone(row.restaurant.timezone)))
