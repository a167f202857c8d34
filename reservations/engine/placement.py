"""Placing an existing booking (an import): its service, seating time and tables, no rules.

A booking taken from another system is accepted as it is, past or not, over a
cap or not; it still needs a service selling that seating time and, while it
occupies a table, a free one (the same best fit a create would choose).
"""

import datetime as dt

from reservations.engine.day import Day
from reservations.engine.evaluate import Decision
from reservations.engine.occupancy import Occupancy
from reservations.engine.policy import Policy
from reservations.engine.rules import off_grid, violation


def place(
    policy: Policy,
    occupancy: Occupancy,
    service_date: dt.date,
    start_time: dt.time,
    party_size: int,
    now: dt.datetime,
    search_table: bool = True,
) -> Decision:
    day = Day(policy, service_date, occupancy, now)
    covering = [service for service in day.services if service.clock.covers_time(start_time)]
    if not covering:
        return Decision(violations=[violation("no_service_at_this_time")])
    # Display-only services count here: staff may have booked them by phone.
    service, slot = next(
        ((s, s.clock.slot_at(start_time)) for s in covering if s.clock.slot_at(start_time)), (None, None)
    )
    if service is None:
        return Decision(violations=[off_grid(start_time.strftime("%H:%M"), [s.hhmm for s in covering[0].clock.slots])])
    minutes = service.seating_minutes(party_size)
    decision = Decision(
        shift=service.shift,
        slot=slot,
        ends_at=service.clock.seating_end(slot.starts_at, minutes),
        occupied_until=service.clock.occupied_until(slot.starts_at, minutes),
        requires_approval=service.shift.needs_approval(party_size),
    )
    if search_table:
        seating = _any_free_seating(service, party_size, slot.starts_at, decision.occupied_until)
        if seating is None:
            decision.violations = [violation("no_table_available")]
        else:
            decision.table_ids = seating
    return decision


def _any_free_seating(service, party_size: int, start: dt.datetime, end: dt.datetime) -> tuple[int, ...] | None:
    """Best fit among every table and combination of the floor plan, sold online or not."""
    policy, plan = service.policy, service.shift.floor_plan_id
    options = [
        (t.max_capacity, 0, (t.id,))
        for t in policy.tables.values()
        if policy.sections[t.section_id].floor_plan_id == plan and t.min_capacity <= party_size <= t.max_capacity
    ] + [
        (c.max_capacity, 1, c.table_ids)
        for c in policy.combinations
        if c.floor_plan_id == plan and c.min_capacity <= party_size <= c.max_capacity
    ]
    for _, _, tables in sorted(options):
        if all(service.timeline.is_free(table, start, end) for table in tables):
            return tables
    return None
