"""Guest-book writes: find or create the profile a booking belongs to, edit a profile, merge and
unmerge two profiles, erase a guest for data protection, and recompute the visit statistics.

Every change announces itself with `guest.*` (webhooks.services.publish) in its own transaction.
"""

import datetime as dt
import json
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.utils import timezone

from config.exceptions import InvalidInput, NotFound
from config.formats import zone
from guests import selectors
from guests.exceptions import GuestErased, GuestMergeRefused, GuestNotMerged
from guests.models import Guest, GuestMerge
from guests.phones import normalize_email, normalize_phone
from guests.selectors import resolve
from guests.shapes import GuestShape
from reservations.models import Reservation, ReservationEvent
from reservations.models.booking import EventType
from reservations.services import events as reservation_events
from waitlist.models import WaitlistEntry
from webhooks.models import Event
from webhooks.services.publish import publish
from webhooks.types import GUEST_CREATED, GUEST_DELETED, GUEST_MERGED, GUEST_UNMERGED, GUEST_UPDATED

# What staff (and imports) may set on a profile; the statistics and ids are the service's.
EDITABLE_FIELDS = (
    "first_name",
    "last_name",
    "email",
    "phone",
    "notes",
    "blacklisted",
    "blacklist_reason",
    "dietary_preferences",
    "allergies",
    "birthday",
    "anniversary",
    "vip",
    "language",
    "marketing_email_consent",
    "marketing_sms_consent",
)
# Filled on the survivor from the absorbed profile when the survivor has none.
FILLABLE_FIELDS = ("first_name", "last_name", "email", "phone", "notes", "birthday", "anniversary", "language")
LIST_FIELDS = ("dietary_preferences", "allergies")
FLAG_FIELDS = ("vip", "blacklisted")
ERASED_NAME = "(erased)"


@dataclass(frozen=True)
class GuestInput:
    """What a booker typed about the guest."""

    first_name: str | None
    last_name: str | None
    email: str | None = None
    phone: str | None = None
    language: str | None = None


@dataclass
class GuestMatch:
    guest: Guest
    created: bool
    # What the booker typed where it differs from the matched profile (for the created event).
    submitted: dict = field(default_factory=dict)


# --- events -------------------------------------------------------------------------------------


def snapshot(guest: Guest) -> dict:
    """The guest as a full-access key reads it (webhook payloads carry guest data in full)."""
    return GuestShape.render(guest, zone(guest.restaurant.timezone))


def announce(guest: Guest, event_type: str, extra: dict | None = None) -> None:
    publish(guest.restaurant_id, event_type, snapshot(guest), extra=extra)


# --- find, create, edit ---------------------------------------------------------------------------


def _full_name(first: str | None, last: str | None) -> str:
    return " ".join(part for part in (first, last) if part)


def contact_of(restaurant, data: GuestInput) -> tuple[str | None, str | None]:
    """The e-mail address and phone number typed, normalised as a profile stores them."""
    return normalize_email(data.email), normalize_phone(data.phone, restaurant.country)


def match_or_create(
    *, restaurant, data: GuestInput, source: str = "api", contact: tuple | None = None, matched: tuple | None = None
) -> GuestMatch:
    """Match by e-mail (case-insensitive), then by phone in E.164; else create a profile (`guest.created`).

    `contact`: `contact_of(restaurant, data)` when the caller has it. `matched`: the profile the
    caller already looked up in this transaction (`selectors.match_statement`, sent behind other
    statements), as a one-item tuple of the profile or None."""
    email, phone = contact or contact_of(restaurant, data)
    if matched is None:
        matched = (selectors.matching_profile(restaurant.pk, email or None, phone or None),)
    guest = matched[0]
    if guest is None:
        with transaction.atomic(savepoint=False):
            guest = Guest.objects.create(
                restaurant=restaurant,
                first_name=data.first_name or None,
                last_name=data.last_name or None,
                email=email,
                phone=phone,
                language=data.language or restaurant.primary_language,
                source=source,
            )
            guest.restaurant = restaurant
            announce(guest, GUEST_CREATED)
        return GuestMatch(guest=guest, created=True)
    submitted = {}
    typed_name = _full_name(data.first_name, data.last_name)
    if typed_name and typed_name.casefold() != _full_name(guest.first_name, guest.last_name).casefold():
        submitted["submitted_guest_name"] = typed_name
    if email and email != guest.email:
        submitted["submitted_email"] = email
    if phone and phone != guest.phone:
        submitted["submitted_phone"] = phone
    return GuestMatch(guest=guest, created=False, submitted=submitted)


