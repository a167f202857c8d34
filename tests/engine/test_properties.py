"""Property tests: random floor plans, services and booking sequences.

1. Applying accepted decisions one by one never puts two parties on one table at
   overlapping times, never seats a party on a blocked table, and never exceeds a
   covers cap (unless the cap was waived or the booking is exempt).
2. Availability and evaluate() agree: every slot offered is accepted without any
   override, and every seating evaluate() accepts is offered in its service.
3. evaluate() answers the same without the busy intervals that end before `relevant_since`
   (what the booking step reads for a create or a hold).
4. A month day lists exactly the party sizes (overall and per section group) that the
   day offers a slot to, and the waitlist sizes of services with no slot for them.
"""

import datetime as dt
from collections import defaultdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reservations.engine import Occupancy, day_availability, evaluate
from reservations.engine.day import blocks_around
from reservations.engine.evaluate import relevant_since
from reservations.engine.rules import OVERRIDABLE
from tests.engine.builders import TZ, UTC, block, booked, combination, policy, request, section, shift, table

DATES = [
    dt.date(2026, 12, 5),
    dt.date(2026, 3, 28),  # the night into spring forward
    dt.date(2026, 3, 29),
    dt.date(2026, 10, 24),  # the night into fall back
    dt.date(2026, 10, 25),
]
PROPERTY_SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


def hhmm(minutes: int) -> str:
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@st.composite
def floors(draw):
    """Sections (some grouped, on one or two plans), tables and joined-table combinations."""
    plans = draw(st.integers(1, 2))
    sections = []
    for index in range(draw(st.integers(1, 4))):
        sid = 10 + index
        plan = draw(st.integers(1, plans))
        leaders = [s for s in sections if s.group_id == s.id]
        group = None
        if leaders and draw(st.booleans()):
            group = draw(st.sampled_from(leaders)).id
        sections.append(section(sid, group=group, plan=plan, online=draw(st.booleans() | st.just(True))))
    tables = []
    for index in range(draw(st.integers(1, 7))):
        sec = draw(st.sampled_from(sections))
        low = draw(st.integers(1, 3))
        high = low + draw(st.integers(0, 4))
        tables.append(table(index + 1, sec.id, low, high, online=draw(st.booleans() | st.just(True) | st.just(True))))
    combos = []
    plan_of = {s.id: s.floor_plan_id for s in sections}
    for index in range(draw(st.integers(0, 3))):
        plan = draw(st.integers(1, plans))
        on_plan = [tb.id for tb in tables if plan_of[tb.section_id] == plan]
        if len(on_plan) < 2:
            continue
        members = draw(st.lists(st.sampled_from(on_plan), min_size=2, max_size=3, unique=True))
        low = draw(st.integers(2, 8))
        combos.append(
            combination(
                100 + index,
                members,
                low,
                low + draw(st.integers(0, 4)),
                plan=plan,
                online=draw(st.booleans() | st.just(True)),
            )
        )
    return sections, tables, combos, plans


