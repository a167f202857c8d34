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

from django.db.models import Prefetch
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
    reservation: Reservation
    time: str
    tables: list[str]
    moves: tuple[str, ...]
    can_undo: bool = False
    late: bool = False


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


def _tables_query():
    return Table.objects.order_by("position", "id").only("id", "name", "position")


def day_sheet(restaurant, date: dt.date, *, status: str | None = None, query: str = "", now=None) -> DaySheet:
    now = now or timezone.now()
    tz = zone(restaurant.timezone)
    policy = policy_for(restaurant)
    bookings = list(
        Reservation.objects.filter(restaurant=restaurant, service_date=date, status__in=SERVED_STATUSES)
        .select_related("guest", "company")
        .prefetch_related(Prefetch("tables", queryset=_tables_query()))
        .order_by("starts_at", "id")
    )
    holds = [
        hold
        for hold in Hold.objects.filter(restaurant=restaurant, service_date=date, status=HoldStatus.HELD)
        .exclude(kind="basket", expires_at__lte=now)
        .prefetch_related(Prefetch("tables", queryset=_tables_query()))
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
        blocks[shift.id] = block
    other = ServiceBlock(key="other", name="Outside the services", start="", end="", max_covers=None)

    def slot_of(block: ServiceBlock, local: dt.datetime) -> SlotCovers | None:
        hhmm = local.strftime("%H:%M")
        return next((slot for slot in block.slots if slot.time == hhmm), None)

    today = now.astimezone(tz).date()
    needle = fold(query.strip())
    digits = "".join(ch for ch in needle if ch.isdigit())
    counts: dict[str, int] = defaultdict(int)
    shown = 0
    arrivals: list[Row] = []
    for booking in bookings:
        local = booking.starts_at.astimezone(tz)
        block = blocks.get(booking.shift_id, other)
        counts[booking.status] += 1
        charged = booking.status in OCCUPYING_STATUSES and not booking.excluded_from_shift_limits
        if charged:
            block.covers += booking.party_size
            slot = slot_of(block, local)
            if slot is not None:
                slot.covers += booking.party_size
        if booking.status not in NOT_COMING:
            block.expected += booking.party_size
        if booking.status in (ReservationStatus.SEATED, ReservationStatus.PARTIALLY_SEATED):
            block.seated += booking.party_size
        row = Row(
            reservation=booking,
            time=local.strftime("%H:%M"),
            tables=[table.name for table in booking.tables.all()],
            moves=_moves(booking, date, today, now),
            can_undo=booking.pk in undoable,
            late=booking.status == ReservationStatus.CONFIRMED and booking.starts_at < now,
        )
        if booking.status == ReservationStatus.CONFIRMED and booking.starts_at >= now and len(arrivals) < 5:
            arrivals.append(row)
        if status and booking.status != status:
            continue
        if needle and not _matches(booking, needle, digits):
            continue
        block.rows.append(row)
        shown += 1
    for hold in holds:
        block = blocks.get(hold.shift_id, other)
        if not hold.excluded_from_shift_limits:
            block.covers += hold.party_size
            slot = slot_of(block, hold.starts_at.astimezone(tz))
            if slot is not None:
                slot.covers += hold.party_size
    services = list(blocks.values())
    if other.rows or other.covers:
        services.append(other)
    hold_rows = [
        HoldRow(
            hold=hold,
            time=hold.starts_at.astimezone(tz).strftime("%H:%M"),
            tables=[table.name for table in hold.tables.all()],
            expires=hold.expires_at.astimezone(tz).strftime("%H:%M") if hold.expires_at else "",
        )
        for hold in holds
    ]
    return DaySheet(
        restaurant=restaurant,
        date=date,
        today=now.astimezone(tz).date(),
        now_local=now.astimezone(tz),
        services=services,
        holds=hold_rows,
        status_counts=dict(counts),
        total=len(bookings),
        shown=shown,
        pending_ahead=pending_ahead,
        next_arrivals=arrivals,
    )


def _moves(booking: Reservation, date: dt.date, today: dt.date, now: dt.datetime) -> tuple[str, ...]:
    """The buttons worth showing: no seating before the service date, no no-show before the start."""
    moves = MOVES_FROM.get(booking.status, ())
    if date > today:
        moves = tuple(m for m in moves if m not in ("seat", "partially_seat", "no_show"))
    elif booking.starts_at > now:
        moves = tuple(m for m in moves if m != "no_show")
    return moves


def _matches(booking: Reservation, needle: str, digits: str) -> bool:
    guest = booking.guest
    names = fold(" ".join(part for part in (guest.first_name, guest.last_name) if part))
    if needle in names or needle in booking.public_id.casefold():
        return True
    if len(digits) >= 3:
        for phone in (guest.phone, booking.contact_phone):
            if phone and digits in "".join(ch for ch in phone if ch.isdigit()):
                return True
    return False


def fold(text: str) -> str:
    """Case- and accent-insensitive form for the search (`Hélène` is found by `helene`)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
