"""One service on one service date: its clock, its tables' timelines and its caps.

Everything availability shows and everything a create accepts is answered here,
so the two can never disagree.
"""

import datetime as dt
import math
from bisect import bisect_right
from collections.abc import Callable
from functools import cached_property

from reservations.engine.clock import ServiceClock, Slot
from reservations.engine.occupancy import CoversLedger, TableTimeline, epoch
from reservations.engine.policy import Policy, ShiftInfo
from reservations.engine.seating import Candidate, candidate_runs, candidates, candidates_by_group


def _seconds(seating_minutes: int | None) -> int | None:
    """A seating length as the timeline takes it (None: to the service's end)."""
    return None if seating_minutes is None else seating_minutes * 60


class ServiceDay:
    def __init__(
        self,
        policy: Policy,
        shift: ShiftInfo,
        date: dt.date,
        timeline: TableTimeline,
        ledger: CoversLedger,
        now: dt.datetime,
    ):
        self.policy = policy
        self.shift = shift
        self.date = date
        self.timeline = timeline
        self.ledger = ledger
        self.now = now
        self.clock = ServiceClock(shift, date, policy.timezone)
        # Seatings another service of the day sells at the same wall time (see Day).
        self.shadowed = 0
        # Per seating length in minutes: `tables -> slots where one of them is taken` (see busy_of).
        self._busy_of: dict[int | None, Callable[[tuple[int, ...]], int]] = {}

    @property
    def slot_starts(self) -> tuple[int, ...]:
        """Seating instants in epoch seconds (what the timelines compare against)."""
        return self.clock.slot_epochs

    @cached_property
    def service_end(self) -> int:
        return epoch(self.clock.ends_at)

    # Time rules.

    @property
    def cutoff_minutes(self) -> int | None:
        return self.policy.cutoff_minutes(self.shift)

    @cached_property
    def cutoff_passed(self) -> bool:
        cutoff = self.cutoff_minutes
        if cutoff is None:
            return False
        if cutoff == -1:
            return self.now > self.clock.last_seating_at
        # Minutes are real minutes (UTC arithmetic), also across a DST change.
        return self.now >= self.clock.starts_at.astimezone(dt.UTC) - dt.timedelta(minutes=cutoff)

    @cached_property
    def last_seating_passed(self) -> bool:
        return self.now > self.clock.last_seating_at

    @property
    def booking_closed(self) -> bool:
        return self.cutoff_passed or self.last_seating_passed

    def slot_is_past(self, slot: Slot) -> bool:
        return slot.starts_at < self.now

    @cached_property
    def future_mask(self) -> int:
        """Slots whose seating time has not passed."""
        # An instant in whole seconds is before `now` exactly when it is before `now` rounded up.
        now = math.ceil(self.now.timestamp())
        mask = 0
        for index, start in enumerate(self.slot_starts):
            if start >= now:
                mask |= 1 << index
        return mask

    # Caps.

    @cached_property
    def covers_taken(self) -> int:
        """Covers charged to the service on this date."""
        return self.ledger.service_covers(self.shift.id, self.date)

    @cached_property
    def slot_covers_taken(self) -> list[int]:
        """Covers charged to each seating time, by slot index."""
        covers, shift, date = self.ledger.slot_covers, self.shift.id, self.date
        return [covers(shift, date, start) for start in self.slot_starts]

    def service_covers(self) -> int:
        return self.covers_taken

    def slot_covers(self, slot: Slot) -> int:
        return self.slot_covers_taken[slot.index]

    def caps_allow(self, slot: Slot, party_size: int) -> bool:
        return bool(self.caps_mask(party_size) >> slot.index & 1)

    def available_covers(self, slot: Slot) -> int | None:
        """The smaller remaining figure of the two caps; None when neither exists."""
        remaining = []
        if self.shift.max_covers is not None:
            remaining.append(self.shift.max_covers - self.covers_taken)
        if self.shift.max_covers_per_slot is not None:
            remaining.append(self.shift.max_covers_per_slot - self.slot_covers(slot))
        return max(0, min(remaining)) if remaining else None

    @cached_property
    def _slots_by_covers(self) -> tuple[list[int], list[int]]:
        """The slots' covers taken, ascending, and at each position the slots up to it as a mask:
        the slots with at most r covers taken are one bisection away (the month asks every size)."""
        taken, masks, mask = [], [], 0
        for covers, index in sorted((covers, index) for index, covers in enumerate(self.slot_covers_taken)):
            mask |= 1 << index
            taken.append(covers)
            masks.append(mask)
        return taken, masks

    def caps_mask(self, party_size: int) -> int:
        """Slots where the party fits under both caps."""
        shift = self.shift
        if shift.max_covers is not None and self.covers_taken + party_size > shift.max_covers:
            return 0
        if shift.max_covers_per_slot is None:
            return (1 << len(self.clock.slots)) - 1
        taken, masks = self._slots_by_covers
        fitting = bisect_right(taken, shift.max_covers_per_slot - party_size)
        return masks[fitting - 1] if fitting else 0

    # Tables.

    def seating_minutes(self, party_size: int) -> int | None:
        return self.shift.seating_minutes_for(party_size)

    def blocked(self, table_id: int, seating_minutes: int | None) -> int:
        """Slots where a seating of this length would overlap a busy interval of the table."""
        return self.busy_of(seating_minutes)((table_id,))

    def busy_of(self, seating_minutes: int | None) -> Callable[[tuple[int, ...]], int]:
        """`tables -> slots where one of them is taken` for seatings of this length, every answer
        kept (TableTimeline.busy_of): the month asks the same tables for many party sizes and
        groups, and this is its innermost loop."""
        found = self._busy_of.get(seating_minutes)
        if found is None:
            duration = _seconds(seating_minutes)
            found = self._busy_of[seating_minutes] = self.timeline.busy_of(self.slot_starts, duration, self.service_end)
        return found

    def table_mask(self, party_size: int, group_id: int | None = None) -> int:
        """Slots where at least one candidate has all its tables free (kept with the timeline)."""
        duration = _seconds(self.seating_minutes(party_size))
        runs = candidate_runs(self.policy, self.shift, party_size, group_id)
        return self.timeline.free_slots(self.slot_starts, duration, self.service_end, runs)

    def offered_groups(self, party_size: int, groups: set[int]) -> set[int] | None:
        """None when the party can take no slot of the service right now (`sellable_mask` is 0);
        else which of `groups` can seat it at some slot (`sellable_mask` with that group is not 0).

        What the month asks, answered by looking for one free candidate per group rather than
        building every slot's mask: the answer does not depend on the order candidates are tried
        in, so they come a group at a time in turn, and once the party is known to fit somewhere,
        a candidate that would add no wanted group is not looked at.
        """
        if self.booking_closed or self.shift.display_only:
            return None
        base = self.future_mask & ~self.shadowed
        if base:
            base &= self.caps_mask(party_size)
        if not base:
            return None
        busy_of = self.busy_of(self.seating_minutes(party_size))
        wanted, found, sellable = set(groups), set(), False
        for table_ids, fits in candidates_by_group(self.policy, self.shift, party_size):
            if sellable and wanted.isdisjoint(fits):
                continue
            if base & ~busy_of(table_ids):
                sellable = True
                found |= wanted & fits
                wanted -= fits
                if not wanted:
                    break
        return found if sellable else None

    def find_seating(self, slot: Slot, party_size: int, group_id: int | None = None) -> Candidate | None:
        """The best-fit free candidate at a slot, or None."""
        minutes = self.seating_minutes(party_size)
        bit = 1 << slot.index
        for candidate in candidates(self.policy, self.shift, party_size, group_id):
            if not any(self.blocked(table_id, minutes) & bit for table_id in candidate.table_ids):
                return candidate
        return None

    def sellable_mask(self, party_size: int, group_id: int | None = None) -> int:
        """Slots a party can take right now: not past, caps allow, a table is free."""
        if self.booking_closed or self.shift.display_only:
            return 0
        mask = self.future_mask & ~self.shadowed
        if mask:
            mask &= self.caps_mask(party_size)
        if mask:
            mask &= self.table_mask(party_size, group_id)
        return mask
