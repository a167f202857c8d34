"""Reservation events: one call records the change for `GET /v1/reservations/{id}/events` and
publishes its webhook, in the transaction of the change (one source of truth for both).

Webhook rules (the contract's reservation event rules 1-5):

1. `data.object` is the full reservation snapshot, guest data and `company` included;
2. `previous_attributes` on `reservation.updated` only, built from `data["changes"]`;
3. `reservation.created` once per booking (the callers record it once);
4. withheld: an imported booking announces nothing; a booking awaiting its card records no
   event until the card is saved or waived (create, modify and cancel see to that);
5. the booking is readable before its `reservation.created` is delivered.
"""

from config.formats import Viewer, zone
from config.postgresql import deferred
from reservations.models import Company, ReservationEvent
from reservations.models.booking import EventType, Source
from reservations.selectors.reservations import tables_in_order
from reservations.shapes.floor import CompanyShape
from reservations.shapes.reservations import ReservationShape
from webhooks.services.publish import publish

# The fields `previous_attributes` may carry (time changes show in the snapshot's starts_at).
PREVIOUS_FIELDS = ("party_size", "service_date", "guest_notes", "internal_notes", "excluded_from_shift_limits")


def record(reservation, event_type: str, data: dict, *, previous_attributes: dict | None = None) -> ReservationEvent:
    event = ReservationEvent(
        restaurant_id=reservation.restaurant_id, reservation=reservation, type=event_type, data=data
    )
    # Written in front of the request's next statement (its pk is set then): see config.deferred.
    deferred.insert(event)
    if announces(reservation):
        if event_type == EventType.UPDATED and previous_attributes is None:
            previous_attributes = previous_attributes_of(reservation, data.get("changes") or {})
        publish(
            reservation.restaurant_id,
            event_type,
            snapshot(reservation),
            previous_attributes=previous_attributes if event_type == EventType.UPDATED else None,
            created=event.created_at,
        )
    return event


def announces(reservation) -> bool:
    """An imported booking sends no reservation.* webhook."""
    return reservation.source != Source.IMPORT


def snapshot(reservation) -> dict:
    """The reservation as a full-access key reads it (guest data in full), in the latest version.

    Its tables are kept on the instance for the answer of the same write (selectors.tables_of):
    they are recorded after every change of them, so they are current for that answer.
    """
    # Fresh here, unless the booking step just wrote them (it leaves them on the instance, once).
    tables = reservation.__dict__.pop("_known_tables", None) or list(tables_in_order().filter(reservations=reservation))
    reservation._snapshot_tables = tables
    return ReservationShape.render(reservation, Viewer(tz=zone(reservation.restaurant.timezone)), tables)


def previous_attributes_of(reservation, changes: dict) -> dict:
    previous = {name: changes[name]["from"] for name in PREVIOUS_FIELDS if name in changes}
    if "guest" in changes:
        before = changes["guest"]["from"]
        previous["guest"] = before.get("id") if isinstance(before, dict) else before
    if "company" in changes:
        before = changes["company"]["from"]
        if isinstance(before, dict):
            before = before.get("id")
        if before is None:
            previous["company"] = None
        else:
            company = Company.objects.filter(restaurant_id=reservation.restaurant_id, public_id=before).first()
            if company is not None:  # omitted when the previous company has since been deleted
                previous["company"] = CompanyShape.render(company)
    return previous


def has_created_event(reservation) -> bool:
    return ReservationEvent.objects.filter(reservation=reservation, type=EventType.CREATED).exists()
