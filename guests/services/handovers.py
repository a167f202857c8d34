"""What apps above guests keep of a guest (reservations its bookings, the waitlist its entries),
handed over by each at start-up (its AppConfig.ready: `keep(records)`), so that guests never
imports them: a merge moves those rows to the survivor and an unmerge gives them back; an erasure
blanks what they hold of the person.

Every step calls them in the order they were handed over (INSTALLED_APPS': reservations, then the
waitlist), one kind after the other, inside the guest service's transaction and after its locks.
"""

from __future__ import annotations

import datetime as dt


class GuestRecords:
    """One kind of row that belongs to a guest."""

    merge_field = ""  # GuestMerge's list of the rows a merge moved (they go back on unmerge)
    kind = ""  # the `object` the rows' payloads name (API answers, webhook events)
    payload_keys: tuple[str, ...] = ()  # what of the person those payloads carry: blanked by an erasure
    event_keys: tuple[str, ...] = ()  # what of the person the rows' events carry beside them: dropped

    def ids_of(self, guest) -> list[int]:
        """The guest's rows, in id order (what a merge moves)."""
        raise NotImplementedError

    def move(self, ids: list[int], from_guest, to_guest, now: dt.datetime) -> None:
        """A merge: rows `ids` of `from_guest` go to `to_guest`."""
        raise NotImplementedError

    def give_back(self, ids: list[int], guest, now: dt.datetime) -> None:
        """An unmerge: rows `ids` (those a merge moved) go back to `guest`."""
        raise NotImplementedError

    def find(self, restaurant, guest_pks: list[int]) -> tuple[object, set[str]]:
        """An erasure: the rows of these profiles (as `blank` and `scrub` take them) and their public ids."""
        raise NotImplementedError

    def blank(self, rows) -> None:
        """An erasure: what `rows` (`find`'s) hold of the person."""
        raise NotImplementedError

    def scrub(self, rows, erasure) -> None:
        """An erasure, after every kind is blanked: what the rows' own history kept of the person."""


_records: list[GuestRecords] = []


def keep(records: GuestRecords) -> GuestRecords:
    """Hand a kind of row over (once; an app's ready() may run again in tests)."""
    if all(type(kept) is not type(records) for kept in _records):
        _records.append(records)
    return records


def records() -> tuple[GuestRecords, ...]:
    return tuple(_records)