def _clean(restaurant, values: dict) -> dict:
    """Normalised values of editable fields; unknown names refused."""
    unknown = set(values) - set(EDITABLE_FIELDS)
    if unknown:
        raise InvalidInput(f"Not a field of a guest profile: {', '.join(sorted(unknown))}.")
    cleaned = dict(values)
    for name in ("first_name", "last_name", "notes", "blacklist_reason"):
        if name in cleaned and isinstance(cleaned[name], str):
            cleaned[name] = cleaned[name].strip() or None
    if "email" in cleaned:
        cleaned["email"] = normalize_email(cleaned["email"])
        if cleaned["email"] is not None and "@" not in cleaned["email"]:
            raise InvalidInput("Not an e-mail address.", param="email")
    if "phone" in cleaned:
        cleaned["phone"] = normalize_phone(cleaned["phone"], restaurant.country)
    if "language" in cleaned and not cleaned["language"]:
        cleaned["language"] = restaurant.primary_language  # the contract's default
    for name in LIST_FIELDS:
        if name in cleaned:
            cleaned[name] = [item.strip() for item in cleaned[name] or [] if item and item.strip()]
    return cleaned


def _apply(guest: Guest, values: dict, now: dt.datetime) -> list[str]:
    """Set what differs; consent timestamps follow their flag. Returns the changed names."""
    changed = []
    for name, value in values.items():
        if getattr(guest, name) != value:
            setattr(guest, name, value)
            changed.append(name)
    for kind in ("email", "sms"):
        flag = f"marketing_{kind}_consent"
        if flag in changed and getattr(guest, flag):
            setattr(guest, f"{flag}_at", now)
            changed.append(f"{flag}_at")
    if guest.first_name is None and guest.last_name is None:
        raise InvalidInput("A profile needs a first or last name.", param="first_name")
    return changed


def create_guest(*, restaurant, values: dict, source: str = "manual", now: dt.datetime | None = None) -> Guest:
    """A profile entered by staff (`guest.created`)."""
    now = now or timezone.now()
    cleaned = _clean(restaurant, values)
    with transaction.atomic():
        guest = Guest(restaurant=restaurant, source=source)
        guest.language = restaurant.primary_language
        _apply(guest, cleaned, now)
        guest.save()
        announce(guest, GUEST_CREATED)
    return guest


def update_guest(*, guest: Guest, values: dict, now: dt.datetime | None = None) -> Guest:
    """Staff edit a profile; `guest.updated` when something changed."""
    now = now or timezone.now()
    with transaction.atomic():
        guest = Guest.objects.select_for_update(of=("self",)).select_related("restaurant").get(pk=guest.pk)
        if guest.erased_at is not None:
            raise GuestErased("This profile was erased; it can no longer change.")
        if guest.merged_into_id is not None:
            raise GuestMergeRefused("This profile is merged into another; edit the survivor (or unmerge first).")
        changed = _apply(guest, _clean(guest.restaurant, values), now)
        if changed:
            guest.save()
            announce(guest, GUEST_UPDATED)
    return guest


# --- merge and unmerge -----------------------------------------------------------------------------


def _lock(*guests: Guest) -> list[Guest]:
    """The rows locked in id order (two merges of the same pair never deadlock)."""
    ids = [g.pk for g in guests]
    rows = {
        g.pk: g for g in Guest.objects.select_for_update(of=("self",)).select_related("restaurant").filter(pk__in=ids)
    }
    return [rows[pk] for pk in ids]


