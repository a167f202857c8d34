"""Merging two profiles of one person, and undoing it.

What apps above guests keep of the absorbed profile (bookings, waitlist entries: handovers) moves
to the survivor, listed on the GuestMerge so that an unmerge gives it back.
"""

import datetime as dt

from django.db import transaction
from django.utils import timezone

from config.exceptions import NotFound
from guests.exceptions import GuestErased, GuestMergeRefused, GuestNotMerged
from guests.models import Guest, GuestMerge
from guests.services import handovers
from guests.services.edit import LIST_FIELDS
from guests.services.events import announce
from guests.services.statistics import recompute_statistics
from webhooks.types import GUEST_MERGED, GUEST_UNMERGED, GUEST_UPDATED

# Filled on the survivor from the absorbed profile when the survivor has none.
FILLABLE_FIELDS = ("first_name", "last_name", "email", "phone", "notes", "birthday", "anniversary", "language")
FLAG_FIELDS = ("vip", "blacklisted")


def lock_profiles(*guests: Guest) -> list[Guest]:
    """The rows locked in id order (two merges of the same pair never deadlock)."""
    ids = [g.pk for g in guests]
    rows = {
        g.pk: g for g in Guest.objects.select_for_update(of=("self",)).select_related("restaurant").filter(pk__in=ids)
    }
    return [rows[pk] for pk in ids]


def merge_guests(*, survivor: Guest, absorbed: Guest, merged_by: str = "", now=None) -> GuestMerge:
    """`absorbed` joins `survivor`: its bookings and waitlist entries move over, its id resolves to the
    survivor from now on, the survivor's empty fields are filled from it; `guest.merged`."""
    now = now or timezone.now()
    if survivor.restaurant_id != absorbed.restaurant_id:
        raise NotFound("No such guest at this restaurant.")
    if survivor.pk == absorbed.pk:
        raise GuestMergeRefused("A profile cannot be merged into itself.")
    with transaction.atomic():
        survivor, absorbed = lock_profiles(survivor, absorbed)
        for guest in (survivor, absorbed):
            if guest.erased_at is not None:
                raise GuestMergeRefused(f"{guest.public_id} was erased.")
            if guest.merged_into_id is not None:
                raise GuestMergeRefused(
                    f"{guest.public_id} is already merged into {guest.merged_into.public_id}; merge the survivor."
                )
        kept = handovers.records()
        moved = {records.merge_field: records.ids_of(absorbed) for records in kept}
        for records in kept:
            records.move(moved[records.merge_field], absorbed, survivor, now)
        filled = _fill(survivor, absorbed)
        survivor.save()
        absorbed.merged_into = survivor
        absorbed.save(update_fields=["merged_into", "updated_at"])
        merge = GuestMerge.objects.create(
            restaurant_id=survivor.restaurant_id,
            survivor=survivor,
            absorbed=absorbed,
            **moved,
            survivor_filled=filled,
            merged_by=merged_by[:150],
        )
        recompute_statistics(restaurant_id=survivor.restaurant_id, guest_ids=[survivor.pk, absorbed.pk], now=now)
        survivor.refresh_from_db()
        announce(survivor, GUEST_MERGED, extra={"merged_guest_id": absorbed.public_id})
    return merge


def _fill(survivor: Guest, absorbed: Guest) -> dict:
    """Fill the survivor's empty fields from the absorbed profile; {name: [before, after]}."""
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
    return filled


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
        survivor, absorbed = lock_profiles(merge.survivor, absorbed)
        if absorbed.erased_at is not None or survivor.erased_at is not None:
            raise GuestErased("This profile was erased; the merge can no longer be undone.")
        for records in handovers.records():
            records.give_back(getattr(merge, records.merge_field), absorbed, now)
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
