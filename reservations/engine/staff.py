"""What staff may book or change, and what they are warned of: the engine's answer for a phone
booking, a walk-in, a move or a waitlist seat.

Staff are refused only by what is physically true: no service at that time (or it is over), a
table not on the service's floor plan, a party larger than the tables chosen, a table another party
holds (the allocation rows' exclusion constraint holds it too), no free table when none is chosen.
Every online rule is a warning instead (staff_warnings.WARNINGS), for the service to have confirmed.
"""

import datetime as dt
from bisect import bisect_right
from dataclasses import dataclass, field

from reservations.engine.clock import DAY, ServiceClock, Slot, local_instant, minutes_of
from reservations.engine.day import Day, blocks_around
from reservations.engine.evaluate import Decision
from reservations.engine.occupancy import CoversLedger, Occupancy, TableTimeline, epoch
from reservations.engine.policy import Policy, ShiftInfo
from reservations.engine.seating import Candidate, candidates
from reservations.engine.service_day import ServiceDay
from reservations.engine.staff_warnings import WARNINGS

# A walk-in is seated in the service running now, or in one starting within this time.
WALK_IN_EARLY = dt.timedelta(hours=1)
# A walk-in may take a table free for at least this long, until its next booking (as hosts do).
WALK_IN_SHORTEST = 30 * 60


@dataclass(frozen=True)
class StaffRequest:
    service_date: dt.date
    start_time: dt.time  # local wall-clock time (a walk-in: now's)
    party_size: int
    table_ids: tuple[int, ...] = ()  # the tables staff chose; () for the best free fit
    keep_tables: tuple[int, ...] = ()  # a move's current tables: kept when free and large enough
    excluded_from_shift_limits: bool = False
    walk_in: bool = False  # seated now: no cut-off, grid, approval or card warnings
    rules: bool = True  # False: only the tables change (a move to another table), no rule is judged
    card_askable: bool = True  # whether the guest can be asked for a card (payments on, an e-mail known)
    span: tuple[dt.datetime, dt.datetime] | None = None  # the range to occupy when it is not the seating's


@dataclass(frozen=True)
class StaffWarning:
    code: str
    message: str


@dataclass
class StaffDecision(Decision):
    warnings: list[StaffWarning] = field(default_factory=list)
    refusal: str | None = None  # the code of a physical refusal
    refusal_message: str = ""
    # Intervals in the way on the chosen tables: (table id, start, end) in epoch seconds.
    clashes: tuple[tuple[int, int, int], ...] = ()
    span_start: dt.datetime | None = None  # where the occupied range starts (the seating's start unless `span`)
    cut_short: bool = False  # a walk-in seated until the table's next booking

    @property
    def codes(self) -> list[str]:
        return [warning.code for warning in self.warnings]

    @property
    def occupied_from(self) -> dt.datetime | None:
        return self.span_start or self.starts_at


def _text(value, language: str) -> str:
    if isinstance(value, dict):
        return value.get(language) or next(iter(value.values()), "")
    return value or ""


def long_date(date: dt.date) -> str:
    return f"{date:%A} {date.day} {date:%B}"


def hhmm(value: dt.datetime | dt.time) -> str:
    return f"{value.hour:02d}:{value.minute:02d}"


def refused(code: str, message: str, **fields) -> StaffDecision:
    return StaffDecision(refusal=code, refusal_message=message, **fields)


def running_service(policy: Policy, now: dt.datetime) -> tuple[dt.date, ShiftInfo] | None:
    """The service a walk-in is seated in now: running (today's, or yesterday's past midnight), or
    starting within WALK_IN_EARLY. A closed date runs none."""
    today = now.astimezone(policy.timezone).date()
    for date in (today, today - dt.timedelta(days=1)):
        if policy.closure_on(date) is not None:
            continue
        for shift in policy.shifts_on(date):
            clock = ServiceClock(shift, date, policy.timezone)
            if clock.starts_at - WALK_IN_EARLY <= now < clock.ends_at:
                return date, shift
    return None


