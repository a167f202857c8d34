"""Small builders of engine data (no database): a policy, its floor, its services, occupancy.

Defaults: a restaurant in Europe/Paris, one floor plan (1) with one section (10) holding
three tables: 1 (1-2 seats), 2 (2-4), 3 (4-6); one dinner service 19:00-22:00 every day
on a 30-minute grid with 120-minute seatings. The usual service date is Saturday
2026-12-05 and the usual "now" is four days before.
"""

import datetime as dt
from zoneinfo import ZoneInfo

from reservations.engine import BookingRequest, Busy, Covers, Occupancy, Policy
from reservations.engine.policy import (
    BlockInfo,
    ClosureInfo,
    CombinationInfo,
    DayNoteInfo,
    GuaranteePolicy,
    SectionInfo,
    ShiftInfo,
    TableInfo,
)

TZ = ZoneInfo("Europe/Paris")
UTC = dt.UTC
DATE = dt.date(2026, 12, 5)  # a Saturday
NOW = dt.datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def t(text: str) -> dt.time:
    hours, minutes = text.split(":")
    return dt.time(int(hours), int(minutes))


def at(date: dt.date, text: str, tz: ZoneInfo = TZ, fold: int = 0) -> dt.datetime:
    """The aware local instant of a wall time on a calendar date."""
    clock = t(text)
    return dt.datetime(date.year, date.month, date.day, clock.hour, clock.minute, tzinfo=tz, fold=fold)


def section(id: int, *, group: int | None = None, plan: int = 1, online: bool = True) -> SectionInfo:
    group = group or id
    return SectionInfo(
        id=id,
        public_id=f"sec_{id}",
        group_id=group,
        group_public_id=f"sec_{group}",
        floor_plan_id=plan,
        bookable_online=online,
    )


def table(id: int, section: int = 10, low: int = 1, high: int = 4, *, online: bool = True) -> TableInfo:
    return TableInfo(
        id=id,
        public_id=f"tbl_{id}",
        name=str(id),
        section_id=section,
        min_capacity=low,
        max_capacity=high,
        bookable_online=online,
        position=(0, section, id),
    )


def combination(id: int, tables, low: int, high: int, *, plan: int = 1, online: bool = True) -> CombinationInfo:
    return CombinationInfo(
        id=id,
        floor_plan_id=plan,
        table_ids=tuple(sorted(tables)),
        min_capacity=low,
        max_capacity=high,
        bookable_online=online,
    )


def guarantee(amount: int = 2000, from_size: int = 1, cancel_hours: int | None = 24) -> GuaranteePolicy:
    return GuaranteePolicy(per_guest_amount=amount, from_party_size=from_size, cancel_hours=cancel_hours)


def shift(id: int = 1, start: str = "19:00", end: str = "22:00", **fields) -> ShiftInfo:
    values = dict(
        id=id,
        public_id=f"shf_{id}",
        floor_plan_id=1,
        name="Dinner",
        guest_message=None,
        days=frozenset(range(7)),
        valid_from=None,
        valid_until=None,
        start_time=t(start),
        end_time=t(end),
        last_seating=None,
        slot_interval_minutes=30,
        seating_minutes=120,
        seating_minutes_by_party_size=(),
        max_covers=None,
        max_covers_per_slot=None,
        cutoff_minutes=None,
        requires_approval=False,
        approval_from_party_size=None,
        guarantee=None,
        display_only=False,
        waitlist_enabled=False,
        online_section_ids=None,
        position=id,
    )
    if isinstance(fields.get("last_seating"), str):
        fields["last_seating"] = t(fields["last_seating"])
    if "days" in fields:
        fields["days"] = frozenset(fields["days"])
    if fields.get("online_section_ids") is not None:
        fields["online_section_ids"] = frozenset(fields["online_section_ids"])
    values.update(fields)
    return ShiftInfo(**values)


DEFAULT_SECTIONS = (section(10),)
DEFAULT_TABLES = (table(1, 10, 1, 2), table(2, 10, 2, 4), table(3, 10, 4, 6))


def policy(
    *,
    sections=DEFAULT_SECTIONS,
    tables=DEFAULT_TABLES,
    combinations=(),
    shifts=None,
    closures=(),
    day_notes=(),
    blocks=(),
    **fields,
) -> Policy:
    values = dict(
        restaurant_id=1,
        timezone=TZ,
        currency="EUR",
        primary_language="fr",
        min_party_size=1,
        max_party_size=10,
        max_advance_days=90,
        default_cutoff_minutes=None,
        payments_enabled=True,
        widget_enabled=True,
        show_seating_preference=False,
    )
    values.update(fields)
    return Policy(
        sections={s.id: s for s in sections},
        tables={tb.id: tb for tb in tables},
        combinations=tuple(combinations),
        shifts=tuple(shifts if shifts is not None else (shift(),)),
        closures=tuple(closures),
        day_notes={note.date: note for note in day_notes},
        blocks=tuple(blocks),
        **values,
    )


def closure(start: dt.date, end: dt.date | None = None, name="Holidays", message=None) -> ClosureInfo:
    return ClosureInfo(name=name, guest_message=message, start_date=start, end_date=end or start)


def note(date: dt.date, message="Note", mode: str = "banner") -> DayNoteInfo:
    return DayNoteInfo(date=date, message=message, mode=mode)


def block(date: dt.date, start: str, end: str, tables=None) -> BlockInfo:
    return BlockInfo(date=date, start_time=t(start), end_time=t(end), table_ids=frozenset(tables) if tables else None)


def busy(table_id: int, start: dt.datetime, end: dt.datetime, owner=("reservation", 999)) -> Busy:
    return Busy(table_id=table_id, start=start, end=end, owner=owner)


def covers(starts_at: dt.datetime, size: int, shift_id: int = 1, date: dt.date = DATE, owner=("reservation", 999)):
    return Covers(shift_id=shift_id, service_date=date, starts_at=starts_at, party_size=size, owner=owner)


def occupancy(busy=(), covers=()) -> Occupancy:
    return Occupancy(busy=list(busy), covers=list(covers))


def request(time: str = "19:00", size: int = 2, date: dt.date = DATE, **fields) -> BookingRequest:
    if "overrides" in fields:
        fields["overrides"] = frozenset(fields["overrides"])
    return BookingRequest(service_date=date, start_time=t(time), party_size=size, **fields)


def booked(decision, size: int, shift_id: int | None = None, date: dt.date = DATE, owner=None, exempt=False):
    """The occupancy an accepted decision adds: its tables busy and (unless exempt) its covers."""
    owner = owner or ("reservation", id(decision))
    items = [busy(tb, decision.starts_at, decision.occupied_until, owner) for tb in decision.table_ids]
    charged = [] if exempt else [covers(decision.starts_at, size, shift_id or decision.shift.id, date, owner)]
    return items, charged


def day(pol: Policy, size: int = 2, date: dt.date = DATE, occ: Occupancy | None = None, now=NOW, group=None):
    from reservations.engine import day_availability

    return day_availability(pol, date, size, occ or Occupancy(), now, group)


def offered(result, index: int = 0) -> list[str]:
    return [offer.slot.hhmm for offer in result.shifts[index].slots]


def unavailable(result, index: int = 0) -> list[str]:
    return [slot.hhmm for slot in result.shifts[index].unavailable_slots]


def codes(decision) -> list[str]:
    return [v.code for v in decision.violations]
