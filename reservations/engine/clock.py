"""Wall-clock times of a service on a service date, turned into aware instants.

A service date is a local date; its seating times are local wall-clock times.
A service whose end is at or before its start runs past midnight: its seatings
after midnight keep the service date and fall on the next calendar day.
Durations are absolute (a seating of 120 minutes lasts 120 real minutes, also
across a DST change). A wall time that does not exist (the spring-forward gap)
is not a seating time; an ambiguous one (fall back) is its first occurrence.
"""

import datetime as dt
from dataclasses import dataclass
from functools import cached_property, lru_cache
from zoneinfo import ZoneInfo

from reservations.engine.policy import ShiftInfo

DAY = 24 * 60
UTC = dt.UTC


def minutes_of(value: dt.time) -> int:
    return value.hour * 60 + value.minute


def local_instant(date: dt.date, minutes: int, tz: ZoneInfo) -> dt.datetime | None:
    """The aware instant of `minutes` after local midnight of `date`; None inside a DST gap."""
    day = date + dt.timedelta(days=minutes // DAY)
    rest = minutes % DAY
    naive = dt.datetime(day.year, day.month, day.day, rest // 60, rest % 60)
    aware = naive.replace(tzinfo=tz)
    # A wall time in the spring-forward gap does not survive a round trip through UTC.
    if aware.astimezone(UTC).astimezone(tz).replace(tzinfo=None) != naive:
        return None
    return aware


@lru_cache(maxsize=8192)
def instant_or_next(date: dt.date, minutes: int, tz: ZoneInfo) -> dt.datetime:
    """Like local_instant, but a wall time in a gap becomes the first instant after it.

    Pure, so cached like `seating_grid`: each service date asks it for its start, end and last seating."""
    aware = local_instant(date, minutes, tz)
    if aware is not None:
        return aware
    naive_day = date + dt.timedelta(days=minutes // DAY)
    rest = minutes % DAY
    # fold=0 before a gap reads the wall time with the pre-transition offset: past the gap.
    return dt.datetime(naive_day.year, naive_day.month, naive_day.day, rest // 60, rest % 60, tzinfo=tz).astimezone(tz)


@dataclass(frozen=True)
class Slot:
    index: int
    minutes: int  # from the service date's midnight; above 1440 after midnight
    starts_at: dt.datetime

    @property
    def time(self) -> dt.time:
        rest = self.minutes % DAY
        return dt.time(rest // 60, rest % 60)

    @property
    def hhmm(self) -> str:
        rest = self.minutes % DAY
        return f"{rest // 60:02d}:{rest % 60:02d}"


@lru_cache(maxsize=4096)
def seating_grid(date: dt.date, start: int, last: int, step: int, tz: ZoneInfo) -> tuple[tuple[Slot, ...], tuple]:
    """The seatings from `start` to `last` minutes every `step` on a date, and their epoch seconds.

    A pure function of its arguments (a zone's rules do not change while the process runs), so
    cached: every availability read and every booking asks for the same few dates' grids, and
    turning wall times into instants is most of a month's clock work.
    """
    slots: list[Slot] = []
    minutes = start
    while minutes <= last:
        instant = local_instant(date, minutes, tz)
        if instant is not None:
            slots.append(Slot(index=len(slots), minutes=minutes, starts_at=instant))
        minutes += step
    return tuple(slots), tuple(int(slot.starts_at.timestamp()) for slot in slots)


class ServiceClock:
    """The timing of one service on one service date."""

    def __init__(self, shift: ShiftInfo, date: dt.date, tz: ZoneInfo):
        self.shift = shift
        self.date = date
        self.tz = tz
        self.start_minutes = minutes_of(shift.start_time)
        end = minutes_of(shift.end_time)
        self.end_minutes = end + DAY if end <= self.start_minutes else end
        if shift.last_seating is None:
            last = self.end_minutes
        else:
            last = minutes_of(shift.last_seating)
            if last < self.start_minutes:
                last += DAY
        self.last_seating_minutes = last

    @cached_property
    def _grid(self) -> tuple[tuple[Slot, ...], tuple[int, ...]]:
        return seating_grid(
            self.date, self.start_minutes, self.last_seating_minutes, self.shift.slot_interval_minutes, self.tz
        )

    @property
    def slots(self) -> tuple[Slot, ...]:
        return self._grid[0]

    @property
    def slot_epochs(self) -> tuple[int, ...]:
        """The seatings' instants in epoch seconds, by slot index (what timelines compare against)."""
        return self._grid[1]

    @cached_property
    def starts_at(self) -> dt.datetime:
        return instant_or_next(self.date, self.start_minutes, self.tz)

    @cached_property
    def ends_at(self) -> dt.datetime:
        return instant_or_next(self.date, self.end_minutes, self.tz)

    @cached_property
    def last_seating_at(self) -> dt.datetime:
        return instant_or_next(self.date, self.last_seating_minutes, self.tz)

    def slot_at(self, time: dt.time) -> Slot | None:
        """The seating at a wall time, if the grid has one."""
        for slot in self.slots:
            if slot.time == time:
                return slot
        return None

    def covers_time(self, time: dt.time) -> bool:
        """Whether a wall time falls inside the service's seating window (grid or not)."""
        minutes = minutes_of(time)
        candidates = (minutes, minutes + DAY)
        return any(self.start_minutes <= m <= self.last_seating_minutes for m in candidates)

    def seating_end(self, starts_at: dt.datetime, seating_minutes: int | None) -> dt.datetime | None:
        """`ends_at` of a seating: None when the service sets no duration."""
        if seating_minutes is None:
            return None
        return (starts_at.astimezone(UTC) + dt.timedelta(minutes=seating_minutes)).astimezone(self.tz)

    def occupied_until(self, starts_at: dt.datetime, seating_minutes: int | None) -> dt.datetime:
        """Until when the tables are taken: the seating's end, else the end of the service."""
        end = self.seating_end(starts_at, seating_minutes)
        if end is None:
            end = self.ends_at
        # A seating at the very end of the service still takes its table for a moment.
        return max(end, (starts_at.astimezone(UTC) + dt.timedelta(minutes=1)).astimezone(self.tz))
