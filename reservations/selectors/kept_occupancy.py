"""Occupancies kept per process between availability answers, keyed by the state they were read in.

The answer cache (reservations.api.answer_cache) keeps a body for one question. Between two writes,
the questions about one date differ in what an occupancy does not depend on: the party size, the
section, the locale, the minute (today's answers change every minute). So the occupancy read for
one answer, and the engine's timeline over it with every mask it has worked out
(TableTimeline.busy_of), are kept and serve the next question asked in the same state. For a date
whose answers the clock cannot change today (no cut-off, last seating or seating time of its
services can pass before tomorrow: the answer's ETag names no minute), the engine's Day is kept
too, its services' caps and masks with it.

The key is what the occupancy depends on (`key`): the restaurant, the dates, its `policy_version`
(the window read) and `availability_version` (moved by every write to bookings, holds, their
tables and covers), the day in its zone and the last basket-hold lapse (a lapse frees tables
without a write; the day, because the lapse looks two days back). The versions are read before the
occupancy, so a kept occupancy can be newer than its key, never older: what the answer cache
already promises. Only occupancies read excluding nothing are kept. Bounded by rows, least recently used
first out; a kept occupancy and its timeline are never changed once read (masks are added).
"""

from collections.abc import Callable

from django.conf import settings

from config.lru import LastKeys, Lru
from reservations.engine import Occupancy
from reservations.engine.occupancy import TableTimeline


def size() -> int:
    """AVAILABILITY_OCCUPANCY_CACHE_ROWS: how many occupancy rows (allocations and covers) a
    process keeps, default 100,000. Memory goes with the rows: a month of 10,000 bookings reads
    about 10,700 and is kept in about 2.3 MB with the engine's work over it, a day of 400
    bookings about 0.1 MB; 0 turns it off."""
    return settings.AVAILABILITY_OCCUPANCY_CACHE_ROWS


class Kept:
    """An occupancy as read, and what the engine builds over it, built once each (`memo`)."""

    __slots__ = ("occupancy", "_memo")

    def __init__(self, occupancy: Occupancy):
        self.occupancy = occupancy
        self._memo: dict = {}

    def memo(self, name, build: Callable[[], object]):
        """`build()` once under `name` (two threads may both build it: equal objects, one kept)."""
        found = self._memo.get(name)
        if found is None:
            found = self._memo[name] = build()
        return found

    def timeline(self, build: Callable[[list], TableTimeline]) -> TableTimeline:
        """The engine's timeline over the occupancy's rows: `build(rows)` once."""
        return self.memo("timeline", lambda: build(self.occupancy.rows))


_kept = Lru(size, weigh=lambda kept: 1 + len(kept.occupancy.rows) + len(kept.occupancy.covers))
# (restaurant pk, first, last) -> the key its occupancy was last kept under (for `likely`).
_last_keys = LastKeys(_kept, 1024)


def key(restaurant, first, last, today, lapse) -> tuple:
    """`restaurant` with its versions as just read (selectors.availability.read_state)."""
    return (restaurant.pk, first, last, restaurant.policy_version, restaurant.availability_version, today, lapse)


def likely(restaurant_pk: int, first, last) -> bool:
    """Whether the occupancy of these dates will likely be served from here, before the state is
    read: the one last kept for them is still here (a write since makes it a wrong guess, which
    costs the round trip the answer would otherwise have saved)."""
    return size() != 0 and _last_keys.held((restaurant_pk, first, last))


def kept(key: tuple, read: Occupancy | None, load: Callable[[], Occupancy]) -> Kept:
    """The occupancy kept under `key`, else `read` (read with the state already) or `load()`, kept."""
    if size() == 0:
        return Kept(read if read is not None else load())
    found = _kept.get(key)
    if found is None:
        found = Kept(read if read is not None else load())
        _kept.put(key, found)
    _last_keys.note(key[:3], key)
    return found


def clear() -> None:
    _kept.clear()
    _last_keys.clear()