def _service_at(services: list[ServiceDay], time: dt.time, walk_in: bool) -> tuple[ServiceDay, Slot | None] | None:
    """The service whose span [start, end) holds the wall time, one selling it on its grid first. A
    walk-in's (now) may also be up to WALK_IN_EARLY before a service starts."""
    if walk_in:
        for service in services:
            clock = service.clock
            if clock.starts_at - WALK_IN_EARLY <= service.now < clock.ends_at:
                return service, None
        return None
    minutes = minutes_of(time)
    covering = []
    for service in services:
        clock = service.clock
        for candidate in (minutes, minutes + DAY):
            if clock.start_minutes <= candidate < clock.end_minutes or candidate == clock.start_minutes:
                covering.append((service, candidate))
                break
    for service, _ in covering:
        slot = service.clock.slot_at(time)
        if slot is not None:
            return service, slot
    if covering:
        return covering[0][0], None  # off the grid: the caller makes the slot
    return None


def _off_grid_slot(service: ServiceDay, time: dt.time, tz, walk_in: bool) -> Slot | None:
    """A seating at a wall time off the grid, counted against the seating time before it (pacing);
    a walk-in's is now (to the minute), which may be shortly before the service opens."""
    clock = service.clock
    if walk_in:
        local = service.now.astimezone(tz).replace(second=0, microsecond=0)
        minutes = (local.date() - service.date).days * DAY + local.hour * 60 + local.minute
        instant = local
    else:
        minutes = minutes_of(time)
        if minutes < clock.start_minutes:
            minutes += DAY
        instant = local_instant(service.date, minutes, tz)
        if instant is None:
            return None
    index = max(0, bisect_right([slot.minutes for slot in clock.slots], minutes) - 1)
    return Slot(index=index, minutes=minutes, starts_at=instant)


def evaluate_staff(policy: Policy, occupancy: Occupancy, request: StaffRequest, now: dt.datetime) -> StaffDecision:
    tz = policy.timezone
    day = Day(policy, request.service_date, Occupancy(), now)  # the date's closure and notes
    when = long_date(request.service_date)
    if day.closure is not None:
        name = _text(day.closure.name, policy.primary_language)
        return refused("no_service_at_this_time", f"The restaurant is closed on {when}{f' ({name})' if name else ''}.")
    ledger = CoversLedger(occupancy.covers)
    bookings = rows_by_table(occupancy)  # bookings' and holds' intervals, no block
    services = [
        ServiceDay(policy, shift, request.service_date, TableTimeline(), ledger, now)
        for shift in policy.shifts_on(request.service_date)
    ]
    found = _service_at(services, request.start_time, request.walk_in)
    at = hhmm(request.start_time)
    if found is None:
        return refused("no_service_at_this_time", f"No service runs at {at} on {when}.")
    service, slot = found
    shift = service.shift
    name = _text(shift.name, policy.primary_language) or "The service"
    if now >= service.clock.ends_at:
        return refused("service_over", f"{name} on {when} is over.")
    warnings: list[StaffWarning] = []
    if slot is None:
        slot = _off_grid_slot(service, request.start_time, tz, request.walk_in)
        if slot is None:
            return refused("no_service_at_this_time", f"{at} does not exist on {when}: the clocks change.")
        if not request.walk_in and request.rules:
            times = ", ".join(s.hhmm for s in service.clock.slots[slot.index : slot.index + 2])
            warnings.append(_warn("start_time_off_grid", f"{at} is not a seating time of {name} ({times}…)."))
    size = request.party_size
    minutes = service.seating_minutes(size)
    decision = StaffDecision(shift=shift, slot=slot, requires_approval=shift.needs_approval(size))
    decision.ends_at = service.clock.seating_end(slot.starts_at, minutes)
    decision.occupied_until = service.clock.occupied_until(slot.starts_at, minutes)
    decision.span_start = slot.starts_at
    if request.span is not None:
        decision.span_start, decision.occupied_until = request.span
    if request.rules:
        warnings += _rule_warnings(day, service, slot, request, name)
        decision.guarantee = None if request.walk_in else shift.guarantee_for(size)
    blocks = _blocks(policy, request.service_date)
    tables = _tables(policy, service, request, decision, bookings, blocks)
    if isinstance(tables, StaffDecision):
        return tables
    decision.table_ids, blocked = tables
    for table_id, start, end in blocked:
        table = policy.tables[table_id].name
        span = f"{hhmm(_local(start, tz))}–{hhmm(_local(end, tz))}"
        warnings.append(_warn("table_blocked", f"{table} is blocked {span} by the restaurant."))
    decision.warnings = warnings
    return decision


def _warn(code: str, message: str | None = None) -> StaffWarning:
    return StaffWarning(code, message or WARNINGS[code])


def _local(instant: int, tz) -> dt.datetime:
    return dt.datetime.fromtimestamp(instant, tz)


