"""Loads the policy the engine reasons over from the database (occupancy: occupancy_data).

The policy is cached per process, keyed by the restaurant's `policy_version`,
which every policy edit bumps and every request reads with its API key: a
derived cache, never a source of truth. Occupancy is always read fresh.
"""

import datetime as dt

from django.contrib.postgres.aggregates import ArrayAgg
from django.db.models import F, JSONField, Q, Value

from config.formats import zone
from config.lru import Lru
from config.postgresql.prepared import Statement
from config.postgresql.replica import reading
from config.postgresql.round_trip import Part, Results
from reservations.engine.clock import ServiceClock
from reservations.engine.policy import (
    BlockInfo,
    ClosureInfo,
    CombinationInfo,
    DayNoteInfo,
    GuaranteePolicy,
    Policy,
    SectionInfo,
    ShiftInfo,
    TableInfo,
)
from reservations.models import Block, Closure, Combination, DayNote, Restaurant, Section, Shift

# restaurant pk -> (policy_version, Policy)
_POLICY_CACHE = Lru(256)


VERSION_FIELDS = ("policy_version", "availability_version")
VERSIONS = Statement(
    "restaurant_versions", f"SELECT policy_version, availability_version FROM {Restaurant._meta.db_table} WHERE id = %s"
)


def versions_read(restaurant) -> Part:
    """The restaurant's version counters as a part of a round trip (config.postgresql.round_trip),
    set on `restaurant` when read (a caller sends them behind its lock, or before its reads)."""

    def read(results: Results) -> None:
        restaurant.policy_version, restaurant.availability_version = results.one()

    return Part(VERSIONS.sql(), (restaurant.pk,), read)


def fresh_versions(restaurant) -> None:
    """Load the restaurant's two version counters in one small query when the instance lacks them
    (the API's authentication hands out restaurants without them: apikeys.authentication)."""
    if all(name in restaurant.__dict__ for name in VERSION_FIELDS):
        return
    with reading().cursor() as cursor:
        cursor.execute(VERSIONS.sql(), [restaurant.pk])
        row = cursor.fetchone()
    if row is not None:
        restaurant.policy_version, restaurant.availability_version = row


def cached_policy(restaurant_pk: int) -> tuple[int, Policy] | None:
    """(policy_version, policy) this process holds for the restaurant, whatever the version now."""
    return _POLICY_CACHE.peek(restaurant_pk)


def policy_for(restaurant) -> Policy:
    """The restaurant's policy as engine data, rebuilt only when its policy_version moved."""
    fresh_versions(restaurant)
    cached = _POLICY_CACHE.get(restaurant.pk)  # a stale one is replaced below
    if cached is not None and cached[0] == restaurant.policy_version:
        return cached[1]
    policy = load_policy(restaurant)
    _POLICY_CACHE.put(restaurant.pk, (restaurant.policy_version, policy))
    return policy


def _sections_and_tables(restaurant) -> tuple[dict[int, SectionInfo], dict[int, TableInfo]]:
    """Sections in the restaurant's order and their tables, in one query (a LEFT JOIN)."""
    rows = (
        Section.objects.filter(restaurant=restaurant)
        .order_by("position", "id", "tables__position", "tables__id")
        .values_list(
            "id",
            "public_id",
            "group_leader_id",
            "group_leader__public_id",
            "floor_plan_id",
            "bookable_online",
            "position",
            "name",
            "tables__id",
            "tables__public_id",
            "tables__name",
            "tables__min_capacity",
            "tables__max_capacity",
            "tables__bookable_online",
            "tables__position",
        )
    )
    sections: dict[int, SectionInfo] = {}
    tables: dict[int, TableInfo] = {}
    for sid, spub, leader, leader_pub, plan, online, spos, sname, tid, tpub, tname, tmin, tmax, tonline, tpos in rows:
        if sid not in sections:
            sections[sid] = SectionInfo(
                id=sid,
                public_id=spub,
                group_id=leader or sid,
                group_public_id=leader_pub or spub,
                floor_plan_id=plan,
                bookable_online=online,
                name=sname,
            )
        if tid is not None:
            tables[tid] = TableInfo(
                id=tid,
                public_id=tpub,
                name=tname,
                section_id=sid,
                min_capacity=tmin,
                max_capacity=tmax,
                bookable_online=tonline,
                position=(spos, sid, tpos),
            )
    return sections, tables


def _shift_info(shift: Shift) -> ShiftInfo:
    guarantee = None
    if shift.guarantee_per_guest_amount is not None:
        guarantee = GuaranteePolicy(
            per_guest_amount=shift.guarantee_per_guest_amount,
            from_party_size=shift.guarantee_from_party_size or 1,
            cancel_hours=shift.guarantee_cancel_hours,
        )
    by_size = sorted((int(size), int(minutes)) for size, minutes in (shift.seating_minutes_by_party_size or {}).items())
    return ShiftInfo(
        id=shift.id,
        public_id=shift.public_id,
        floor_plan_id=shift.floor_plan_id,
        name=shift.name,
        guest_message=shift.guest_message,
        days=frozenset(shift.days),
        valid_from=shift.valid_from,
        valid_until=shift.valid_until,
        start_time=shift.start_time,
        end_time=shift.end_time,
        last_seating=shift.last_seating,
        slot_interval_minutes=shift.slot_interval_minutes,
        seating_minutes=shift.seating_minutes,
        seating_minutes_by_party_size=tuple(by_size),
        max_covers=shift.max_covers,
        max_covers_per_slot=shift.max_covers_per_slot,
        cutoff_minutes=shift.cutoff_minutes,
        requires_approval=shift.requires_approval,
        approval_from_party_size=shift.approval_from_party_size,
        guarantee=guarantee,
        display_only=shift.display_only,
        waitlist_enabled=shift.waitlist_enabled,
        online_section_ids=frozenset(shift.online_ids) if shift.restrict_online_sections else None,
        position=shift.position,
    )


