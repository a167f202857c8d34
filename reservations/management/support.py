"""Finding and showing a booking, a restaurant's tables and who acts, for the support commands
(`manage.py booking`, `manage.py guarantee`, `manage.py waitlist`)."""

from django.contrib.auth import get_user_model

from apikeys.roles import user_actor
from config.exceptions import Forbidden, NotFound
from config.formats import Viewer, zone
from reservations.models import Reservation, Restaurant, Table
from reservations.services.staff_terms import SUPPORT, Actor
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


def tables_of(restaurant: Restaurant, refs) -> tuple[int, ...]:
    """Tables named by their tbl_ id or as the setup file names them (`section/table`: the section's
    key, or its name)."""
    found = []
    for ref in refs or ():
        table = None
        if ref.startswith("tbl_"):
            table = Table.objects.filter(restaurant=restaurant, public_id=ref).first()
        elif "/" in ref:
            section, _, name = ref.rpartition("/")
            candidates = Table.objects.filter(restaurant=restaurant, name=name).select_related("section")
            table = next((t for t in candidates if t.section.key == section), None) or next(
                (t for t in candidates if t.section.name.casefold() == section.casefold()), None
            )
        if table is None:
            raise NotFound(f"No table {ref} at {restaurant.name} (name it tbl_... or section/table).")
        found.append(table.pk)
    return tuple(found)


def actor_of(username: str | None, restaurant: Restaurant) -> Actor:
    """`--as USERNAME`: that back-office user, with their role at the restaurant; none: the support
    command itself, which holds an owner's power."""
    if username is None:
        return SUPPORT
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise NotFound(f"No user {username}.")
    actor = user_actor(user, restaurant)
    if actor is None:
        raise Forbidden(f"{username} has no role at {restaurant.name}.", code="not_a_member")
    return actor
