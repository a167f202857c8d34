"""The host's day sheet: one restaurant, one service date, by service.

A fixed number of queries whatever the number of bookings: the policy (cached per process by
`policy_version`), the day's bookings with guest and company (one query) and their tables (one
prefetch), the live holds and their tables (two), the undoable moves of the last minutes (one),
and the pending requests of the coming days (one count).
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import OuterRef
from django.utils import timezone

from config.formats import zone
from holds.models import Hold, HoldStatus
from reservations.engine.clock import ServiceClock
from reservations.models import Reservation, StatusChange, Table
from reservations.models.booking import OCCUPYING_STATUSES, SERVED_STATUSES, ReservationStatus
from reservations.models.staff import StaffAction
from reservations.selectors.engine_policy import policy_for
from reservations.texts import translate

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


@dataclass
class Row:
    """One booking as the sheet shows it: plain values read in two queries, no model instances
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

    @property
    def status_label(self) -> str:
        return ReservationStatus(self.status).label


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
    hold: Hold
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
    # Reserved for the waitlist panel (the waitlist app fills it once merged).
    waitlist: list = field(default_factory=list)

    @property
    def covers(self) -> int:
        return sum(block.expected for block in self.services)


BOOKING_COLUMNS = (
    "id",
    "public_id",
    "status",
    "party_size",
    "starts_at",
    "shift_id",
    "excluded_from_shift_limits",
    "guest_notes",
    "internal_notes",
    "contact_phone",
    "guest_id",
    "guest__first_name",
    "guest__last_name",
    "guest__phone",
    "guest__vip",
    "guest__allergies",
    "guest__dietary_preferences",
    "company__name",
)


def hhmm(value: dt.datetime) -> str:
    return f"{value.hour:02d}:{value.minute:02d}"  # strftime costs more, 400 times a page


def _table_names(owner: str):
    """The owner's table names in floor order, as an array column of the owner's own query (for
    the few live holds of a day)."""
    return ArraySubquery(Table.objects.filter(**{owner: OuterRef("pk")}).order_by("position", "id").values("name"))


def _bookings(restaurant, date: dt.date, tz) -> list[Row]:
    rows = []
    for (
        pk,
        public_id,
        status,
        party_size,
        starts_at,
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
    ) in (
        Reservation.objects.filter(restaurant=restaurant, service_date=date, status__in=SERVED_STATUSES)
        .order_by("starts_at", "id")
        .values_list(*BOOKING_COLUMNS)
    ):
        row = Row(
            pk=pk,
            public_id=public_id,
            status=status,
            party_size=party_size,
            starts_at=starts_at,
            time=hhmm(starts_at.astimezone(tz)),
            guest_pk=guest_pk,
            guest_name=" ".join(part for part in (first_name, last_name) if part),
            phone=contact_phone or guest_phone,
            vip=vip,
            allergies=allergies or [],
            diets=diets or [],
            company=company,
            guest_notes=guest_notes,
            internal_notes=internal_notes,
            shift_id=shift_id,
            excluded=excluded,
        )
        rows.append(row)
    if rows:
        # The day's table links in one query (a correlated subquery per booking cost ~20x more).
        by_pk = {row.pk: row for row in rows}
        links = (
            Reservation.tables.through.objects.filter(
                reservation__restaurant=restaurant, reservation__service_date=date
            )
            .order_by("table__position", "table_id")
            .values_list("reservation_id", "table__name")
        )
        for reservation_id, name in links:
            row = by_pk.get(reservation_id)
            if row is not None:
                row.tables.append(name)
    return rows


def day_sheet(restaurant, date: dt.date, *, status: str | None = None, query: str = "", now=None) -> DaySheet:
    now = now or timezone.now()
    tz = zone(restaurant.timezone)
    policy = policy_for(restaurant)
    bookings = _bookings(restaurant, date, tz)
    holds = [
        hold
        for hold in Hold.objects.filter(restaurant=restaurant, service_date=date, status=HoldStatus.HELD)
        .exclude(kind="basket", expires_at__lte=now)
        .annotate(table_names=_table_names("holds"))
        .order_by("starts_at", "id")
    ]
    undoable = set(
        StatusChange.objects.filter(
            restaurant=restaurant,
            reservation__service_date=date,
            created_at__gte=now - UNDO_WINDOW,
            undone_at__isnull=True,
            action__in=UNDOABLE,
        ).values_list("reservation_id", flat=True)
    )
    pending_ahead = Reservation.objects.filter(
        restaurant=restaurant, status=ReservationStatus.PENDING, service_date__gte=now.astimezone(tz).date()
    ).count()

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
        row.can_undo = row.pk in undoable
        row.late = row.status == ReservationStatus.CONFIRMED and row.starts_at < now
        if row.status == ReservationStatus.CONFIRMED and row.starts_at >= now and len(arrivals) < 5:
            arrivals.append(row)
        if status and row.status != status:
            continue
        if needle and not _matches(row, needle, digits):
            continue
        block.rows.append(row)
        shown += 1
    for hold in holds:
        block = blocks.get(hold.shift_id, other)
        if not hold.excluded_from_shift_limits:
            block.covers += hold.party_size
            slot = slots_by_block.get(hold.shift_id, {}).get(hhmm(hold.starts_at.astimezone(tz)))
            if slot is not None:
                slot.covers += hold.party_size
    services = list(blocks.values())
    if other.rows or other.covers:
        services.append(other)
    hold_rows = [
        HoldRow(
            hold=hold,
            time=hhmm(hold.starts_at.astimezone(tz)),
            tables=hold.table_names or [],
            expires=hhmm(hold.expires_at.astimezone(tz)) if hold.expires_at else "",
        )
        for hold in holds
    ]
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
