"""Who occupies what around a service date: table time ranges and covers counted by caps.

Plain data loaded by `reservations.engine_loader`; the engine only reads it.
"""

import datetime as dt
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import sub
from typing import NamedTuple

ONE_MINUTE = 60  # seconds
# Up to this many intervals, a table's are all looked at as they come (a day's); more, and they are
# sorted once and only those that can reach the service are (a month's).
FEW_INTERVALS = 16


class CandidateRuns(NamedTuple):
    """A service's candidates for a party (their tables, best fit first) in short runs, for
    `TableTimeline.free_slots`: what it works out is kept a run at a time, so that after a write only
    the runs holding a changed table are worked out again. `key` names them within one policy
    (service, party size, section group); `by_table`: table id -> the indexes of the runs it is in."""

    key: tuple
    runs: tuple[tuple[tuple[int, ...], ...], ...]
    by_table: dict[int, frozenset[int]]


class Busy(NamedTuple):
    """A table taken from `start` to `end` (half-open) by a booking, a hold or a block.

    Instants are aware datetimes or epoch seconds (what the database loader reads).
    A named tuple (immutable, compared by value) rather than a frozen dataclass, which costs
    several times as much to build. The database loaders build none: they read allocation rows
    as plain (table id, start, end) tuples (`Occupancy.rows`); blocks come as Busy.
    """

    table_id: int
    start: dt.datetime | int
    end: dt.datetime | int
    owner: tuple[str, int] | None = None  # ("reservation"|"hold", primary key); None for a block


@dataclass(frozen=True)
class Covers:
    """Covers charged to a service's caps by one booking or hold."""

    shift_id: int
    service_date: dt.date
    starts_at: dt.datetime
    party_size: int
    owner: tuple[str, int]


@dataclass
class Occupancy:
    """`busy`: Busy items; `rows`: (table id, start, end) in epoch seconds, as the database
    loader reads them (a booking step reads hundreds: no object per row; its `exclude` applies
    in the query)."""

    busy: list[Busy] = field(default_factory=list)
    covers: list[Covers] = field(default_factory=list)
    rows: list[tuple[int, int, int]] = field(default_factory=list)


def epoch(value: dt.datetime | int) -> int:
    """Seconds since the epoch: the engine compares instants as integers (fast, zone-free)."""
    return value if isinstance(value, int) else int(value.timestamp())


