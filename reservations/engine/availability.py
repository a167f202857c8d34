"""Day and month availability, answered by the same rules a create applies."""

import datetime as dt
from dataclasses import dataclass, field

from reservations.engine.clock import Slot
from reservations.engine.day import Day, block_busy, blocks_around
from reservations.engine.occupancy import Busy, CoversLedger, Occupancy, TableTimeline
from reservations.engine.policy import ClosureInfo, GuaranteePolicy, Policy, ShiftInfo
from reservations.engine.seating import bookable_groups, fitting_groups
from reservations.engine.service_day import ServiceDay


@dataclass
class SlotOffer:
    slot: Slot
    available_covers: int | None


@dataclass
class ShiftAvailability:
    shift: ShiftInfo
    effective_cutoff_minutes: int | None
    display_only: bool
    booking_closed: bool
    requires_approval: bool
    waitlist_open: bool
    guarantee: GuaranteePolicy | None
    slots: list[SlotOffer]
    unavailable_slots: list[Slot]
    section_group_ids: list[int]


@dataclass
class DayAvailability:
    date: dt.date
    party_size: int
    day_message: object
    display_only: bool
    message_only: bool
    closure: ClosureInfo | None
    shifts: list[ShiftAvailability] = field(default_factory=list)


def _shift_availability(day: Day, service: ServiceDay, party_size: int, group_id: int | None) -> ShiftAvailability:
    policy, shift = day.policy, service.shift
    display_only = day.is_display_only(service)
    offered: list[SlotOffer] = []
    unavailable: list[Slot] = []
    sells = not display_only and not service.booking_closed and day.party_size_allowed(party_size)
    if sells and not day.beyond_window() and not day.guarantee_blocks(service, party_size):
        mask = day.sellable_mask(service, party_size, group_id)
        for slot in service.clock.slots:
            if service.slot_is_past(slot) or service.shadowed >> slot.index & 1:
                continue
            if mask >> slot.index & 1:
                offered.append(SlotOffer(slot, service.available_covers(slot)))
            else:
                unavailable.append(slot)
    return ShiftAvailability(
        shift=shift,
        effective_cutoff_minutes=service.cutoff_minutes,
        display_only=display_only,
        booking_closed=service.booking_closed,
        requires_approval=shift.needs_approval(party_size),
        waitlist_open=shift.waitlist_enabled and policy.widget_enabled,
        guarantee=shift.guarantee_for(party_size),
        slots=offered,
        unavailable_slots=unavailable,
        section_group_ids=fitting_groups(policy, shift, party_size),
    )


def day_timeline(policy: Policy, date: dt.date, rows: list[tuple[int, int, int]]) -> TableTimeline:
    """The tables' busy intervals around a date: `rows` (see day_availability) and the blocks."""
    return TableTimeline(blocks_around(policy, date), rows=rows)


def day_availability(
    policy: Policy,
    date: dt.date,
    party_size: int,
    occupancy: Occupancy,
    now: dt.datetime,
    group_id: int | None = None,
    rows: list[tuple[int, int, int]] | None = None,
    timeline: TableTimeline | None = None,
    day: Day | None = None,
) -> DayAvailability:
    """`rows`: the tables' busy intervals as (table id, start, end) in epoch seconds, read instead
    of `occupancy.busy` (what the availability loader returns); `timeline`: `day_timeline` of
    them, built already (kept between requests with what it has worked out); `day`: the Day
    itself, built already (kept while the clock cannot change its answers: see
    selectors.kept_occupancy), and then `occupancy`, `now`, `rows` and `timeline` are not read."""
    if day is None:
        if timeline is None and rows is not None:
            timeline = day_timeline(policy, date, rows)
        day = Day(policy, date, occupancy, now, timeline=timeline)
    result = DayAvailability(
        date=date,
        party_size=party_size,
        day_message=day.day_message,
        display_only=day.display_only,
        message_only=day.message_only,
        closure=day.closure,
    )
    result.shifts = [_shift_availability(day, service, party_size, group_id) for service in day.services]
    return result


@dataclass
class MonthDay:
    date: dt.date
    past: bool
    beyond_window: bool
    closure: ClosureInfo | None
    no_service: bool
    message_only: bool
    day_message: object
    display_only: bool
    booking_closed: bool
    party_sizes: list[int]
    sections: list[tuple[int, list[int]]]  # (group id, party sizes)
    waitlist_party_sizes: list[int]


def _still_seating(day: Day) -> bool:
    return any(not service.last_seating_passed for service in day.services)