def _move_bookings(reservation_ids: list[int], from_guest: Guest, to_guest: Guest, now: dt.datetime) -> None:
    """Bookings change guest; each announced one records `reservation.updated` with the previous guest."""
    if not reservation_ids:
        return
    Reservation.objects.filter(id__in=reservation_ids).update(guest=to_guest, updated_at=now)
    announced = set(
        ReservationEvent.objects.filter(reservation_id__in=reservation_ids, type=EventType.CREATED).values_list(
            "reservation_id", flat=True
        )
    )
    for reservation in Reservation.objects.filter(id__in=sorted(announced)).select_related("guest", "restaurant"):
        reservation_events.record(
            reservation,
            EventType.UPDATED,
            {"changes": {"guest": {"from": from_guest.public_id, "to": to_guest.public_id}}},
        )


def merge_guests(*, survivor: Guest, absorbed: Guest, merged_by: str = "", now=None) -> GuestMerge:
    """`absorbed` joins `survivor`: its bookings and waitlist entries move over, its id resolves to the
    survivor from now on, the survivor's empty fields are filled from it; `guest.merged`."""
    now = now or timezone.now()
    if survivor.restaurant_id != absorbed.restaurant_id:
        raise NotFound("No such guest at this restaurant.")
    if survivor.pk == absorbed.pk:
        raise GuestMergeRefused("A profile cannot be merged into itself.")
    with transaction.atomic():
        survivor, absorbed = _lock(survivor, absorbed)
        for guest in (survivor, absorbed):
            if guest.erased_at is not None:
                raise GuestMergeRefused(f"{guest.public_id} was erased.")
            if guest.merged_into_id is not None:
                raise GuestMergeRefused(
                    f"{guest.public_id} is already merged into {guest.merged_into.public_id}; merge the survivor."
                )
        reservation_ids = list(Reservation.objects.filter(guest=absorbed).order_by("id").values_list("id", flat=True))
        entry_ids = list(WaitlistEntry.objects.filter(guest=absorbed).order_by("id").values_list("id", flat=True))
        _move_bookings(reservation_ids, absorbed, survivor, now)
        WaitlistEntry.objects.filter(id__in=entry_ids).update(guest=survivor, updated_at=now)
        filled = {}
        for name in FILLABLE_FIELDS:
            if getattr(survivor, name) in (None, "") and getattr(absorbed, name) not in (None, ""):
                filled[name] = [_jsonable(getattr(survivor, name)), _jsonable(getattr(absorbed, name))]
                setattr(survivor, name, getattr(absorbed, name))
        for name in LIST_FIELDS:
            union = list(dict.fromkeys([*getattr(survivor, name), *getattr(absorbed, name)]))
            if union != list(getattr(survivor, name)):
                filled[name] = [list(getattr(survivor, name)), union]
                setattr(survivor, name, union)
        for name in FLAG_FIELDS:
            if getattr(absorbed, name) and not getattr(survivor, name):
                filled[name] = [False, True]
                setattr(survivor, name, True)
        if absorbed.blacklisted and not survivor.blacklist_reason and absorbed.blacklist_reason:
            filled["blacklist_reason"] = [None, absorbed.blacklist_reason]
            survivor.blacklist_reason = absorbed.blacklist_reason
        survivor.save()
        absorbed.merged_into = survivor
        absorbed.save(update_fields=["merged_into", "updated_at"])
        merge = GuestMerge.objects.create(
            restaurant_id=survivor.restaurant_id,
            survivor=survivor,
            absorbed=absorbed,
            reservation_ids=reservation_ids,
            waitlist_entry_ids=entry_ids,
            survivor_filled=filled,
            merged_by=merged_by[:150],
        )
        recompute_statistics(restaurant_id=survivor.restaurant_id, guest_ids=[survivor.pk, absorbed.pk], now=now)
        survivor.refresh_from_db()
        announce(survivor, GUEST_MERGED, extra={"merged_guest_id": absorbed.public_id})
    return merge


def _jsonable(value):
    return value.isoformat() if isinstance(value, dt.date) else value


def _field_value(name: str, stored):
    if stored is not None and name in ("birthday", "anniversary"):
        return dt.date.fromisoformat(stored)
    return stored


