"""The timeline of one service: its tables (by section, with their combinations) down the side, time
across, every booking, hold and block as a bar where it sits. Laid out from the day's read
(backoffice.selectors.day_sheet) and the restaurant's policy: no query of its own.

A booking on exactly a combination's tables sits on the combination's lane (its tables' lanes show
it as joined); any other booking sits on each of its tables' lanes. A live booking sits where its
allocation rows say (a seated party moved mid-meal sits on its new table from then); a completed or
no-show booking, which holds no rows, sits on its tables from its start to its end.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from backoffice.selectors.day_read import HoldRow, Row
from backoffice.selectors.day_sheet import DaySheet, ServiceBlock
from reservations.engine.day import blocks_around
from reservations.engine.occupancy import epoch
from reservations.models.booking import ReservationStatus

HOUR = 3600
# A bar still drawn when a booking has no end (a service with no seating length): this long.
DEFAULT_SECONDS = 2 * HOUR


@dataclass(slots=True)
class Bar:
    kind: str  # booking, joined (a combination's booking, on one of its tables), hold, block
    start: int  # epoch seconds
    end: int
    row: Row | None = None
    hold: HoldRow | None = None
    label: str = ""

    @property
    def status(self) -> str:
        if self.row is not None:
            return self.row.status
        return self.kind


@dataclass
class Lane:
    key: str  # the table's public id, or `combo-<id>`
    name: str
    capacity: str
    table_ids: tuple[int, ...]
    online: bool
    combination: bool = False
    bars: list[Bar] = field(default_factory=list)

    def free_cells(self, cells: list[int]) -> list[int]:
        """The instants of `cells` (ascending) that no bar covers: one sweep over the merged bars
        instead of asking every bar at every cell (a night is about 30 lanes of 25 cells)."""
        merged: list[list[int]] = []
        for start, end in sorted((bar.start, bar.end) for bar in self.bars):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        free, i = [], 0
        for instant in cells:
            while i < len(merged) and merged[i][1] <= instant:
                i += 1
            if i == len(merged) or instant < merged[i][0]:
                free.append(instant)
        return free


@dataclass
class SectionLanes:
    name: str
    lanes: list[Lane]


@dataclass
class Timeline:
    block: ServiceBlock
    start: int
    end: int
    cell_seconds: int
    cells: list[int]  # the seating grid's instants: where a tap books
    sections: list[SectionLanes]
    now: int | None  # the "now" line, when it falls inside
    tz: object = None  # the restaurant's zone

    def offset(self, instant: int) -> float:
        """Where an instant sits across the track, in percent."""
        return round(100 * (instant - self.start) / max(1, self.end - self.start), 3)

    @property
    def lanes(self) -> list[Lane]:
        return [lane for section in self.sections for lane in section.lanes]


def service_timeline(sheet: DaySheet, block: ServiceBlock, now: dt.datetime) -> Timeline:
    policy, shift = sheet.policy, block.shift
    sections, by_table, by_combo = _lanes(policy, shift.floor_plan_id)
    start, end = block.starts_epoch, block.ends_epoch
    for row in block.every_row:
        if row.status == ReservationStatus.CANCELLED:
            continue
        for bar_start, bar_end in _place(row, by_table, by_combo):
            start, end = min(start, bar_start), max(end, bar_end)
    for hold in block.holds:
        for table_id, a, b in hold.spans:
            lane = by_table.get(table_id)
            if lane is not None:
                lane.bars.append(Bar("hold", a, b, hold=hold, label="Hold"))
    for busy in blocks_around(policy, sheet.date):
        a, b = epoch(busy.start), epoch(busy.end)
        lane = by_table.get(busy.table_id)
        if lane is not None and a < end and b > start:
            lane.bars.append(Bar("block", max(a, start), min(b, end), label="Blocked"))
    _members_busy(sections, by_table)
    for section in sections:
        for lane in section.lanes:
            lane.bars.sort(key=lambda bar: (bar.start, bar.kind == "joined"))
    end = min(end, start + 20 * HOUR)
    instant = int(now.timestamp())
    cells = [slot.epoch for slot in block.slots]
    cell = shift.slot_interval_minutes * 60
    now_line = instant if start <= instant <= end else None
    return Timeline(block, start, end, cell, cells, sections, now_line, policy.timezone)


def _lanes(policy, floor_plan_id: int):
    """The floor plan's lanes by section: each table, then its section's combinations."""
    sections: list[SectionLanes] = []
    by_table: dict[int, Lane] = {}
    by_section: dict[int, SectionLanes] = {}
    for section in policy.sections.values():
        if section.floor_plan_id != floor_plan_id:
            continue
        tables = sorted(
            (t for t in policy.tables.values() if t.section_id == section.id), key=lambda t: (t.position, t.id)
        )
        lanes = []
        for table in tables:
            lane = Lane(
                table.public_id,
                table.name,
                _capacity(table.min_capacity, table.max_capacity),
                (table.id,),
                table.bookable_online and section.bookable_online,
            )
            by_table[table.id] = lane
            lanes.append(lane)
        by_section[section.id] = SectionLanes(_section_name(policy, section), lanes)
        sections.append(by_section[section.id])
    by_combo: dict[frozenset, Lane] = {}
    for combo in policy.combinations:
        if combo.floor_plan_id != floor_plan_id or not combo.table_ids:
            continue
        names = "+".join(policy.tables[t].name for t in combo.table_ids if t in policy.tables)
        lane = Lane(
            f"combo-{combo.id}",
            names,
            _capacity(combo.min_capacity, combo.max_capacity),
            tuple(combo.table_ids),
            combo.bookable_online,
            combination=True,
        )
        by_combo[frozenset(combo.table_ids)] = lane
        home = by_section.get(policy.tables[combo.table_ids[0]].section_id)
        if home is not None:
            home.lanes.append(lane)
    return sections, by_table, by_combo


def _members_busy(sections: list[SectionLanes], by_table: dict[int, Lane]) -> None:
    """A combination cannot be used while one of its tables is: its lane shows the time each table
    is taken by another booking, a hold or a block (the bookings on the combination itself are its own)."""
    for section in sections:
        for lane in section.lanes:
            if not lane.combination:
                continue
            for table_id in lane.table_ids:
                member = by_table.get(table_id)
                for bar in member.bars if member is not None else ():
                    if bar.kind != "joined":
                        lane.bars.append(Bar("member", bar.start, bar.end, label=member.name))


def _section_name(policy, section) -> str:
    return section.name or section.public_id


def _capacity(low: int, high: int) -> str:
    return f"{high}" if low == high else f"{low}–{high}"


def _place(row: Row, by_table: dict[int, Lane], by_combo: dict[frozenset, Lane]) -> list[tuple[int, int]]:
    """Put the booking's bars on their lanes; returns their ranges."""
    spans = list(row.spans)
    if not spans:  # no allocation rows (completed, no-show, or never allocated): start to end
        end = row.ends_epoch or row.starts_epoch + DEFAULT_SECONDS
        spans = [(table_id, row.starts_epoch, end) for table_id in row.table_ids]
    placed = []
    combo = by_combo.get(frozenset(table_id for table_id, _, _ in spans)) if len(spans) > 1 else None
    if combo is not None:
        a, b = min(s[1] for s in spans), max(s[2] for s in spans)
        combo.bars.append(Bar("booking", a, b, row=row, label=row.guest_name))
        placed.append((a, b))
        for table_id, _, _ in spans:
            lane = by_table.get(table_id)
            if lane is not None:
                lane.bars.append(Bar("joined", a, b, row=row, label=f"{row.guest_name} · {combo.name}"))
        return placed
    for table_id, a, b in spans:
        lane = by_table.get(table_id)
        if lane is not None:
            lane.bars.append(Bar("booking", a, b, row=row, label=row.guest_name))
            placed.append((a, b))
    return placed
