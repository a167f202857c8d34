"""The host's day sheet: one restaurant, one service date, by service.

One round trip whatever the number of bookings (the policy is cached per process by
`policy_version`): five hand-written statements, the day's bookings with their guest, company,
card guarantee and undoable moves, their tables, the live holds with their tables, the
restaurant's pending count and the date's open waitlist entries.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from django.db import connection
from django.utils import timezone

from config.formats import zone
from config.postgresql.prepared import Statement, batch
from guests.models import Guest
from holds.models import Hold
from reservations.engine.clock import ServiceClock
from reservations.models import CardGuarantee, Company, Reservation, StatusChange, Table
from reservations.models.booking import OCCUPYING_STATUSES, SERVED_STATUSES, ReservationStatus
from reservations.models.staff import StaffAction
from reservations.selectors.engine_policy import policy_for
from reservations.texts import translate
from waitlist.selectors import DAY_PANEL, DAY_PANEL_PARAMS, PanelEntry, panel_entries

UNDO_WINDOW = dt.timedelta(minutes=5)
UNDOABLE = (StaffAction.SEAT, StaffAction.PARTIALLY_SEAT, StaffAction.COMPLETE, StaffAction.NO_SHOW)
# What a host can do from each status (the services decide; this only picks the buttons).
MOVES_FROM = {
    ReservationStatus.PENDING: ("approve", "decline", "cancel"),
    ReservationStatus.CONFIRMED: ("seat", "partially_seat", "no_show", "cancel"),
    ReservationStatus.PARTIALLY_SEATED: ("seat", "complete", "cancel"),
    ReservationStatus.SEATED: ("complete", "cancel"),
    ReservationStatus.AWAITING_GUARANTEE: ("cancel",),
}
# Guest-visible covers of a day: everything but the bookings that will not come.
NOT_COMING = (ReservationStatus.CANCELLED, ReservationStatus.NO_SHOW)


@dataclass(slots=True)
class Row:
    """One booking as the sheet shows it: plain values read in one round trip, no model instances
    (a 400-booking sheet builds no ORM object per booking)."""

    pk: int
    public_id: str
    status: str
    party_size: int
    starts_at: dt.datetime
    time: str
    guest_pk: int
    guest_name: str
    phone: str | None
    vip: bool
    allergies: list[str]
    diets: list[str]
    company: str | None
    guest_notes: str | None
    internal_notes: str | None
    shift_id: int | None = None
    excluded: bool = False
    tables: list[str] = field(default_factory=list)
    moves: tuple[str, ...] = ()
    can_undo: bool = False
    late: bool = False
    card: int | None = None  # the booking's card guarantee (its Money page)

    @property
    def status_label(self) -> str:
        return STATUS_LABELS[self.status]


STATUS_LABELS = dict(ReservationStatus.choices)


@dataclass
class SlotCovers:
    time: str
    covers: int
    cap: int | None

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
    covers: int = 0  # charged to the caps (live bookings and holds, not exempt)
    expected: int = 0  # every guest still expected or already in (not cancelled, not no-show)
    seated: int = 0
    slots: list[SlotCovers] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)

    @property
    def full(self) -> bool:
        return self.max_covers is not None and self.covers >= self.max_covers


@dataclass
class HoldRow:
    public_id: str
    kind: str
    party_size: int
    shift_id: int | None
    excluded: bool
    time: str
    tables: list[str]
    expires: str


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
    # The waitlist panel: the date's open entries.
    waitlist: list[PanelEntry] = field(default_factory=list)

    @property
    def covers(self) -> int:
        return sum(block.expected for block in self.services)


def hhmm(value: dt.datetime) -> str:
    return f"{value.hour:02d}:{value.minute:02d}"  # strftime costs more, 400 times a page


# The day in one round trip of five hand-written statements, as the occupancy reads are
# (building 400 rows through the ORM cost more CPU than the database spent; on a loaded machine
# every round trip counts): the bookings with guest, company, card guarantee and whether a floor
# move of the last minutes can be undone; their table names in floor order (a statement of its
# own: aggregating them per booking, a sort of the wide rows and one per booking, cost PostgreSQL
# more than the rest of the read); the live holds with their tables; the pending requests from
# today on; the waitlist panel's entries (waitlist.selectors). Instants come as epoch seconds
# (psycopg parses integers in C).
BOOKINGS = f"""
SELECT r.id, r.public_id, r.status, r.party_size, date_part('epoch', r.starts_at)::bigint,
       r.shift_id, r.excluded_from_shift_limits, r.guest_notes, r.internal_notes, r.contact_phone,
       g.id, g.first_name, g.last_name, g.phone, g.vip, g.allergies, g.dietary_preferences, c.name, cg.id,
       EXISTS (
         SELECT 1 FROM {StatusChange._meta.db_table} s
         WHERE s.reservation_id = r.id AND s.created_at >= %(undo_since)s
           AND s.undone_at IS NULL AND s.action = ANY(%(undoable)s)
       )