def unmerge_guest(*, absorbed: Guest, now=None) -> Guest:
    """Undo the merge that absorbed this profile: it is served again with its own bookings and waitlist
    entries; the survivor gets back the fields the merge filled (unless changed since); `guest.unmerged`."""
    now = now or timezone.now()
    with transaction.atomic():
        merge = (
            GuestMerge.objects.select_for_update(of=("self",))
            .filter(absorbed=absorbed, unmerged_at__isnull=True)
            .select_related("survivor")
            .first()
        )
        if merge is None:
            raise GuestNotMerged(f"{absorbed.public_id} is not merged into another profile.")
        survivor, absorbed = _lock(merge.survivor, absorbed)
        if absorbed.erased_at is not None or survivor.erased_at is not None:
            raise GuestErased("This profile was erased; the merge can no longer be undone.")
        moved = list(Reservation.objects.filter(id__in=merge.reservation_ids).exclude(guest=absorbed))
        by_holder: dict[int, list[int]] = {}
        for reservation in moved:
            by_holder.setdefault(reservation.guest_id, []).append(reservation.pk)
        for holder_id, ids in by_holder.items():
            _move_bookings(ids, Guest.objects.get(pk=holder_id), absorbed, now)
        WaitlistEntry.objects.filter(id__in=merge.waitlist_entry_ids).update(guest=absorbed, updated_at=now)
        restored = False
        for name, (before, after) in merge.survivor_filled.items():
            current = _jsonable(getattr(survivor, name))
            if current == after:
                setattr(survivor, name, _field_value(name, before))
                restored = True
        if restored:
            survivor.save()
        absorbed.merged_into = None
        absorbed.save(update_fields=["merged_into", "updated_at"])
        merge.unmerged_at = now
        merge.save(update_fields=["unmerged_at"])
        recompute_statistics(restaurant_id=survivor.restaurant_id, guest_ids=[survivor.pk, absorbed.pk], now=now)
        absorbed.refresh_from_db()
        announce(absorbed, GUEST_UNMERGED, extra={"survivor_guest_id": survivor.public_id})
        if restored:
            survivor.refresh_from_db()
            announce(survivor, GUEST_UPDATED)
    return absorbed


# --- erasure ------------------------------------------------------------------------------------------

RESERVATION_GUEST_KEYS = ("contact_email", "contact_phone", "guest_notes", "internal_notes")
EVENT_GUEST_KEYS = ("contact_email", "contact_phone", "submitted_guest_name", "submitted_email", "submitted_phone")


@dataclass
class Erasure:
    guest_ids: set[str]
    reservation_ids: set[str]
    entry_ids: set[str]
    blanked: dict[str, dict]  # gst_ id -> the erased profile's snapshot

    def scrub(self, payload):
        """`payload` without the erased guest's data (objects matched by their ids); unchanged otherwise."""
        if isinstance(payload, list):
            return [self.scrub(item) for item in payload]
        if not isinstance(payload, dict):
            return payload
        kind, ident = payload.get("object"), payload.get("id")
        if kind == "guest" and ident in self.guest_ids:
            return self.blanked.get(ident, payload)
        result = {}
        for key, value in payload.items():
            if key == "metadata":
                result[key] = value
            elif kind == "reservation" and ident in self.reservation_ids and key in RESERVATION_GUEST_KEYS:
                result[key] = None
            elif kind == "waitlist_entry" and ident in self.entry_ids and key in ("notes", "private_note"):
                result[key] = None
            else:
                result[key] = self.scrub(value)
        return result

    def scrub_event_data(self, data: dict) -> dict:
        """A reservation's own event data: contacts, what the booker typed, note changes."""
        data = {key: value for key, value in data.items() if key not in EVENT_GUEST_KEYS}
        changes = data.get("changes")
        if isinstance(changes, dict):
            data["changes"] = {
                key: ({"from": None, "to": None} if key in ("guest_notes", "internal_notes") else value)
                for key, value in changes.items()
            }
        return data

    def scrub_outbox(self, data: dict) -> dict:
        data = self.scrub(data)
        for key in EVENT_GUEST_KEYS:
            data.pop(key, None)
        previous = data.get("previous_attributes")
        subject = data.get("object", {}).get("id") if isinstance(data.get("object"), dict) else None
        if isinstance(previous, dict) and subject in self.reservation_ids:
            data["previous_attributes"] = {
                key: (None if key in RESERVATION_GUEST_KEYS else value) for key, value in previous.items()
            }
        return data


