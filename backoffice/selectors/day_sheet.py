"""The host's day: one restaurant, one service date, by service (the list and the timeline both
read it).

One round trip whatever the number of bookings (backoffice.selectors.day_read; the policy is
cached per process by `policy_version`): the bookings with what they occupy, the live holds, the
pending requests ahead and the waitlist; then, here, the covers of each service against its caps.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from django.utils import timezone

from backoffice.selectors.day_read import HoldRow, Row, read_day
from config.formats import zone
from reservations.engine.clock import ServiceClock
from reservations.models.booking import OCCUPYING_STATUSES, ReservationStatus
from reservations.selectors.engine_policy import policy_for
from reservations.texts import translate
from waitlist.selectors import PanelEntry

# Guest-visible covers of a day: everything but the bookings that will not come.
NOT_COMING = (ReservationStatus.CANCELLED, ReservationStatus.NO_SHOW)
IN_THE_ROOM = (ReservationStatus.SEATED, ReservationStatus.PARTIALLY_SEATED)


@dataclass
class SlotCovers:
    time: str
    covers: int
    cap: int | None
    epoch: int = 0

    @property
    def full(self) -> bool:
        return self.cap is not None and self.covers >= self.cap


@dataclass
class ServiceBlock:
    key: str
    name: str
    start: str
    end: str
    max_covers: int | None
    shift: object = None  # the engine's ShiftInfo (None: bookings outside every service)
    starts_epoch: int = 0
    ends_epoch: int = 0
    covers: int = 0  # charged to the caps (live bookings and holds, not exempt)
    expected: int = 0  # every guest still expected or already in (not cancelled, not no-show)
    seated: int = 0
    slots: list[SlotCovers] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)  # the rows shown (filtered by status and search)
    every_row: list[Row] = field(default_factory=list)  # all of the service's bookings
    holds: list[HoldRow] = field(default_factory=list)

    @property
    def full(self) -> bool:
        return self.max_covers is not None and self.covers >= self.max_covers


@dataclass
class DaySheet:
    restaurant: object
    date: dt.date
    today: dt.date
    now_local: dt.datetime
    services: list[ServiceBlock]
    holds: list[HoldRow]
    status_counts: dict[str, int]
    total: int
    shown: int
    pending_ahead: int
    next_arrivals: list[Row]
    waitlist: list[PanelEntry] = field(default_factory=list)
    policy: object = None

    @property
    def covers(self) -> int:
        return sum(block.expected for block in self.services)

    def pending(self) -> list[Row]:
        return [row for block in self.services for row in block.every_row if row.status == ReservationStatus.PENDING]


def day_sheet(restaurant, date: dt.date, *, status: str | None = None, query: str = "", now=None) -> DaySheet:
    now = now or timezone.now()
    tz = zone(restaurant.timezone)
    policy = policy_for(restaurant)
    read = read_day(restaurant, date, tz, now)

    blocks: dict[object, ServiceBlock] = {}
    slots_by_block: dict[object, dict[str, SlotCovers]] = {}
    for shift in policy.shifts_on(date) if policy.closure_on(date) is None else ():
        clock = ServiceClock(shift, date, tz)
        block = ServiceBlock(
            key=shift.public_id,
            name=translate(shift.name, restaurant.primary_language, restaurant.primary_language) or "Service",
            start=shift.start_time.strftime("%H:%M"),
            end=shift.end_time.strftime("%H:%M"),
            max_covers=shift.max_covers,
            shift=shift,
            starts_epoch=int(clock.starts_at.timestamp()),
            ends_epoch=int(clock.ends_at.timestamp()),
        )
        block.slots = [
            SlotCovers(slot.hhmm, 0, shift.max_covers_per_slot, int(slot.starts_at.timestamp())) for slot in clock.slots
        ]
        slots_by_block[shift.id] = {slot.time: slot for slot in block.slots}
        blocks[shift.id] = block
    other = ServiceBlock(key="other", name="Outside the services", start="", end="", max_covers=None)

    today = now.astimezone(tz).date()
    needle = fold(query.strip())
    digits = "".join(ch for ch in needle if ch.isdigit())
    counts: dict[str, int] = defaultdict(int)
    shown = 0
    arrivals: list[Row] = []
    for row in read.bookings:
        block = blocks.get(row.shift_id, other)
        block.every_row.append(row)
        counts[row.status] += 1
        if row.status in OCCUPYING_STATUSES and not row.excluded:
            block.covers += row.party_size
            slot = slots_by_block.get(row.shift_id, {}).get(row.time)
            if slot is not None:
                slot.covers += row.party_size
        if row.status not in NOT_COMING:
            block.expected += row.party_size
        if row.status in IN_THE_ROOM:
            block.seated += row.party_size
        row.late = row.status == ReservationStatus.CONFIRMED and row.starts_at < now
        if row.status == ReservationStatus.CONFIRMED and row.starts_at >= now and len(arrivals) < 5:
            arrivals.append(row)
        if status and row.status != status:
            continue
        if needle and not matches(row, needle, digits):
            continue
        block.rows.append(row)
        shown += 1
    for hold in read.holds:
        block = blocks.get(hold.shift_id, other)
        block.holds.append(hold)
        if not hold.excluded:
            block.covers += hold.party_size
            slot = slots_by_block.get(hold.shift_id, {}).get(hold.time)
            if slot is not None:
                slot.covers += hold.party_size
    services = list(blocks.values())
    if other.every_row or other.covers:
        services.append(other)
    return DaySheet(
        restaurant=restaurant,
        date=date,
        today=today,
        now_local=now.astimezone(tz),
        services=services,
        holds=read.holds,
        status_counts=dict(counts),
        total=len(read.bookings),
        shown=shown,
        pending_ahead=read.pending_ahead,
        next_arrivals=arrivals,
        waitlist=read.waitlist,
        policy=policy,
    )


def matches(row: Row, needle: str, digits: str) -> bool:
    if needle in fold(row.guest_name) or needle in row.public_id.casefold():
        return True
    return len(digits) >= 3 and bool(row.phone) and digits in "".join(ch for ch in row.phone if ch.isdigit())


def fold(text: str) -> str:
    """Case- and accent-insensitive form for the search (`Hélène` is found by `helene`)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