FROM {Reservation._meta.db_table} r
JOIN {Guest._meta.db_table} g ON g.id = r.guest_id
LEFT JOIN {Company._meta.db_table} c ON c.id = r.company_id
LEFT JOIN {CardGuarantee._meta.db_table} cg ON cg.reservation_id = r.id
WHERE r.restaurant_id = %(restaurant)s AND r.service_date = %(date)s AND r.status = ANY(%(statuses)s)
ORDER BY r.starts_at, r.id;
SELECT rt.reservation_id, t.name
FROM {Reservation._meta.db_table} r
JOIN {Reservation.tables.through._meta.db_table} rt ON rt.reservation_id = r.id
JOIN {Table._meta.db_table} t ON t.id = rt.table_id
WHERE r.restaurant_id = %(restaurant)s AND r.service_date = %(date)s AND r.status = ANY(%(statuses)s)
ORDER BY rt.reservation_id, t.position, t.id;
SELECT h.public_id, h.kind, h.party_size, date_part('epoch', h.starts_at)::bigint,
       date_part('epoch', h.expires_at)::bigint, h.shift_id, h.excluded_from_shift_limits,
       array_remove(array_agg(t.name ORDER BY t.position, t.id), NULL)
FROM {Hold._meta.db_table} h
LEFT JOIN {Hold.tables.through._meta.db_table} ht ON ht.hold_id = h.id
LEFT JOIN {Table._meta.db_table} t ON t.id = ht.table_id
WHERE h.restaurant_id = %(restaurant)s AND h.service_date = %(date)s AND h.status = 'held'
  AND (h.kind = 'commitment' OR h.expires_at > %(now)s)
GROUP BY h.id
ORDER BY h.starts_at, h.id;
SELECT count(*) FROM {Reservation._meta.db_table}
WHERE restaurant_id = %(restaurant)s AND status = 'pending' AND service_date >= %(today)s;
{DAY_PANEL}"""


# Each of them prepared once per connection (sent as text, the five were parsed and planned on
# every sheet: the sheet took 1-2 ms longer in-process), named parameters sent once each.
_STATEMENTS = [Statement(f"day_sheet_{n}", sql) for n, sql in enumerate(BOOKINGS.split(";\n"), start=1)]


def _read_day(restaurant, date: dt.date, tz, now: dt.datetime) -> tuple[list[Row], list[HoldRow], int, list]:
    """The day's bookings and live holds, the restaurant's pending requests from today on, and
    the date's open waitlist entries."""
    params = {
        "restaurant": restaurant.pk,
        "date": date,
        "statuses": list(SERVED_STATUSES),
        "undo_since": now - UNDO_WINDOW,
        "undoable": [str(action) for action in UNDOABLE],
        "today": now.astimezone(tz).date(),
        "now": now,
        **DAY_PANEL_PARAMS,
    }
    rows = []
    instants: dict[int, tuple[dt.datetime, str]] = {}  # a day's bookings share a few start times
    with connection.cursor() as cursor:
        cursor.execute(*batch(_STATEMENTS, params))
        booked = cursor.fetchall()
        cursor.nextset()
        tables: dict[int, list[str]] = defaultdict(list)
        for reservation_id, name in cursor.fetchall():
            tables[reservation_id].append(name)
        for (
            pk,
            public_id,
            status,
            party_size,
            starts_epoch,
            shift_id,
            excluded,
            guest_notes,
            internal_notes,
            contact_phone,
            guest_pk,
            first_name,
            last_name,
            guest_phone,
            vip,
            allergies,
            diets,
            company,
            card,
            can_undo,
        ) in booked:
            instant = instants.get(starts_epoch)
            if instant is None:
                starts_at = dt.datetime.fromtimestamp(starts_epoch, tz)
                instant = instants[starts_epoch] = (starts_at, hhmm(starts_at))
            rows.append(
                Row(
                    pk=pk,
                    public_id=public_id,
                    status=status,
                    party_size=party_size,
                    starts_at=instant[0],
                    time=instant[1],
                    guest_pk=guest_pk,
                    guest_name=f"{first_name} {last_name}"
                    if first_name and last_name
                    else first_name or last_name or "",
                    phone=contact_phone or guest_phone,
                    vip=vip,
                    allergies=allergies or [],
                    diets=diets or [],
                    company=company,
                    guest_notes=guest_notes,
                    internal_notes=internal_notes,
                    shift_id=shift_id,
                    excluded=excluded,
                    tables=tables.get(pk) or [],
                    can_undo=can_undo,
                    card=card,
                )
            )
        cursor.nextset()
        holds = [
            HoldRow(
                public_id=public_id,
                kind=kind,
                party_size=party_size,
                shift_id=shift_id,
                excluded=excluded,
                time=hhmm(dt.datetime.fromtimestamp(starts_epoch, tz)),
                tables=table_names or [],
                expires=hhmm(dt.datetime.fromtimestamp(expires_epoch, tz)) if expires_epoch is not None else "",
            )
            for public_id, kind, party_size, starts_epoch, expires_epoch, shift_id, excluded, table_names in (
                cursor.fetchall()
            )
        ]
        cursor.nextset()
        pending = cursor.fetchone()[0]
        cursor.nextset()
        waitlist = panel_entries(cursor.fetchall())
    return rows, holds, pending, waitlist