def _rule_warnings(day: Day, service: ServiceDay, slot: Slot, request: StaffRequest, name: str) -> list[StaffWarning]:
    policy, size = day.policy, request.party_size
    found: list[StaffWarning] = []
    low, high = policy.min_party_size, policy.max_party_size
    if low is not None and size < low:
        found.append(_warn("party_size_too_small", f"Online, the smallest party is {low}; this one is {size}."))
    if high is not None and size > high:
        found.append(_warn("party_size_too_large", f"Online, the largest party is {high}; this one is {size}."))
    if day.beyond_window():
        days = policy.max_advance_days
        found.append(_warn("advance_window_exceeded", f"Online, bookings open {days} days ahead; this date is later."))
    if not request.walk_in and service.cutoff_passed:
        found.append(_warn("cutoff_passed", f"Online booking for {name} has closed ({_cutoff_words(service)})."))
    if not request.excluded_from_shift_limits and not service.caps_allow(slot, size):
        found.append(_warn("slot_no_longer_available", _caps_words(service, slot, size, name)))
    if not request.walk_in and service.shift.guarantee_for(size) is not None and not request.card_askable:
        found.append(_warn("guarantee_required"))
    if not request.walk_in and service.shift.needs_approval(size):
        found.append(_warn("approval_required", f"Online, {name} waits for a manager's approval for this party."))
    if not request.walk_in and slot.starts_at < day.now.replace(second=0, microsecond=0):
        found.append(_warn("date_in_past", f"{slot.hhmm} has already passed."))
    return found


def _cutoff_words(service: ServiceDay) -> str:
    cutoff = service.cutoff_minutes
    if cutoff == -1:
        return f"at the last seating, {hhmm(service.clock.last_seating_at)}"
    closed = service.clock.starts_at.astimezone(dt.UTC) - dt.timedelta(minutes=cutoff or 0)
    return f"at {hhmm(closed.astimezone(service.policy.timezone))}"


def _caps_words(service: ServiceDay, slot: Slot, size: int, name: str) -> str:
    shift = service.shift
    if shift.max_covers is not None and service.covers_taken + size > shift.max_covers:
        return f"{name} has {service.covers_taken} of {shift.max_covers} covers booked; a party of {size} goes over."
    taken = service.slot_covers(slot) if slot.index < len(service.clock.slots) else 0
    cap = shift.max_covers_per_slot
    return f"{slot.hhmm} has {taken} of {cap} covers per seating time booked; a party of {size} goes over."


def rows_by_table(occupancy: Occupancy) -> dict[int, list[tuple[int, int]]]:
    """{table id: [(start, end), ...]} in epoch seconds, of the bookings and holds in `occupancy`."""
    found: dict[int, list[tuple[int, int]]] = {}
    for table_id, start, end in occupancy.rows:
        found.setdefault(table_id, []).append((start, end))
    for busy in occupancy.busy:
        found.setdefault(busy.table_id, []).append((epoch(busy.start), epoch(busy.end)))
    return found


def _blocks(policy: Policy, date: dt.date) -> dict[int, list[tuple[int, int]]]:
    found: dict[int, list[tuple[int, int]]] = {}
    for busy in blocks_around(policy, date):
        found.setdefault(busy.table_id, []).append((epoch(busy.start), epoch(busy.end)))
    return found


def _overlapping(spans, start: int, end: int):
    return [(a, b) for a, b in spans if a < end and b > start]