class TableTimeline:
    """Busy intervals of each table in epoch seconds, sorted, for "is it free from s to e".

    `rows`: (table id, start, end) in epoch seconds, as the availability loader reads them;
    `busy`: Busy items (blocks, a booking's occupancy). Intervals are only grouped by table
    here; a table's are sorted the first time it is asked about, since a request asks about
    the tables that can seat its party, often a fraction of the floor.
    """

    def __init__(self, busy: list[Busy] = (), rows: list[tuple[int, int, int]] = ()):
        by_table: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
        for row in rows:
            by_table[row[0]].append(row)
        for table, start, end, _ in busy:
            start = start if isinstance(start, int) else epoch(start)
            by_table[table].append((table, start, end if isinstance(end, int) else epoch(end)))
        self._rows = by_table
        self._tables: dict[int, tuple[list[tuple[int, int, int]], list[int], int]] = {}
        # (slot starts, duration, service end) -> busy_of's function, and the masks it found per table.
        self._busy: dict[tuple, Callable[[tuple[int, ...]], int]] = {}
        self._masks: dict[tuple, dict[int, int]] = {}
        # (busy_of's arguments, CandidateRuns.key) -> (the runs, {run index: its free slots}).
        self._free: dict[tuple, tuple[CandidateRuns, dict[int, int]]] = {}

    def carried(self, fresh: "TableTimeline", changed: set[int]) -> "TableTimeline":
        """This timeline after a write: the `changed` tables' intervals as `fresh` (built over their
        rows read afresh, with the same blocks) has them, every other table's as here, with the
        masks worked out for them (busy_of) and the free slots of the candidate runs without them
        (free_slots). This one is not changed. Copies, then drops the changed tables: a floor has
        hundreds of tables, a write changes one or two."""
        # Other threads may be filling this timeline's dicts meanwhile: each is copied whole first
        # (dict() and list() of a dict run in C, in one go), never iterated while it is shared.
        carried = TableTimeline()
        carried._rows.update(self._rows)
        carried._tables = dict(self._tables)
        carried._masks = {key: dict(masks) for key, masks in list(self._masks.items())}
        for key, (runs, free) in list(self._free.items()):
            stale = set()
            for table in changed:
                stale |= runs.by_table.get(table, frozenset())
            carried._free[key] = (runs, {index: mask for index, mask in dict(free).items() if index not in stale})
        for table in changed:
            carried._rows.pop(table, None)
            carried._tables.pop(table, None)
            for masks in carried._masks.values():
                masks.pop(table, None)
            if table in fresh._rows:
                carried._rows[table] = fresh._rows[table]
        return carried

    def count(self, tables) -> int:
        """How many intervals these tables hold (blocks included)."""
        return sum(len(self._rows.get(table, ())) for table in tables)

    def is_free(self, table_id: int, start: dt.datetime, end: dt.datetime) -> bool:
        return not self.conflicts(table_id, start, end)

    def conflicts(self, table_id: int, start: dt.datetime, end: dt.datetime) -> list[tuple[dt.datetime, dt.datetime]]:
        s, e = epoch(start), epoch(end)
        return [
            (dt.datetime.fromtimestamp(a, dt.UTC), dt.datetime.fromtimestamp(b, dt.UTC))
            for _, a, b in _sorted_table(self._rows, self._tables, table_id)[0]
            if a < e and b > s
        ]

    def blocked_finder(self, slot_starts: list[int], duration: int | None, service_end: int):
        """`table id -> blocked slots` for one service's seatings (bit k set when a seating at
        slot k would overlap a busy interval of the table), with what the tables share worked out
        once: a month asks it for hundreds of tables.

        Everything in epoch seconds. A seating at s_k takes [s_k, s_k + d) with a duration d,
        else [s_k, max(end, s_k + 60)) (see ServiceClock.occupied_until). It overlaps a busy
        [a, b) when s_k < b and its end is after a, so the slots one interval blocks are a
        contiguous run, found by bisection.
        """
        if not slot_starts:
            return lambda table_id: 0
        # The closure holds the timeline's dicts, never the timeline: the timeline keeps the closure
        # (busy_of), and a cycle through it would leave every timeline to the garbage collector.
        rows, tables = self._rows, self._tables
        first_start, last_start = slot_starts[0], slot_starts[-1]
        # Only intervals that end after the first seating and start before the last one ends can
        # block a slot: those start after (first seating - longest interval) and before `horizon`.
        horizon = last_start + (duration if duration is not None else max(service_end - last_start, ONE_MINUTE))

        def blocked(table_id: int) -> int:
            own = rows.get(table_id)
            if not own:
                return 0
            if len(own) <= FEW_INTERVALS:
                spans = own  # a day's few: each one's run is empty when it cannot reach the service
            else:  # a month's: only those that can reach it, found by bisection in the sorted list
                spans, starts, longest = tables.get(table_id) or _sorted_table(rows, tables, table_id)
                spans = spans[bisect_right(starts, first_start - longest) : bisect_left(starts, horizon)]
            mask = 0
            for _, a, b in spans:
                if b <= first_start or a >= horizon:
                    continue  # blocks no seating (another service's: most of a day's, so the cheap test first)
                high = bisect_left(slot_starts, b)
                if duration is not None:
                    low = bisect_right(slot_starts, a - duration)
                elif a < service_end:
                    low = 0
                else:
                    low = bisect_right(slot_starts, a - ONE_MINUTE)
                if high > low:
                    mask |= ((1 << high) - 1) ^ ((1 << low) - 1)
            return mask

        return blocked

    def busy_of(self, slot_starts: tuple[int, ...], duration: int | None, service_end: int):
        """`tables -> slots where one of them is taken` for one service's seatings (the arguments of
        `blocked_finder`), every answer kept with this timeline, per table and per set of tables: a
        month asks the same tables for many party sizes and groups, and a timeline kept between
        requests (selectors.kept_occupancy) answers the next question from what the last one found.

        A timeline is read, never changed, once built, so what is kept stays true; two threads
        filling the same entry compute the same value. After a write, `carried` takes the masks of
        the tables it did not touch into the next timeline.
        """
        key = (slot_starts, duration, service_end)
        found = self._busy.get(key)
        if found is not None:
            return found
        blocked = self.blocked_finder(slot_starts, duration, service_end)
        per_table = self._masks.setdefault(key, {})
        known: dict[tuple[int, ...], int] = {}

        def busy_of(table_ids: tuple[int, ...]) -> int:
            busy = known.get(table_ids)
            if busy is None:
                busy = 0
                for table_id in table_ids:
                    mask = per_table.get(table_id)
                    if mask is None:
                        mask = per_table[table_id] = blocked(table_id)
                    busy |= mask
                known[table_ids] = busy
            return busy

        self._busy[key] = busy_of
        return busy_of

    def free_slots(
        self, slot_starts: tuple[int, ...], duration: int | None, service_end: int, runs: CandidateRuns
    ) -> int:
        """Slots where one of the candidates has every table free (`busy_of`'s arguments), each
        run's answer kept with this timeline: the next question in the same state, and the next
        state after a write (`carried`) but for the runs holding a changed table, take it from here
        instead of asking every candidate again (a floor of 600 tables has hundreds of candidates).
        Runs are looked at in order until every slot is free, as the candidates were one at a time."""
        key = (slot_starts, duration, service_end, runs.key)
        found = self._free.get(key)
        if found is None:
            found = self._free[key] = (runs, {})
        free = found[1]
        full = (1 << len(slot_starts)) - 1
        busy_of = None
        mask = 0
        for index, run in enumerate(runs.runs):
            run_free = free.get(index)
            if run_free is None:
                busy_of = busy_of or self.busy_of(slot_starts, duration, service_end)
                run_free = 0
                for table_ids in run:
                    run_free |= full & ~busy_of(table_ids)
                    if run_free == full:
                        break
                free[index] = run_free
            mask |= run_free
            if mask == full:
                break
        return mask