def _calendar(restaurant) -> tuple[tuple[ClosureInfo, ...], dict[dt.date, DayNoteInfo]]:
    """Closures and day notes in one query (a UNION ALL; a closure row has an empty mode)."""
    closures = (
        Closure.objects.filter(restaurant=restaurant)
        .annotate(mode=Value(""))
        .values_list("start_date", "end_date", "name", "guest_message", "mode")
    )
    notes = (
        DayNote.objects.filter(restaurant=restaurant)
        .annotate(end=F("date"), nothing=Value(None, output_field=JSONField()))
        .values_list("date", "end", "message", "nothing", "mode")
    )
    closure_rows, day_notes = [], {}
    for start, end, text, guest_message, mode in closures.union(notes, all=True):
        if mode:
            day_notes[start] = DayNoteInfo(start, text, mode)
        else:
            closure_rows.append(ClosureInfo(text, guest_message, start, end))
    closure_rows.sort(key=lambda closure: (closure.start_date, closure.end_date))
    return tuple(closure_rows), day_notes


def load_policy(restaurant) -> Policy:
    sections, tables = _sections_and_tables(restaurant)
    closures, day_notes = _calendar(restaurant)
    shifts = Shift.objects.filter(restaurant=restaurant).annotate(
        online_ids=ArrayAgg("online_sections__id", filter=Q(online_sections__isnull=False), default=[])
    )
    combinations = Combination.objects.filter(restaurant=restaurant).annotate(
        table_ids=ArrayAgg("tables__id", filter=Q(tables__isnull=False), default=[])
    )
    blocks = Block.objects.filter(restaurant=restaurant).annotate(
        table_ids=ArrayAgg("tables__id", filter=Q(tables__isnull=False), default=[])
    )
    return Policy(
        restaurant_id=restaurant.pk,
        timezone=zone(restaurant.timezone),
        currency=restaurant.currency,
        primary_language=restaurant.primary_language,
        min_party_size=restaurant.min_party_size,
        max_party_size=restaurant.max_party_size,
        max_advance_days=restaurant.max_advance_days,
        default_cutoff_minutes=restaurant.default_cutoff_minutes,
        payments_enabled=restaurant.payments_enabled,
        widget_enabled=restaurant.widget_enabled,
        show_seating_preference=restaurant.show_seating_preference,
        sections=sections,
        tables=tables,
        combinations=tuple(
            CombinationInfo(
                id=c.id,
                floor_plan_id=c.floor_plan_id,
                table_ids=tuple(sorted(c.table_ids)),
                min_capacity=c.min_capacity,
                max_capacity=c.max_capacity,
                bookable_online=c.bookable_online,
            )
            for c in combinations
            if c.table_ids and all(t in tables for t in c.table_ids)
        ),
        shifts=tuple(_shift_info(shift) for shift in shifts.order_by("start_time", "position", "id")),
        closures=closures,
        day_notes=day_notes,
        blocks=tuple(
            BlockInfo(b.date, b.start_time, b.end_time, frozenset(b.table_ids) if b.table_ids else None) for b in blocks
        ),
    )


def local_midnight(date: dt.date, tz) -> dt.datetime:
    return dt.datetime(date.year, date.month, date.day, tzinfo=tz)


def reach_minutes(policy: Policy) -> int:
    """How long after its date's midnight a service of the policy can keep a table: its end,
    or its last seating plus its longest seating, whichever is later (overnight included)."""
    cached = policy._cache.get("reach")
    if cached is None:
        reaches = [24 * 60]
        for shift in policy.shifts:
            clock = ServiceClock(shift, dt.date(2000, 1, 3), policy.timezone)
            longest = max(
                [shift.seating_minutes or 0, *(minutes for _, minutes in shift.seating_minutes_by_party_size)]
            )
            reaches.append(max(clock.end_minutes, clock.last_seating_minutes + longest))
        cached = policy._cache["reach"] = max(reaches) + 60  # an hour of margin for a DST change
    return cached


def occupancy_window(policy: Policy, first: dt.date, last: dt.date) -> tuple[dt.datetime, dt.datetime]:
    """The instants the services of dates first..last can reach."""
    start = local_midnight(first, policy.timezone)
    end = local_midnight(last, policy.timezone) + dt.timedelta(minutes=reach_minutes(policy))
    return start, end


def section_group_id(policy: Policy, public_id: str) -> int | None:
    """The group a section id resolves to (any member resolves to the whole group)."""
    for section in policy.sections.values():
        if section.public_id == public_id:
            return section.group_id
    return None