def day_sheet(restaurant, date: dt.date, *, status: str | None = None, query: str = "", now=None) -> DaySheet:
    now = now or timezone.now()
    tz = zone(restaurant.timezone)
    policy = policy_for(restaurant)
    bookings, hold_rows, pending_ahead, waitlist = _read_day(restaurant, date, tz, now)

    blocks: dict[object, ServiceBlock] = {}
    slots_by_block: dict[object, dict[str, SlotCovers]] = {}
    for shift in policy.shifts_on(date):
        clock = ServiceClock(shift, date, tz)
        block = ServiceBlock(
            key=shift.public_id,
            name=translate(shift.name, restaurant.primary_language, restaurant.primary_language) or "Service",
            start=shift.start_time.strftime("%H:%M"),
            end=shift.end_time.strftime("%H:%M"),
            max_covers=shift.max_covers,
        )
        block.slots = [SlotCovers(slot.hhmm, 0, shift.max_covers_per_slot) for slot in clock.slots]
        slots_by_block[shift.id] = {slot.time: slot for slot in block.slots}
        blocks[shift.id] = block
    other = ServiceBlock(key="other", name="Outside the services", start="", end="", max_covers=None)

    today = now.astimezone(tz).date()
    needle = fold(query.strip())
    digits = "".join(ch for ch in needle if ch.isdigit())
    counts: dict[str, int] = defaultdict(int)
    shown = 0
    arrivals: list[Row] = []
    for row in bookings:
        block = blocks.get(row.shift_id, other)
        counts[row.status] += 1
        if row.status in OCCUPYING_STATUSES and not row.excluded:
            block.covers += row.party_size
            slot = slots_by_block.get(row.shift_id, {}).get(row.time)
            if slot is not None:
                slot.covers += row.party_size
        if row.status not in NOT_COMING:
            block.expected += row.party_size
        if row.status in (ReservationStatus.SEATED, ReservationStatus.PARTIALLY_SEATED):
            block.seated += row.party_size
        row.moves = _moves(row, date, today, now)
        row.late = row.status == ReservationStatus.CONFIRMED and row.starts_at < now
        if row.status == ReservationStatus.CONFIRMED and row.starts_at >= now and len(arrivals) < 5:
            arrivals.append(row)
        if status and row.status != status:
            continue
        if needle and not _matches(row, needle, digits):
            continue
        block.rows.append(row)
        shown += 1
    for hold in hold_rows:
        block = blocks.get(hold.shift_id, other)
        if not hold.excluded:
            block.covers += hold.party_size
            slot = slots_by_block.get(hold.shift_id, {}).get(hold.time)
            if slot is not None:
                slot.covers += hold.party_size
    services = list(blocks.values())
    if other.rows or other.covers:
        services.append(other)
    return DaySheet(
        restaurant=restaurant,
        date=date,
        today=today,
        now_local=now.astimezone(tz),
        services=services,
        holds=hold_rows,
        status_counts=dict(counts),
        total=len(bookings),
        shown=shown,
        pending_ahead=pending_ahead,
        next_arrivals=arrivals,
        waitlist=waitlist,
    )


def _moves(booking: Row, date: dt.date, today: dt.date, now: dt.datetime) -> tuple[str, ...]:
    """The buttons worth showing: no seating before the service date, no no-show before the start."""
    moves = MOVES_FROM.get(booking.status, ())
    if date > today:
        moves = tuple(m for m in moves if m not in ("seat", "partially_seat", "no_show"))
    elif booking.starts_at > now:
        moves = tuple(m for m in moves if m != "no_show")
    return moves


def _matches(row: Row, needle: str, digits: str) -> bool:
    if needle in fold(row.guest_name) or needle in row.public_id.casefold():
        return True
    return len(digits) >= 3 and bool(row.phone) and digits in "".join(ch for ch in row.phone if ch.isdigit())


def fold(text: str) -> str:
    """Case- and accent-insensitive form for the search (`Hélène` is found by `helene`)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
