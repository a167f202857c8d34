"""A guest's bookings, handed over to guests at start-up (reservations.apps; guests.services.handovers):
a merge moves them to the survivor (each announced one records `reservation.updated` with the previous
guest), an unmerge gives them back, an erasure blanks their contacts, notes and what the booker typed,
in the bookings and in their events."""

from config.gating import EVENT_GUEST_KEYS, GUEST_KEYS
from guests.models import Guest
from guests.services.handovers import GuestRecords
from reservations.models import Reservation, ReservationEvent
from reservations.models.booking import EventType
from reservations.services import events


class Bookings(GuestRecords):
    merge_field = "reservation_ids"
    kind = "reservation"
    payload_keys = GUEST_KEYS["reservation"]
    event_keys = EVENT_GUEST_KEYS

    def ids_of(self, guest) -> list[int]:
        return list(Reservation.objects.filter(guest=guest).order_by("id").values_list("id", flat=True))

    def move(self, ids, from_guest, to_guest, now) -> None:
        if not ids:
            return
        Reservation.objects.filter(id__in=ids).update(guest=to_guest, updated_at=now)
        announced = set(
            ReservationEvent.objects.filter(reservation_id__in=ids, type=EventType.CREATED).values_list(
                "reservation_id", flat=True
            )
        )
        for reservation in Reservation.objects.filter(id__in=sorted(announced)).select_related("guest", "restaurant"):
            events.record(
                reservation,
                EventType.UPDATED,
                {"changes": {"guest": {"from": from_guest.public_id, "to": to_guest.public_id}}},
            )

    def give_back(self, ids, guest, now) -> None:
        """Those of `ids` not with `guest` already, from whichever profile holds each now."""
        by_holder: dict[int, list[int]] = {}
        for reservation in Reservation.objects.filter(id__in=ids).exclude(guest=guest):
            by_holder.setdefault(reservation.guest_id, []).append(reservation.pk)
        for holder_id, moved in by_holder.items():
            self.move(moved, Guest.objects.get(pk=holder_id), guest, now)

    def find(self, restaurant, guest_pks):
        bookings = Reservation.objects.filter(restaurant=restaurant, guest_id__in=guest_pks)
        pks = list(bookings.values_list("id", flat=True))
        return (bookings, pks), set(bookings.values_list("public_id", flat=True))

    def blank(self, rows) -> None:
        bookings, _ = rows
        bookings.update(
            contact_email=None, contact_phone=None, guest_notes=None, internal_notes=None, submitted_guest={}
        )

    def scrub(self, rows, erasure) -> None:
        _, pks = rows
        for event in ReservationEvent.objects.filter(reservation_id__in=pks):
            data = _scrubbed(event.data)
            if data != event.data:
                ReservationEvent.objects.filter(pk=event.pk).update(data=data)


def _scrubbed(data: dict) -> dict:
    """A booking's own event data: contacts, what the booker typed, note changes."""
    data = {key: value for key, value in data.items() if key not in EVENT_GUEST_KEYS}
    changes = data.get("changes")
    if isinstance(changes, dict):
        data["changes"] = {
            key: ({"from": None, "to": None} if key in ("guest_notes", "internal_notes") else value)
            for key, value in changes.items()
        }
    return data
