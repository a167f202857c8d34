"""The restaurant's booking policy as plain, immutable data: what the engine reasons over.

Built from the database by `reservations.engine_loader`, never by the engine itself.
"""

import datetime as dt
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo


@dataclass(frozen=True)
class SectionInfo:
    id: int
    public_id: str
    group_id: int  # primary key of the section leading the group (itself when it leads)
    group_public_id: str
    floor_plan_id: int
    bookable_online: bool
    name: str = ""  # what staff call it (the timeline's headings)


@dataclass(frozen=True)
class TableInfo:
    id: int
    public_id: str
    name: str
    section_id: int
    min_capacity: int
    max_capacity: int
    bookable_online: bool  # the table's own flag
    position: tuple = ()


@dataclass(frozen=True)
class CombinationInfo:
    id: int
    floor_plan_id: int
    table_ids: tuple[int, ...]
    min_capacity: int
    max_capacity: int
    bookable_online: bool


@dataclass(frozen=True)
class GuaranteePolicy:
    per_guest_amount: int
    from_party_size: int  # 1 when the service asks every party
    cancel_hours: int | None


@dataclass(frozen=True)
class ShiftInfo:
    id: int
    public_id: str
    floor_plan_id: int
    name: object  # str or {lang: str}
    guest_message: object
    days: frozenset[int]  # 0 = Monday
    valid_from: dt.date | None
    valid_until: dt.date | None
    start_time: dt.time
    end_time: dt.time
    last_seating: dt.time | None
    slot_interval_minutes: int
    seating_minutes: int | None
    seating_minutes_by_party_size: tuple[tuple[int, int], ...]  # (from size, minutes), ascending
    max_covers: int | None
    max_covers_per_slot: int | None
    cutoff_minutes: int | None
    requires_approval: bool
    approval_from_party_size: int | None
    guarantee: GuaranteePolicy | None
    display_only: bool
    waitlist_enabled: bool
    online_section_ids: frozenset[int] | None  # None: every section bookable online
    position: int = 0

    def runs_on(self, date: dt.date) -> bool:
        if date.weekday() not in self.days:
            return False
        if self.valid_from is not None and date < self.valid_from:
            return False
        return self.valid_until is None or date <= self.valid_until

    def seating_minutes_for(self, party_size: int) -> int | None:
        minutes = self.seating_minutes
        for from_size, value in self.seating_minutes_by_party_size:
            if party_size >= from_size:
                minutes = value
        return minutes

    def needs_approval(self, party_size: int) -> bool:
        if self.requires_approval:
            return True
        return self.approval_from_party_size is not None and party_size >= self.approval_from_party_size

    def guarantee_for(self, party_size: int) -> GuaranteePolicy | None:
        if self.guarantee is not None and party_size >= self.guarantee.from_party_size:
            return self.guarantee
        return None


@dataclass(frozen=True)
class ClosureInfo:
    name: object
    guest_message: object
    start_date: dt.date
    end_date: dt.date

    def covers(self, date: dt.date) -> bool:
        return self.start_date <= date <= self.end_date


@dataclass(frozen=True)
class DayNoteInfo:
    date: dt.date
    message: object
    mode: str  # banner | message_only | display_only


@dataclass(frozen=True)
class BlockInfo:
    date: dt.date
    start_time: dt.time
    end_time: dt.time
    table_ids: frozenset[int] | None  # None: every table


@dataclass(frozen=True)
class Policy:
    restaurant_id: int
    timezone: ZoneInfo
    currency: str
    primary_language: str
    min_party_size: int | None
    max_party_size: int | None
    max_advance_days: int | None
    default_cutoff_minutes: int | None
    payments_enabled: bool
    widget_enabled: bool
    show_seating_preference: bool
    sections: dict[int, SectionInfo]
    tables: dict[int, TableInfo]
    combinations: tuple[CombinationInfo, ...]
    shifts: tuple[ShiftInfo, ...]
    closures: tuple[ClosureInfo, ...]
    day_notes: dict[dt.date, DayNoteInfo]
    blocks: tuple[BlockInfo, ...]
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def closure_on(self, date: dt.date) -> ClosureInfo | None:
        return next((closure for closure in self.closures if closure.covers(date)), None)

    def shift(self, shift_id: int | None) -> ShiftInfo | None:
        """A service by primary key (None when it no longer exists)."""
        return next((shift for shift in self.shifts if shift.id == shift_id), None)

    def shifts_on(self, date: dt.date) -> list[ShiftInfo]:
        """Services that run on a date (weekday and validity); closures are the caller's business."""
        return [shift for shift in self.shifts if shift.runs_on(date)]

    def blocks_on(self, date: dt.date) -> list[BlockInfo]:
        return [block for block in self.blocks if block.date == date]

    def cutoff_minutes(self, shift: ShiftInfo) -> int | None:
        return shift.cutoff_minutes if shift.cutoff_minutes is not None else self.default_cutoff_minutes

    def party_size_bounds(self) -> tuple[int, int]:
        """The party sizes worth asking about: the policy's range, capped by the largest table."""
        low = self.min_party_size or 1
        largest = max(
            [t.max_capacity for t in self.tables.values()] + [c.max_capacity for c in self.combinations] + [low]
        )
        high = self.max_party_size if self.max_party_size is not None else largest
        return low, max(low, high)