def _profiles_of(guest: Guest) -> list[Guest]:
    """The guest and every profile merged into it, however deep."""
    found = [guest]
    frontier = [guest.pk]
    while frontier:
        children = list(Guest.objects.select_for_update(of=("self",)).filter(merged_into_id__in=frontier))
        children = [child for child in children if child.pk not in {g.pk for g in found}]
        found.extend(children)
        frontier = [child.pk for child in children]
    return found


def _blank(guest: Guest, now: dt.datetime) -> None:
    guest.first_name = None
    guest.last_name = ERASED_NAME
    for name in ("email", "phone", "notes", "blacklist_reason", "birthday", "anniversary"):
        setattr(guest, name, None)
    guest.dietary_preferences = []
    guest.allergies = []
    guest.blacklisted = False
    guest.vip = False
    guest.marketing_email_consent = guest.marketing_sms_consent = False
    guest.marketing_email_consent_at = guest.marketing_sms_consent_at = None
    guest.erased_at = now


def erase_guest(*, guest: Guest, now=None) -> Guest:
    """Data-protection erasure of a person: the profile (its survivor, when merged away) and every
    profile merged into it are blanked, and so is what they left elsewhere: the bookings' contacts,
    notes and what the booker typed, their events, waitlist notes, merge records, remembered API
    answers and stored webhook payloads. Bookings keep their counts. `guest.deleted`."""
    now = now or timezone.now()
    with transaction.atomic():
        guest = _lock(resolve(Guest.objects.get(pk=guest.pk)))[0]
        if guest.erased_at is not None:
            return guest  # erased already: nothing left to blank
        profiles = _profiles_of(guest)
        pks = [g.pk for g in profiles]
        for profile in profiles:
            _blank(profile, now)
            profile.save()
        restaurant = guest.restaurant
        reservations = Reservation.objects.filter(restaurant=restaurant, guest_id__in=pks)
        reservation_pks = list(reservations.values_list("id", flat=True))
        erasure = Erasure(
            guest_ids={g.public_id for g in profiles},
            reservation_ids=set(reservations.values_list("public_id", flat=True)),
            entry_ids=set(
                WaitlistEntry.objects.filter(restaurant=restaurant, guest_id__in=pks).values_list(
                    "public_id", flat=True
                )
            ),
            blanked={},
        )
        erasure.blanked = {g.public_id: GuestShape.render(g, zone(restaurant.timezone)) for g in profiles}
        reservations.update(
            contact_email=None, contact_phone=None, guest_notes=None, internal_notes=None, submitted_guest={}
        )
        WaitlistEntry.objects.filter(restaurant=restaurant, guest_id__in=pks).update(notes=None, private_note=None)
        for event in ReservationEvent.objects.filter(reservation_id__in=reservation_pks):
            data = erasure.scrub_event_data(event.data)
            if data != event.data:
                ReservationEvent.objects.filter(pk=event.pk).update(data=data)
        subjects = erasure.guest_ids | erasure.reservation_ids | erasure.entry_ids
        for event in Event.objects.filter(restaurant=restaurant, subject__in=subjects):
            data = erasure.scrub_outbox(event.data)
            if data != event.data:
                Event.objects.filter(pk=event.pk).update(data=data)
        GuestMerge.objects.filter(restaurant=restaurant, survivor_id__in=pks).update(survivor_filled={})
        _scrub_remembered_answers(restaurant, erasure)
        announce(guest, GUEST_DELETED)
    return guest