def _tables(policy: Policy, service: ServiceDay, request: StaffRequest, decision: StaffDecision, bookings, blocks):
    """(the tables, the blocks on them) or a refusal."""
    start, end = epoch(decision.span_start), epoch(decision.occupied_until)
    size = request.party_size

    def taken(table_ids) -> list[tuple[int, int, int]]:
        return [(t, a, b) for t in table_ids for a, b in _overlapping(bookings.get(t, ()), start, end)]

    def blocked(table_ids) -> list[tuple[int, int, int]]:
        return [(t, a, b) for t in table_ids for a, b in _overlapping(blocks.get(t, ()), start, end)]

    def free_until(table_ids) -> int | None:
        """When the first of these tables is next taken (booking, hold or block); None if one is now."""
        until = end
        for table_id in table_ids:
            for a, b in (*bookings.get(table_id, ()), *blocks.get(table_id, ())):
                if a <= start < b:
                    return None
                if start < a < until:
                    until = a
        return until

    def cut_short(table_ids) -> bool:
        """A walk-in onto tables free now but not for the whole seating: seated until they are next taken."""
        until = free_until(table_ids) if request.walk_in else None
        if until is None or until - start < WALK_IN_SHORTEST:
            return False
        decision.occupied_until = dt.datetime.fromtimestamp(until, decision.occupied_until.tzinfo)
        if decision.ends_at is not None:
            decision.ends_at = min(decision.ends_at, decision.occupied_until)
        decision.cut_short = True
        return True

    if request.table_ids:
        chosen = tuple(dict.fromkeys(request.table_ids))
        for table_id in chosen:
            table = policy.tables.get(table_id)
            if table is None or policy.sections[table.section_id].floor_plan_id != service.shift.floor_plan_id:
                label = table.name if table is not None else "That table"
                name = _text(service.shift.name, policy.primary_language) or "this service"
                return refused("table_not_in_service", f"{label} is not on the floor plan of {name}.")
        seats = seats_of(policy, chosen)
        if size > seats:
            names = ", ".join(policy.tables[t].name for t in chosen)
            return refused(
                "tables_too_small", f"{names} seat{'s' if len(chosen) == 1 else ''} {seats}; the party is {size}."
            )
        clashes = taken(chosen)
        if clashes and cut_short(chosen):
            return chosen, []
        if clashes:
            names = ", ".join(dict.fromkeys(policy.tables[t].name for t, _, _ in clashes))
            return refused(
                "table_conflict",
                f"{names} {'is' if ',' not in names else 'are'} taken at that time.",
                clashes=tuple(clashes),
            )
        return chosen, blocked(chosen)
    kept = tuple(request.keep_tables)
    if kept and seats_of(policy, kept) >= size and not taken(kept) and not blocked(kept):
        return kept, []
    found = staff_candidates(policy, service.shift, size)
    for candidate in found:
        if not taken(candidate.table_ids) and not blocked(candidate.table_ids):
            return candidate.table_ids, []
    if request.walk_in:  # none free for the whole seating: the one free the longest, until its next booking
        longest = max(found, key=lambda c: free_until(c.table_ids) or 0, default=None)
        if longest is not None and cut_short(longest.table_ids):
            return longest.table_ids, []
    return refused(
        "no_table_available",
        f"No free table seats {size} at {decision.slot.hhmm}: choose the tables yourself, or another time.",
    )


def seats_of(policy: Policy, table_ids) -> int:
    """What these tables seat together: a combination's own maximum when they are one, else the sum."""
    wanted = frozenset(table_ids)
    for combo in policy.combinations:
        if frozenset(combo.table_ids) == wanted:
            return combo.max_capacity
    return sum(policy.tables[t].max_capacity for t in table_ids if t in policy.tables)


def staff_candidates(policy: Policy, shift: ShiftInfo, party_size: int) -> list[Candidate]:
    """Where staff may seat a party when they choose no table, best first: the tables and
    combinations sold online (best fit), then every other one of the floor plan that fits, then any
    single table large enough (its minimum set aside)."""
    key = ("staff_candidates", shift.id, party_size)
    cached = policy._cache.get(key)
    if cached is not None:
        return cached
    found = list(candidates(policy, shift, party_size))
    seen = {candidate.table_ids for candidate in found}
    on_plan = [t for t in policy.tables.values() if policy.sections[t.section_id].floor_plan_id == shift.floor_plan_id]
    more: list[tuple[tuple, Candidate]] = []
    for table in on_plan:
        if table.min_capacity <= party_size <= table.max_capacity and (table.id,) not in seen:
            more.append(
                (
                    (0, table.max_capacity, table.position, table.id),
                    Candidate((table.id,), table.min_capacity, table.max_capacity, False),
                )
            )
    for combo in policy.combinations:
        if combo.floor_plan_id == shift.floor_plan_id and combo.min_capacity <= party_size <= combo.max_capacity:
            if combo.table_ids not in seen:
                more.append(
                    (
                        (0, combo.max_capacity, (), combo.id),
                        Candidate(combo.table_ids, combo.min_capacity, combo.max_capacity, True),
                    )
                )
    for table in on_plan:
        if party_size < table.min_capacity and (table.id,) not in seen:
            more.append(
                (
                    (1, table.max_capacity, table.position, table.id),
                    Candidate((table.id,), table.min_capacity, table.max_capacity, False),
                )
            )
    found += [candidate for _, candidate in sorted(more, key=lambda item: item[0])]
    policy._cache[key] = found
    return found