def _sorted_table(rows: dict, tables: dict, table_id: int) -> tuple[list[tuple[int, int, int]], list[int], int]:
    """A table's intervals (`rows`, a timeline's by table) sorted by start, their starts, and the
    longest, kept in `tables`: a query about one service then looks only at the intervals that can
    reach it (a month's timeline holds many)."""
    found = tables.get(table_id)
    if found is None:
        spans = sorted(rows.get(table_id, ()))  # one table: sorted by (start, end)
        starts = [a for _, a, _ in spans]
        found = spans, starts, max(map(sub, [b for _, _, b in spans], starts), default=0)
        tables[table_id] = found
    return found


class CoversLedger:
    """Covers per (service, date) and per seating instant, for the caps.

    Seating instants are keyed as epoch seconds, not aware datetimes: two datetimes of one zone
    compare by wall time, which would merge the two instants of a fall-back night's repeated hour.
    """

    def __init__(self, covers: list[Covers]):
        self.per_service: dict[tuple[int, dt.date], int] = defaultdict(int)
        self.per_slot: dict[tuple[int, dt.date, float], int] = defaultdict(int)
        for item in covers:
            self.per_service[(item.shift_id, item.service_date)] += item.party_size
            self.per_slot[(item.shift_id, item.service_date, item.starts_at.timestamp())] += item.party_size

    def service_covers(self, shift_id: int, date: dt.date) -> int:
        return self.per_service.get((shift_id, date), 0)

    def slot_covers(self, shift_id: int, date: dt.date, starts_at: dt.datetime | int) -> int:
        """`starts_at`: an aware datetime or epoch seconds."""
        key = starts_at if isinstance(starts_at, int) else starts_at.timestamp()
        return self.per_slot.get((shift_id, date, key), 0)
