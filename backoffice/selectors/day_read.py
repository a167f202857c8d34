"""One service date of a restaurant as the host's pages read it, in one round trip.

Six hand-written statements (prepared once per connection): the date's bookings with their guest,
company, card guarantee and whether a move of the last minutes can be undone; their tables in floor
order; the allocation rows of the date (what each booking and hold occupies, when); the live holds;
the restaurant's pending count from today on; the date's open waitlist entries (waitlist.selectors).
Building 400 rows through the ORM cost more CPU than the database spent: rows are plain values, no
model instances; instants come as epoch seconds (psycopg parses integers in C).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field

from config.postgresql.prepared import Statement
from config.postgresql.round_trip import named, run
from guests.models import Guest
from holds.models import Hold
from reservations.models import CardGuarantee, Company, Reservation, StatusChange, Table, TableAllocation
from reservations.models.booking import SERVED_STATUSES, ReservationStatus
from reservations.models.staff import UNDO_WINDOW, UNDOABLE
from waitlist.selectors import DAY_PANEL, DAY_PANEL_PARAMS, panel_entries

STATUS_LABELS = dict(ReservationStatus.choices)


@dataclass(slots=True)
class Row:
    """One booking as the host's pages show it."""

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
    channel: str = ""
    ends_epoch: int | None = None
    tables: list[str] = field(default_factory=list)
    table_ids: list[int] = field(default_factory=list)
    spans: list[tuple[int, int, int]] = field(default_factory=list)  # (table id, start, end) occupied now
    can_undo: bool = False
    late: bool = False
    card: int | None = None  # the booking's card guarantee (its Money page)

    @property
    def status_label(self) -> str:
        return str(STATUS_LABELS[self.status])

    @property
    def starts_epoch(self) -> int:
        return int(self.starts_at.timestamp())


@dataclass(slots=True)
class HoldRow:
    pk: int
    public_id: str
    kind: str
    party_size: int
    shift_id: int | None
    excluded: bool
    time: str
    tables: list[str]
    expires: str
    spans: list[tuple[int, int, int]] = field(default_factory=list)


@dataclass
class DayRead:
    bookings: list[Row]
    holds: list[HoldRow]
    pending_ahead: int
    waitlist: list


def hhmm(value: dt.datetime) -> str:
    return f"{value.hour:02d}:{value.minute:02d}"  # strftime costs more, 400 times a page


_R, _G, _T, _A = (
    Reservation._meta.db_table,
    Guest._meta.db_table,
    Table._meta.db_table,
    TableAllocation._meta.db_table,
)
SQL = f"""
SELECT r.id, r.public_id, r.status, r.party_size, date_part('epoch', r.starts_at)::bigint,
       date_part('epoch', r.ends_at)::bigint, r.shift_id, r.excluded_from_shift_limits, r.booking_channel,
       r.guest_notes, r.internal_notes, r.contact_phone,
       g.id, g.first_name, g.last_name, g.phone, g.vip, g.allergies, g.dietary_preferences, c.name, cg.id,
       EXISTS (
         SELECT 1 FROM {StatusChange._meta.db_table} s
         WHERE s.reservation_id = r.id AND s.created_at >= %(undo_since)s
           AND s.undone_at IS NULL AND s.action = ANY(%(undoable)s)
       )
FROM {_R} r
JOIN {_G} g ON g.id = r.guest_id
LEFT JOIN {Company._meta.db_table} c ON c.id = r.company_id
LEFT JOIN {CardGuarantee._meta.db_table} cg ON cg.reservation_id = r.id
WHERE r.restaurant_id = %(restaurant)s AND r.service_date = %(date)s AND r.status = ANY(%(statuses)s)
ORDER BY r.starts_at, r.id;
SELECT rt.reservation_id, t.id, t.name
FROM {_R} r
JOIN {Reservation.tables.through._meta.db_table} rt ON rt.reservation_id = r.id
JOIN {_T} t ON t.id = rt.table_id
WHERE r.restaurant_id = %(restaurant)s AND r.service_date = %(date)s AND r.status = ANY(%(statuses)s)
ORDER BY rt.reservation_id, t.position, t.id;
SELECT a.reservation_id, a.hold_id, a.table_id, a.start_epoch, a.end_epoch
FROM {_A} a
WHERE a.restaurant_id = %(restaurant)s AND a.start_epoch >= %(day_from)s AND a.start_epoch < %(day_to)s
  AND (a.expires_at IS NULL OR a.expires_at > %(now)s);
SELECT h.id, h.public_id, h.kind, h.party_size, date_part('epoch', h.starts_at)::bigint,
       date_part('epoch', h.expires_at)::bigint, h.shift_id, h.excluded_from_shift_limits,
       array_remove(array_agg(t.name ORDER BY t.position, t.id), NULL)
FROM {Hold._meta.db_table} h
LEFT JOIN {Hold.tables.through._meta.db_table} ht ON ht.hold_id = h.id
LEFT JOIN {_T} t ON t.id = ht.table_id
WHERE h.restaurant_id = %(restaurant)s AND h.service_date = %(date)s AND h.status = 'held'
  AND (h.kind = 'commitment' OR h.expires_at > %(now)s)
GROUP BY h.id
ORDER BY h.starts_at, h.id;
SELECT count(*) FROM {_R}
WHERE restaurant_id = %(restaurant)s AND status = 'pending' AND service_date >= %(today)s;
{DAY_PANEL}"""