def _month_day(day: Day, yesterday_seating: bool) -> MonthDay:
    policy = day.policy
    past = day.date < day.today and not (day.date == day.today - dt.timedelta(days=1) and yesterday_seating)
    beyond = day.beyond_window()
    sizes: list[int] = []
    sections: dict[int, list[int]] = {}
    waitlist: list[int] = []
    open_services = [s for s in day.services if not day.is_display_only(s) and not s.booking_closed]
    if not past and not beyond and open_services:
        low, high = policy.party_size_bounds()
        groups: list[int] = []
        if policy.show_seating_preference:
            for service in open_services:
                groups.extend(g for g in bookable_groups(policy, service.shift) if g not in groups)
        for party_size in range(low, high + 1):
            # Per service: can the party book one of its slots, and in which groups (a group an
            # earlier service offers need not be looked for again; a service that can add nothing
            # to the answer is not asked). The rules of Day.sellable_mask: display-only services,
            # a date beyond the window and a past date are settled above for the whole day.
            allowed = day.party_size_allowed(party_size)
            waitlist_open = policy.widget_enabled and allowed
            sold, unsold_waitlist, missing = False, False, set(groups)
            for service in open_services:
                waitlist_asks = waitlist_open and service.shift.waitlist_enabled
                if sold and not missing and not waitlist_asks:
                    continue
                offer = None
                if allowed and not day.guarantee_blocks(service, party_size):
                    offer = service.offered_groups(party_size, missing)
                if offer is None:
                    unsold_waitlist = unsold_waitlist or waitlist_asks
                else:
                    sold = True
                    missing -= offer
            if sold:
                sizes.append(party_size)
                for group in groups:
                    if group not in missing:
                        sections.setdefault(group, []).append(party_size)
            if unsold_waitlist:
                waitlist.append(party_size)
        ordered = [g for g in policy.sections if g in sections]
        section_list = [(group, sections[group]) for group in ordered]
    else:
        section_list = []
    return MonthDay(
        date=day.date,
        past=past,
        beyond_window=beyond,
        closure=day.closure,
        no_service=day.closure is not None or (not day.message_only and not day.services),
        message_only=day.message_only,
        day_message=day.day_message,
        display_only=day.display_only,
        booking_closed=bool(day.services) and all(s.booking_closed for s in day.services),
        party_sizes=sizes,
        sections=section_list,
        waitlist_party_sizes=waitlist,
    )


def month_timeline(
    policy: Policy,
    first: dt.date,
    last: dt.date,
    busy: list[Busy] | None = None,
    rows: list[tuple[int, int, int]] | None = None,
) -> TableTimeline:
    """One timeline for the dates first..last (see month_availability), the blocks of every date
    that can reach them included."""
    blocks = list(busy or ())
    for offset in range((last - first).days + 3):
        for block in policy.blocks_on(first + dt.timedelta(days=offset - 1)):
            blocks.extend(block_busy(policy, block))
    return TableTimeline(blocks, rows=rows or ())


def month_availability(
    policy: Policy,
    first: dt.date,
    last: dt.date,
    occupancy_by_date: dict[dt.date, Occupancy],
    now: dt.datetime,
    ledger: CoversLedger,
    busy: list[Busy] | None = None,
    rows: list[tuple[int, int, int]] | None = None,
    timeline: TableTimeline | None = None,
) -> list[MonthDay]:
    """One MonthDay per date from `first` to `last` (inclusive).

    `busy`, or `rows` as (table id, start, end) in epoch seconds: every busy interval of the month
    at once (what the dates' occupancies hold, in one list); then one timeline serves every date,
    blocks included, and `occupancy_by_date` is not read. The answer is the same: a timeline
    answers exact overlaps, whatever else it holds. `timeline`: `month_timeline` of them, built
    already (kept between requests with what it has worked out).
    """
    days: list[MonthDay] = []
    empty = Occupancy()
    yesterday_seating = None
    if timeline is None and (busy is not None or rows is not None):
        timeline = month_timeline(policy, first, last, busy=busy, rows=rows)
    date = first
    today = now.astimezone(policy.timezone).date()
    while date <= last:
        day = Day(policy, date, occupancy_by_date.get(date, empty), now, ledger, timeline)
        if date == today - dt.timedelta(days=1):
            yesterday_seating = _still_seating(day)
        days.append(_month_day(day, bool(yesterday_seating)))
        date += dt.timedelta(days=1)
    return days
