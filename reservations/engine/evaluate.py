"""Would the restaurant accept this booking now? The one answer for hold, create and modify.

Checks run in the contract's order: `no_service_at_this_time` alone, then
`start_time_off_grid` alone, then every policy rule together, then the table
search (`no_table_available`, `no_table_available_in_section`, or
`section_occupied` when booking a whole section), never beside the rules before it.
"""

import datetime as dt
from dataclasses import dataclass, field

from reservations.engine.clock import Slot
from reservations.engine.day import Day
from reservations.engine.occupancy import Occupancy
from reservations.engine.policy import GuaranteePolicy, Policy, ShiftInfo
from reservations.engine.rules import POLICY_RULE_ORDER, Conflict, Violation, off_grid, violation
from reservations.engine.seating import group_tables
from reservations.engine.service_day import ServiceDay


@dataclass(frozen=True)
class BookingRequest:
    service_date: dt.date
    start_time: dt.time
    party_size: int
    group_id: int | None = None  # seating preference: a section group's leading section
    entire_group_id: int | None = None  # book every table of this group
    excluded_from_shift_limits: bool = False
    overrides: frozenset[str] = frozenset()


@dataclass
class Decision:
    violations: list[Violation] = field(default_factory=list)
    waived: list[str] = field(default_factory=list)  # rules that applied and were overridden
    shift: ShiftInfo | None = None
    slot: Slot | None = None
    ends_at: dt.datetime | None = None
    occupied_until: dt.datetime | None = None
    table_ids: tuple[int, ...] = ()
    requires_approval: bool = False
    guarantee: GuaranteePolicy | None = None  # the card the booking must carry, if any

    @property
    def accepted(self) -> bool:
        return not self.violations

    @property
    def starts_at(self) -> dt.datetime | None:
        return self.slot.starts_at if self.slot else None

    @property
    def occupied_from(self) -> dt.datetime | None:
        """Where the tables' occupied range starts: the seating's start."""
        return self.starts_at


def _services_at(day: Day, time: dt.time) -> tuple[list[tuple[ServiceDay, Slot]], ServiceDay | None]:
    """The services selling a seating at `time` (in order), and the first whose window holds it.

    Two services can share a time (a lunch whose last seating is the start of the next
    service): the booking goes to the first that accepts it, as availability offers it there.
    """
    selling: list[tuple[ServiceDay, Slot]] = []
    covering = None
    for service in day.services:
        if day.is_display_only(service) or not service.clock.covers_time(time):
            continue
        covering = covering or service
        slot = service.clock.slot_at(time)
        if slot is not None and not service.shadowed >> slot.index & 1:
            selling.append((service, slot))
    return selling, covering


def _policy_violations(day: Day, service: ServiceDay, slot: Slot, request: BookingRequest) -> list[str]:
    policy, size = day.policy, request.party_size
    broken: set[str] = set()
    if policy.min_party_size is not None and size < policy.min_party_size:
        broken.add("party_size_too_small")
    if policy.max_party_size is not None and size > policy.max_party_size:
        broken.add("party_size_too_large")
    if request.entire_group_id is not None:
        # A whole section seats what its tables seat, however large the restaurant's online limit
        # (a section with no table is the table search's refusal, not this rule's).
        tables = group_tables(policy, service.shift, request.entire_group_id)
        if tables and size > sum(table.max_capacity for table in tables):
            broken.add("party_size_too_large")
    if day.beyond_window():
        broken.add("advance_window_exceeded")
    if service.cutoff_passed:
        broken.add("cutoff_passed")
    if not request.excluded_from_shift_limits and not service.caps_allow(slot, size):
        broken.add("slot_no_longer_available")
    if day.guarantee_blocks(service, size):
        broken.add("guarantee_required")
    if service.slot_is_past(slot):
        broken.add("date_in_past")
    return [code for code in POLICY_RULE_ORDER if code in broken]


def _section_conflicts(service: ServiceDay, table_ids, start: dt.datetime, end: dt.datetime) -> tuple:
    tz = service.policy.timezone
    conflicts = []
    for table_id in table_ids:
        spans = service.timeline.conflicts(table_id, start, end)
        if spans:
            a = min(span[0] for span in spans)
            b = max(span[1] for span in spans)
            conflicts.append(Conflict(table_id, a.astimezone(tz).strftime("%H:%M"), b.astimezone(tz).strftime("%H:%M")))
    return tuple(conflicts)


# A DST change moves a wall-clock time by an hour either way; the margin takes two.
WALL_CLOCK_MARGIN = dt.timedelta(hours=2)


def relevant_since(policy: Policy, service_date: dt.date, start_time: dt.time) -> dt.datetime:
    """Busy intervals that end before this instant cannot change `evaluate`'s answer to a request for
    this date and time: every seating it can decide for it starts at that wall time on that date or
    later (an overnight service's seating after midnight is the next day's), and it asks the tables
    only about that seating (tests/engine/test_properties.py holds the answers equal)."""
    return dt.datetime.combine(service_date, start_time, tzinfo=policy.timezone) - WALL_CLOCK_MARGIN


def evaluate(policy: Policy, occupancy: Occupancy, request: BookingRequest, now: dt.datetime) -> Decision:
    day = Day(policy, request.service_date, occupancy, now)
    selling, covering = _services_at(day, request.start_time)
    if covering is None:
        return Decision(violations=[violation("no_service_at_this_time")])
    if not selling:
        times = [s.hhmm for s in covering.clock.slots]
        return Decision(violations=[off_grid(request.start_time.strftime("%H:%M"), times)])
    refused = None
    for service, slot in selling:
        decision = _decide(day, service, slot, request)
        if decision.accepted:
            return decision
        refused = refused or decision
    return refused


def _decide(day: Day, service: ServiceDay, slot: Slot, request: BookingRequest) -> Decision:
    """The policy rules together, then the table search, for one service's seating."""
    size = request.party_size
    broken = _policy_violations(day, service, slot, request)
    waived = [code for code in broken if code in request.overrides]
    remaining = [violation(code) for code in broken if code not in request.overrides]
    guarantee = service.shift.guarantee_for(size)
    if guarantee is not None and "guarantee_required" in request.overrides:
        guarantee = None  # waived: the guest is never asked for a card
        if "guarantee_required" not in waived:
            waived.append("guarantee_required")
    decision = Decision(
        waived=waived,
        shift=service.shift,
        slot=slot,
        requires_approval=service.shift.needs_approval(size),
        guarantee=guarantee,
    )
    if remaining:
        decision.violations = remaining
        return decision

    minutes = service.seating_minutes(size)
    decision.ends_at = service.clock.seating_end(slot.starts_at, minutes)
    decision.occupied_until = service.clock.occupied_until(slot.starts_at, minutes)
    if request.entire_group_id is not None:
        tables = [t.id for t in group_tables(day.policy, service.shift, request.entire_group_id)]
        if not tables:
            decision.violations = [violation("no_table_available_in_section", param="entire_section_id")]
            return decision
        conflicts = _section_conflicts(service, tables, slot.starts_at, decision.occupied_until)
        if conflicts:
            decision.violations = [violation("section_occupied", conflicts=conflicts)]
            return decision
        decision.table_ids = tuple(tables)
        return decision
    seating = service.find_seating(slot, size, request.group_id)
    if seating is None:
        code = "no_table_available_in_section" if request.group_id is not None else "no_table_available"
        decision.violations = [violation(code)]
        return decision
    decision.table_ids = seating.table_ids
    return decision
