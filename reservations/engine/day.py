"""A service date: which services run, the day's notes and closure, and their ServiceDays."""

import datetime as dt
from zoneinfo import ZoneInfo

from reservations.engine.clock import DAY, instant_or_next, minutes_of
from reservations.engine.occupancy import Busy, CoversLedger, Occupancy, TableTimeline
from reservations.engine.policy import BlockInfo, ClosureInfo, DayNoteInfo, Policy
from reservations.engine.service_day import ServiceDay


def block_busy(policy: Policy, block: BlockInfo) -> list[Busy]:
    """A block as busy intervals of its tables (every table when it lists none). An end before the
    start runs past midnight; an end equal to the start blocks nothing (the back office refuses it,
    but a row written otherwise must not take a whole day off sale)."""
    tz: ZoneInfo = policy.timezone
    start = minutes_of(block.start_time)
    end = minutes_of(block.end_time)
    if end == start:
        return []
    if end < start:
        end += DAY
    start_at = instant_or_next(block.date, start, tz)
    end_at = instant_or_next(block.date, end, tz)
    tables = block.table_ids if block.table_ids is not None else policy.tables.keys()
    return [Busy(table_id=table, start=start_at, end=end_at) for table in tables]


def blocks_around(policy: Policy, date: dt.date) -> list[Busy]:
    """Blocks that can touch the services of a date (the day before runs past midnight)."""
    busy: list[Busy] = []
    for offset in (-1, 0, 1):
        for block in policy.blocks_on(date + dt.timedelta(days=offset)):
            busy.extend(block_busy(policy, block))
    return busy


class Day:
    def __init__(
        self,
        policy: Policy,
        date: dt.date,
        occupancy: Occupancy,
        now: dt.datetime,
        ledger: CoversLedger | None = None,
        timeline: TableTimeline | None = None,
    ):
        """`timeline`: the tables' busy intervals (blocks included) when the caller built them for
        many dates at once (the month); else built here from `occupancy` and the blocks around."""
        self.policy = policy
        self.date = date
        self.now = now
        self.today = now.astimezone(policy.timezone).date()
        self.closure: ClosureInfo | None = policy.closure_on(date)
        self.note: DayNoteInfo | None = policy.day_notes.get(date)
        self.message_only = self.closure is None and self.note is not None and self.note.mode == "message_only"
        note_display_only = self.note is not None and self.note.mode == "display_only"
        shifts = [] if self.closure is not None or self.message_only else policy.shifts_on(date)
        if timeline is None:
            timeline = TableTimeline(occupancy.busy + blocks_around(policy, date), rows=occupancy.rows)
        ledger = ledger or CoversLedger(occupancy.covers)
        self.services = [ServiceDay(policy, shift, date, timeline, ledger, now) for shift in shifts]
        self.note_display_only = note_display_only
        self._shadow_repeated_times()
        self.display_only = note_display_only or (
            bool(self.services) and all(service.shift.display_only for service in self.services)
        )

    def _shadow_repeated_times(self) -> None:
        """A service date and HH:MM must name one instant. When two services sell the same
        wall time at different instants (one ending at midnight, the next starting at it),
        the earlier service keeps it and the other's seating is neither offered nor booked.
        Services sharing a time at the same instant keep it both (the first that accepts wins)."""
        first: dict[int, dt.datetime] = {}
        for service in self.services:
            if self.is_display_only(service):
                continue
            for slot in service.clock.slots:
                instant = first.setdefault(slot.minutes % DAY, slot.starts_at)  # its wall time (`hhmm`)
                if instant != slot.starts_at:
                    service.shadowed |= 1 << slot.index

    def is_display_only(self, service: ServiceDay) -> bool:
        return self.note_display_only or service.shift.display_only

    @property
    def day_message(self):
        return self.note.message if self.note is not None else None

    def beyond_window(self) -> bool:
        days = self.policy.max_advance_days
        return days is not None and self.date > self.today + dt.timedelta(days=days)

    def party_size_allowed(self, party_size: int) -> bool:
        low, high = self.policy.min_party_size, self.policy.max_party_size
        return (low is None or party_size >= low) and (high is None or party_size <= high)

    def guarantee_blocks(self, service: ServiceDay, party_size: int) -> bool:
        """A card is needed but the restaurant cannot ask for one: nothing to sell online."""
        return service.shift.guarantee_for(party_size) is not None and not self.policy.payments_enabled

    def sellable_mask(self, service: ServiceDay, party_size: int, group_id: int | None = None) -> int:
        """The slots of a service this party can book now, by every rule a create applies."""
        if self.is_display_only(service) or self.beyond_window() or not self.party_size_allowed(party_size):
            return 0
        if self.guarantee_blocks(service, party_size):
            return 0
        return service.sellable_mask(party_size, group_id)