# Each prepared once per connection (sent as text, they were parsed and planned on every page).
_STATEMENTS = [Statement(f"day_read_{n}", sql) for n, sql in enumerate(SQL.split(";\n"), start=1)]


def read_day(restaurant, date: dt.date, tz, now: dt.datetime) -> DayRead:
    """The date's bookings (served statuses) and live holds with what they occupy, the pending
    requests from today on, and the date's open waitlist entries."""
    midnight = dt.datetime.combine(date, dt.time(0, 0), tzinfo=tz)
    params = {
        "restaurant": restaurant.pk,
        "date": date,
        "statuses": list(SERVED_STATUSES),
        "undo_since": now - UNDO_WINDOW,
        "undoable": [str(action) for action in UNDOABLE],
        "today": now.astimezone(tz).date(),
        "now": now,
        # A date's seatings start on it, or past its midnight for a service running late.
        "day_from": int(midnight.timestamp()) - 6 * 3600,
        "day_to": int((midnight + dt.timedelta(days=1, hours=14)).timestamp()),
        **DAY_PANEL_PARAMS,
    }
    booked, links, spans, held, pending, waiting = run(*(named(statement, params) for statement in _STATEMENTS))
    tables: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for reservation_id, table_id, name in links:
        tables[reservation_id].append((table_id, name))
    pending, waitlist = pending[0][0], panel_entries(waiting)
    rows = _rows(booked, tables, tz)
    holds = _holds(held, tz)
    by_booking = {row.pk: row for row in rows}
    by_hold = {hold.pk: hold for hold in holds}
    for reservation_id, hold_id, table_id, start, end in spans:
        owner = by_booking.get(reservation_id) if reservation_id is not None else by_hold.get(hold_id)
        if owner is not None:
            owner.spans.append((table_id, start, end))
    return DayRead(rows, holds, pending, waitlist)


def _rows(booked, tables, tz) -> list[Row]:
    rows = []
    instants: dict[int, tuple[dt.datetime, str]] = {}  # a day's bookings share a few start times
    for (
        pk,
        public_id,
        status,
        party_size,
        starts_epoch,
        ends_epoch,
        shift_id,
        excluded,
        channel,
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
        own = tables.get(pk) or []
        rows.append(
            Row(
                pk=pk,
                public_id=public_id,
                status=status,
                party_size=party_size,
                starts_at=instant[0],
                time=instant[1],
                guest_pk=guest_pk,
                guest_name=f"{first_name} {last_name}" if first_name and last_name else first_name or last_name or "",
                phone=contact_phone or guest_phone,
                vip=vip,
                allergies=allergies or [],
                diets=diets or [],
                company=company,
                guest_notes=guest_notes,
                internal_notes=internal_notes,
                shift_id=shift_id,
                excluded=excluded,
                channel=channel,
                ends_epoch=ends_epoch,
                tables=[name for _, name in own],
                table_ids=[table_id for table_id, _ in own],
                can_undo=can_undo,
                card=card,
            )
        )
    return rows


def _holds(held, tz) -> list[HoldRow]:
    return [
        HoldRow(
            pk=pk,
            public_id=public_id,
            kind=kind,
            party_size=party_size,
            shift_id=shift_id,
            excluded=excluded,
            time=hhmm(dt.datetime.fromtimestamp(starts_epoch, tz)),
            tables=table_names or [],
            expires=hhmm(dt.datetime.fromtimestamp(expires_epoch, tz)) if expires_epoch is not None else "",
        )
        for pk, public_id, kind, party_size, starts_epoch, expires_epoch, shift_id, excluded, table_names in held
    ]