@st.composite
def services(draw, sections, plans):
    result = []
    for index in range(draw(st.integers(1, 3))):
        start = draw(st.integers(0, 95)) * 15
        length = draw(st.integers(2, 40)) * 15
        interval = draw(st.sampled_from([15, 30, 45, 60]))
        last = None
        if draw(st.booleans()):
            last = hhmm(start + draw(st.integers(0, length // 15)) * 15)
        by_size = ()
        if draw(st.booleans()):
            by_size = ((draw(st.integers(2, 6)), draw(st.sampled_from([60, 150, 240]))),)
        plan = draw(st.integers(1, plans))
        online = None
        if draw(st.booleans()):
            on_plan = [s.id for s in sections if s.floor_plan_id == plan] or [sections[0].id]
            online = draw(st.lists(st.sampled_from(on_plan), min_size=0, max_size=3, unique=True))
        result.append(
            shift(
                index + 1,
                start=hhmm(start),
                end=hhmm(start + length),
                last_seating=last,
                slot_interval_minutes=interval,
                seating_minutes=draw(st.sampled_from([None, 30, 60, 90, 120, 180])),
                seating_minutes_by_party_size=by_size,
                max_covers=draw(st.none() | st.integers(2, 30)),
                max_covers_per_slot=draw(st.none() | st.integers(1, 12)),
                cutoff_minutes=draw(st.sampled_from([None, None, -1, 0, 60, 1440])),
                floor_plan_id=plan,
                online_section_ids=online,
                display_only=draw(st.integers(0, 9)) == 0,
                requires_approval=draw(st.booleans()),
                waitlist_enabled=draw(st.booleans()),
                days=draw(st.sets(st.integers(0, 6), min_size=5)),
            )
        )
    return result


@st.composite
def worlds(draw):
    """A policy, a service date and a moment to look from."""
    sections, tables, combos, plans = draw(floors())
    date = draw(st.sampled_from(DATES))
    blocks = []
    for _ in range(draw(st.integers(0, 2))):
        start = draw(st.integers(0, 95)) * 15
        chosen = draw(st.none() | st.lists(st.sampled_from([tb.id for tb in tables]), min_size=1, max_size=2))
        blocks.append(
            block(
                date + dt.timedelta(days=draw(st.integers(-1, 1))),
                hhmm(start),
                hhmm(start + draw(st.integers(1, 16)) * 15),
                chosen,
            )
        )
    pol = policy(
        sections=sections,
        tables=tables,
        combinations=combos,
        shifts=draw(services(sections, plans)),
        blocks=blocks,
        min_party_size=draw(st.sampled_from([None, 1, 2])),
        max_party_size=draw(st.sampled_from([None, 6, 8, 12])),
        max_advance_days=draw(st.sampled_from([None, 1, 3, 30])),
        default_cutoff_minutes=draw(st.sampled_from([None, -1, 0, 120])),
    )
    midnight = dt.datetime(date.year, date.month, date.day, tzinfo=TZ).astimezone(UTC)
    now = midnight + dt.timedelta(minutes=draw(st.integers(-3 * 24 * 60, 26 * 60)))
    return pol, date, now


@st.composite
def requests(draw, pol, date, *, allow_cap_waiver: bool):
    """A booking request, mostly at a seating time of one of the services."""
    if draw(st.integers(0, 4)) and pol.shifts:
        chosen = draw(st.sampled_from(pol.shifts))
        start = chosen.start_time.hour * 60 + chosen.start_time.minute
        minutes = start + draw(st.integers(0, 40)) * chosen.slot_interval_minutes
    else:
        minutes = draw(st.integers(0, 95)) * 15
    overridable = sorted(OVERRIDABLE if allow_cap_waiver else OVERRIDABLE - {"slot_no_longer_available"})
    groups = sorted({s.group_id for s in pol.sections.values()})
    entire = draw(st.integers(0, 9)) == 0
    group = draw(st.sampled_from(groups)) if not entire and draw(st.integers(0, 3)) == 0 else None
    return request(
        hhmm(minutes),
        draw(st.integers(1, 10)),
        date=date + dt.timedelta(days=draw(st.integers(0, 1))),
        group_id=group,
        entire_group_id=draw(st.sampled_from(groups)) if entire else None,
        excluded_from_shift_limits=draw(st.integers(0, 4)) == 0,
        overrides=draw(st.sets(st.sampled_from(overridable), max_size=3)),
    )


def _apply(pol, date, now, data, steps, *, allow_cap_waiver=False):
    """Run a random sequence of requests; return the accepted (decision, request) pairs and the occupancy."""
    occ = Occupancy()
    accepted = []
    for _ in range(steps):
        req = data.draw(requests(pol, date, allow_cap_waiver=allow_cap_waiver))
        decision = evaluate(pol, occ, req, now)
        if not decision.accepted:
            continue
        assert decision.table_ids
        items, charged = booked(
            decision,
            req.party_size,
            date=req.service_date,
            owner=("reservation", len(accepted)),
            exempt=req.excluded_from_shift_limits,
        )
        occ.busy.extend(items)
        occ.covers.extend(charged)
        accepted.append((decision, req))
    return accepted, occ


@PROPERTY_SETTINGS
@given(world=worlds(), data=st.data())
def test_never_two_parties_on_one_table_and_never_over_a_cap(world, data):
    pol, date, now = world
    accepted, occ = _apply(pol, date, now, data, data.draw(st.integers(1, 25)))

    by_table = defaultdict(list)
    for item in occ.busy:
        by_table[item.table_id].append((item.start, item.end, item.owner))
    for spans in by_table.values():
        spans.sort()
        for (_a1, b1, o1), (a2, _b2, o2) in zip(spans, spans[1:], strict=False):
            assert b1 <= a2, f"two parties on one table: {o1} until {b1}, {o2} from {a2}"

    blocked = blocks_around(pol, date) + blocks_around(pol, date + dt.timedelta(days=1))
    for item in occ.busy:
        for blk in blocked:
            if blk.table_id == item.table_id:
                assert not (blk.start < item.end and item.start < blk.end), "a party seated on a blocked table"

    per_service, per_slot = defaultdict(int), defaultdict(int)
    for decision, req in accepted:
        if req.excluded_from_shift_limits:
            continue
        per_service[(decision.shift.id, req.service_date)] += req.party_size
        per_slot[(decision.shift.id, req.service_date, decision.starts_at)] += req.party_size
    shifts = {s.id: s for s in pol.shifts}
    for (shift_id, _), total in per_service.items():
        cap = shifts[shift_id].max_covers
        assert cap is None or total <= cap
    for (shift_id, _, _), total in per_slot.items():
        cap = shifts[shift_id].max_covers_per_slot
        assert cap is None or total <= cap


@PROPERTY_SETTINGS
@given(world=worlds(), data=st.data())
def test_intervals_ending_before_the_requested_time_change_no_answer(world, data):
    pol, date, now = world
    _, occ = _apply(pol, date, now, data, data.draw(st.integers(1, 25)), allow_cap_waiver=True)
    for _ in range(5):
        req = data.draw(requests(pol, date, allow_cap_waiver=True))
        since = relevant_since(pol, req.service_date, req.start_time)
        recent = Occupancy(busy=[item for item in occ.busy if item.end > since], covers=occ.covers)
        assert evaluate(pol, recent, req, now) == evaluate(pol, occ, req, now)


@PROPERTY_SETTINGS
@given(world=worlds(), data=st.data())
def test_availability_offers_exactly_what_evaluate_accepts(world, data):
    pol, date, now = world
    _, occ = _apply(pol, date, now, data, data.draw(st.integers(0, 12)), allow_cap_waiver=True)
    groups = sorted({s.group_id for s in pol.sections.values()})
    group = data.draw(st.none() | st.sampled_from(groups))
    for size in range(1, 11):
        result = day_availability(pol, date, size, occ, now, group)
        offered = {(item.shift.id, offer.slot.hhmm) for item in result.shifts for offer in item.slots}
        for item in result.shifts:
            for offer in item.slots:
                decision = evaluate(pol, occ, request(offer.slot.hhmm, size, date=date, group_id=group), now)
                assert decision.accepted, (item.shift.id, offer.slot.hhmm, size, [v.code for v in decision.violations])
                assert decision.waived == []
                assert decision.starts_at == offer.slot.starts_at
                assert (decision.shift.id, offer.slot.hhmm) in offered
            for slot in item.unavailable_slots:
                decision = evaluate(pol, occ, request(slot.hhmm, size, date=date, group_id=group), now)
                assert not decision.accepted or decision.shift.id != item.shift.id
        # Every seating time of every service: accepted means offered in the service that took it.
        times = {slot.hhmm for item in result.shifts for slot in _grid(pol, item.shift, date)}
        for time in sorted(times):
            decision = evaluate(pol, occ, request(time, size, date=date, group_id=group), now)
            if decision.accepted:
                assert (decision.shift.id, time) in offered, (time, size, decision.shift.id)


def _grid(pol, info, date):
    from reservations.engine.clock import ServiceClock

    return ServiceClock(info, date, pol.timezone).slots


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(world=worlds(), data=st.data())
def test_month_agrees_with_the_day(world, data):
    """A month day lists exactly the sizes (and per group, the sizes) the day offers a slot to."""
    from dataclasses import replace

    from reservations.engine import CoversLedger, month_availability

    pol, date, now = world
    pol = replace(pol, show_seating_preference=True, widget_enabled=True, _cache={})
    _, occ = _apply(pol, date, now, data, data.draw(st.integers(0, 12)), allow_cap_waiver=True)
    (month_day,) = [d for d in month_availability(pol, date, date, {date: occ}, now, CoversLedger(occ.covers))]
    low, high = pol.party_size_bounds()
    if month_day.past or month_day.beyond_window:
        assert month_day.party_sizes == [] and month_day.sections == []
        return
    sizes, by_group, waitlist = [], defaultdict(list), []
    groups = sorted({s.group_id for s in pol.sections.values()})
    for size in range(low, high + 1):
        result = day_availability(pol, date, size, occ, now)
        if any(item.slots for item in result.shifts):
            sizes.append(size)
            for group in groups:
                if any(item.slots for item in day_availability(pol, date, size, occ, now, group).shifts):
                    by_group[group].append(size)
        allowed = (pol.min_party_size or 1) <= size <= (pol.max_party_size or size)
        if allowed and any(
            item.shift.waitlist_enabled and not item.slots and not item.booking_closed and not item.display_only
            for item in result.shifts
        ):
            waitlist.append(size)
    assert month_day.party_sizes == sizes
    assert dict(month_day.sections) == dict(by_group)
    assert month_day.waitlist_party_sizes == waitlist