def _scrub_remembered_answers(restaurant, erasure: Erasure) -> None:
    """Idempotent replays must not bring the data back: remembered bodies are scrubbed too."""
    from apikeys.models import IdempotencyRecord

    needles = [ident.encode() for ident in erasure.guest_ids | erasure.reservation_ids | erasure.entry_ids]
    for record in IdempotencyRecord.objects.filter(restaurant=restaurant).only("id", "body"):
        body = bytes(record.body)
        if not any(needle in body for needle in needles):
            continue
        try:
            payload = json.loads(body)
        except ValueError:
            continue
        scrubbed = erasure.scrub(payload)
        if scrubbed != payload:
            IdempotencyRecord.objects.filter(pk=record.pk).update(body=json.dumps(scrubbed).encode())


# --- statistics -----------------------------------------------------------------------------------------

VISIT_STATUSES = ("seated", "partially_seated", "completed")

# One statement per restaurant: aggregate its bookings per guest, join every profile of the restaurant
# (so a profile whose bookings went elsewhere drops back to zero), and write only the rows that differ.
# No indexed column changes (not even updated_at), so PostgreSQL can update the rows in place (HOT,
# helped by the table's fillfactor of 50): no index entry is written, the trigram index included.
STATISTICS_SQL = """
UPDATE guests_guest AS g
SET visit_count = n.visits, no_show_count = n.no_shows, cancellation_count = n.cancels,
    first_visit_at = n.first_visit, last_visit_at = n.last_visit
FROM (
    SELECT p.id,
           coalesce(s.visits, 0) AS visits, coalesce(s.no_shows, 0) AS no_shows,
           coalesce(s.cancels, 0) AS cancels, s.first_visit, s.last_visit
    FROM guests_guest AS p
    LEFT JOIN (
        SELECT r.guest_id,
               count(*) FILTER (WHERE r.status IN ('seated', 'partially_seated', 'completed')) AS visits,
               count(*) FILTER (WHERE r.status = 'no_show') AS no_shows,
               count(*) FILTER (WHERE r.status = 'cancelled' AND r.starts_at < %(now)s) AS cancels,
               min(r.starts_at) FILTER (WHERE r.status IN ('seated', 'partially_seated', 'completed')) AS first_visit,
               max(r.starts_at) FILTER (WHERE r.status IN ('seated', 'partially_seated', 'completed')) AS last_visit
        FROM reservations_reservation AS r
        WHERE r.restaurant_id = %(restaurant)s {reservation_filter}
        GROUP BY r.guest_id
    ) AS s ON s.guest_id = p.id
    WHERE p.restaurant_id = %(restaurant)s {guest_filter}
) AS n
WHERE g.id = n.id
  AND (g.visit_count, g.no_show_count, g.cancellation_count, g.first_visit_at, g.last_visit_at)
      IS DISTINCT FROM (n.visits, n.no_shows, n.cancels, n.first_visit, n.last_visit)
"""


def recompute_statistics(*, restaurant_id: int, guest_ids: list[int] | None = None, now=None) -> int:
    """`visit_count`, `no_show_count`, `cancellation_count`, `first_visit_at`, `last_visit_at` of the
    restaurant's profiles (or of `guest_ids`), in one set-based statement. Returns the rows changed.
    Derived figures are not an edit: neither `updated_at` nor an event moves."""
    params = {"now": now or timezone.now(), "restaurant": restaurant_id}
    reservation_filter = guest_filter = ""
    if guest_ids is not None:
        params["guests"] = list(guest_ids)
        reservation_filter = "AND r.guest_id = ANY(%(guests)s)"
        guest_filter = "AND p.id = ANY(%(guests)s)"
    sql = STATISTICS_SQL.format(reservation_filter=reservation_filter, guest_filter=guest_filter)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def recompute_all_statistics(now=None) -> dict[int, int]:
    """The hourly task: every restaurant with guests, each in its own short transaction."""
    from reservations.models import Restaurant

    now = now or timezone.now()
    changed = {}
    for restaurant_id in Restaurant.objects.order_by("id").values_list("id", flat=True):
        with transaction.atomic():
            changed[restaurant_id] = recompute_statistics(restaurant_id=restaurant_id, now=now)
    return changed
