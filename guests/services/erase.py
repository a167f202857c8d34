"""Data-protection erasure of a person: their profiles blanked, and what other rows and stored
payloads hold of them (apps above guests blank their own rows: handovers)."""

import datetime as dt
import json
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from apikeys.models import IdempotencyRecord
from config.formats import zone
from guests.models import Guest, GuestMerge
from guests.selectors import resolve
from guests.services import handovers
from guests.services.events import announce
from guests.services.merge import lock_profiles
from guests.shapes import GuestShape
from webhooks.models import Event
from webhooks.types import GUEST_DELETED

ERASED_NAME = "(erased)"


@dataclass
class Erasure:
    guest_ids: set[str]
    blanked: dict[str, dict]  # gst_ id -> the erased profile's snapshot
    ids: dict[str, set[str]] = field(default_factory=dict)  # by kind of object: the public ids blanked
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)  # by kind: what of the person it carries
    event_keys: tuple[str, ...] = ()  # what of the person events carry beside the object: dropped

    @property
    def subjects(self) -> set[str]:
        """Every public id the erasure blanked (of profiles and of the rows they left elsewhere)."""
        return self.guest_ids.union(*self.ids.values())

    def scrub(self, payload):
        """`payload` without the erased guest's data (objects matched by their ids); unchanged otherwise."""
        if isinstance(payload, list):
            return [self.scrub(item) for item in payload]
        if not isinstance(payload, dict):
            return payload
        kind, ident = payload.get("object"), payload.get("id")
        if kind == "guest" and ident in self.guest_ids:
            return self.blanked.get(ident, payload)
        # `object` names the kind of an API object; a webhook event's `object` is the payload itself.
        of_kind = self.ids.get(kind, ()) if isinstance(kind, str) else ()
        blanked = self.keys[kind] if ident in of_kind else ()
        result = {}
        for key, value in payload.items():
            if key == "metadata":
                result[key] = value
            elif key in blanked:
                result[key] = None
            else:
                result[key] = self.scrub(value)
        return result

    def scrub_outbox(self, data: dict) -> dict:
        data = self.scrub(data)
        for key in self.event_keys:
            data.pop(key, None)
        previous = data.get("previous_attributes")
        subject = data.get("object", {}).get("id") if isinstance(data.get("object"), dict) else None
        kind = next((kind for kind, ids in self.ids.items() if subject in ids), None)
        if isinstance(previous, dict) and kind is not None:
            data["previous_attributes"] = {
                key: (None if key in self.keys[kind] else value) for key, value in previous.items()
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
        guest = lock_profiles(resolve(Guest.objects.get(pk=guest.pk)))[0]
        if guest.erased_at is not None:
            return guest  # erased already: nothing left to blank
        profiles = _profiles_of(guest)
        pks = [g.pk for g in profiles]
        for profile in profiles:
            _blank(profile, now)
            profile.save()
        restaurant = guest.restaurant
        kept = handovers.records()
        found = [records.find(restaurant, pks) for records in kept]
        erasure = Erasure(
            guest_ids={g.public_id for g in profiles},
            blanked={g.public_id: GuestShape.render(g, zone(restaurant.timezone)) for g in profiles},
            ids={records.kind: public_ids for records, (_, public_ids) in zip(kept, found, strict=True)},
            keys={records.kind: records.payload_keys for records in kept},
            event_keys=tuple(key for records in kept for key in records.event_keys),
        )
        for records, (rows, _) in zip(kept, found, strict=True):
            records.blank(rows)
        for records, (rows, _) in zip(kept, found, strict=True):
            records.scrub(rows, erasure)
        for event in Event.objects.filter(restaurant=restaurant, subject__in=erasure.subjects):
            data = erasure.scrub_outbox(event.data)
            if data != event.data:
                Event.objects.filter(pk=event.pk).update(data=data)
        GuestMerge.objects.filter(restaurant=restaurant, survivor_id__in=pks).update(survivor_filled={})
        _scrub_remembered_answers(restaurant, erasure)
        announce(guest, GUEST_DELETED)
    return guest


def _scrub_remembered_answers(restaurant, erasure: Erasure) -> None:
    """Idempotent replays must not bring the data back: remembered bodies are scrubbed too."""
    needles = [ident.encode() for ident in erasure.subjects]
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
