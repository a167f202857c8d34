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

After a write or a lapse (the key differs by its availability_version or its lapse alone), the
occupancy last kept for the dates is carried rather than read again: the database's occupancy log
(models.occupancy_log) names the tables and seatings whose allocations or covers changed where the
kept one's snapshot could not see it, and the basket holds that lapsed since its lapse name theirs;
only they are read again (one round trip, `load_changes`), and the timeline keeps every other
table's intervals and masks (TableTimeline.carried). The new occupancy is another entry, which
supersedes the earlier one. A policy change or a new day still reads all afresh, and so does a kept
occupancy older than CARRY_SECONDS (the log is pruned).
"""

import time
from collections.abc import Callable

from django.conf import settings

from config.lru import LastKeys, Lru
from reservations.engine import Occupancy
from reservations.engine.occupancy import TableTimeline
from reservations.models.occupancy_log import CARRY_SECONDS
from reservations.selectors.occupancy import Changes


def size() -> int:
    """AVAILABILITY_OCCUPANCY_CACHE_ROWS: how many occupancy rows (allocations and covers) a
    process keeps, default 100,000. Memory goes with the rows: a month of 10,000 bookings reads
    about 10,700 and is kept in about 2.3 MB with the engine's work over it, a day of 400
    bookings about 0.1 MB; 0 turns it off."""
    return settings.AVAILABILITY_OCCUPANCY_CACHE_ROWS


class Kept:
    """An occupancy as read, and what the engine builds over it, built once each (`memo`).

    `snapshot`: the database snapshot taken before it was read (it holds every change that snapshot
    sees, maybe more), and `read_at` (time.monotonic()) when: what a write's carry starts from.
    `weight`: its rows (intervals and covers), what the store is bounded by. A carried occupancy
    holds its intervals in its timeline alone (its `occupancy.rows` is empty)."""

    __slots__ = ("occupancy", "snapshot", "read_at", "weight", "_memo", "_carry")

    def __init__(self, occupancy: Occupancy, snapshot: str | None = None, read_at: float = 0.0, weight=None):
        self.occupancy = occupancy
        self.snapshot = snapshot
        self.read_at = read_at
        self.weight = 1 + len(occupancy.rows) + len(occupancy.covers) if weight is None else weight
        self._memo: dict = {}
        self._carry = None  # (the earlier timeline, the changed tables, their rows); see `carried`

    def memo(self, name, build: Callable[[], object]):
        """`build()` once under `name` (two threads may both build it: equal objects, one kept)."""
        found = self._memo.get(name)
        if found is None:
            found = self._memo[name] = build()
        return found

    def timeline(self, build: Callable[[list], TableTimeline]) -> TableTimeline:
        """The engine's timeline over the occupancy's rows: `build(rows)` once (over the changed
        tables' rows alone for a carried occupancy, the rest carried from the earlier timeline)."""
        carry = self._carry
        if carry is None:
            return self.memo("timeline", lambda: build(self.occupancy.rows))
        earlier, changed, rows = carry
        found = self.memo("timeline", lambda: earlier.carried(build(rows), changed))
        self._carry = None  # the earlier timeline may go
        return found

    def carried(self, changes: Callable[[str], Changes], snapshot: str, read_at: float) -> "Kept | None":
        """This occupancy after a write: `changes(self.snapshot)` (`load_changes`: the tables and
        seatings that changed, what they hold now) applied. None when there is no timeline to carry
        (none was built over this one yet)."""
        earlier = self._memo.get("timeline")
        if earlier is None or self.snapshot is None:
            return None
        found = changes(self.snapshot)
        covers = self.occupancy.covers
        if found.seatings:
            seatings = found.seatings
            covers = [c for c in covers if (c.shift_id, c.service_date, c.starts_at) not in seatings]
        covers = covers + found.covers  # a new list: the earlier one is not changed
        weight = self.weight - earlier.count(found.tables) + len(found.rows) + len(covers) - len(self.occupancy.covers)
        carried = Kept(Occupancy(covers=covers), snapshot, read_at, weight=max(weight, 1))
        carried._carry = (earlier, found.tables, found.rows)
        return carried


_kept = Lru(size, weigh=lambda kept: kept.weight)
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


def kept(
    key: tuple,
    read: Occupancy | None,
    load: Callable[[], Occupancy],
    snapshot: str | None = None,
    changes: Callable[..., Changes] | None = None,
) -> Kept:
    """The occupancy kept under `key`, else `read` (read with the state already) or `load()`, kept.

    `snapshot`: the state's (taken before `read` or `load()`). `changes(snapshot, lapsed=(then, now))`:
    what changed since an earlier read in `snapshot` and lapse (`load_changes`); when the occupancy
    last kept for these dates differs from `key` by its availability_version or lapse alone and is
    recent enough, it is carried through them instead of read afresh."""
    if size() == 0:
        return Kept(read if read is not None else load())
    found = _kept.get(key)
    if found is None:
        now = time.monotonic()
        if read is None and snapshot is not None and changes is not None:
            found = _carried(key, snapshot, now, changes)
        if found is None:
            found = Kept(read if read is not None else load(), snapshot, now)
        _kept.put(key, found)
    _last_keys.note(key[:3], key)
    return found


def _carried(key: tuple, snapshot: str, now: float, changes: Callable[..., Changes]) -> Kept | None:
    last = _last_keys.last(key[:3])
    if last is None:
        return None
    earlier_key, earlier = last
    # The same but for its availability_version and lapse, on the same day; the lapse only moves on.
    (policy, _, today, lapse), (earlier_policy, _, earlier_today, earlier_lapse) = key[3:], earlier_key[3:]
    moved_on = lapse == earlier_lapse or (lapse is not None and (earlier_lapse is None or lapse > earlier_lapse))
    if (policy, today) != (earlier_policy, earlier_today) or not moved_on or now - earlier.read_at > CARRY_SECONDS:
        return None
    found = earlier.carried(lambda since: changes(since, lapsed=(earlier_lapse, lapse)), snapshot, now)
    if found is not None:
        _kept.discard(earlier_key)  # superseded: its state has gone (the new one shares its masks)
    return found


def clear() -> None:
    _kept.clear()
    _last_keys.clear()
