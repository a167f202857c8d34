"""Reads of the waitlist."""

import datetime as dt
from dataclasses import dataclass

from config.postgresql.replica import reading
from config.rows import Row, columns, page_sql
from guests.models import Guest
from reservations.models import Reservation
from waitlist.models import OPEN_STATUSES, WANTED_FIELDS, WORKED_OUT_FIELDS, WaitlistEntry, WaitlistStatus

# What an entry's rendering reads of its guest and booking when the guest is not expanded: their ids.
RENDERED_FIELDS = tuple(
    field.name for field in WaitlistEntry._meta.concrete_fields if field.name not in ("private_note",)
) + ("guest__public_id", "reservation__public_id")


def entries_of(restaurant, expand=frozenset()):
    """The restaurant's entries with what their rendering reads (only the ids of guest and booking,
    unless `expand` names the guest: fewer columns to build, fetch and turn into objects)."""
    queryset = WaitlistEntry.objects.filter(restaurant=restaurant).select_related("guest", "reservation")
    if "guest" in expand:
        return queryset
    return queryset.only(*RENDERED_FIELDS)


# A list page without the guests expanded, as plain rows: what WaitlistEntryShape reads.
_ROW_FIELDS = (
    "public_id",
    "status",
    "joined_via",
    *WANTED_FIELDS,
    *WORKED_OUT_FIELDS,
    "notes",
    "reservation_id",
    "created_at",
    "updated_at",
)
_ROW_SELECT = ", ".join([*columns(WaitlistEntry, "w", _ROW_FIELDS), 'g."public_id"', 'b."public_id"'])
_ROW_FROM = (
    f'FROM page JOIN "{WaitlistEntry._meta.db_table}" w ON w."id" = page."id" '
    f'JOIN "{Guest._meta.db_table}" g ON g."id" = w."guest_id" '
    f'LEFT JOIN "{Reservation._meta.db_table}" b ON b."id" = w."reservation_id"'
)


def listed(restaurant):
    """The restaurant's entries, for `entry_rows` (which reads its own columns and joins)."""
    return WaitlistEntry.objects.filter(restaurant=restaurant)


def entry_rows(queryset, order_by: list[str], count: int, *, prepare: bool = True) -> list[Row]:
    """The first `count` entries of `queryset` ordered by `order_by`, as rows with `guest` and
    `reservation` rows of their ids (the API's list without `expand=guest`).

    Read as the reservation list's page is (config.rows.page_sql: the ids through the ORM, one
    hand-written statement, prepared once its text repeats: 0.57 -> 0.20 ms), no model instance
    built. `prepare=False` for a range of service dates: the list is ordered by `created_at`, and
    the generic plan of a range walks the newest-first index through every entry when the range
    holds none (35 ms against 2 ms planned for the values, on 100,000 entries)."""
    page = page_sql(queryset, order_by, count, select=_ROW_SELECT, joins=_ROW_FROM, alias="w", prepare=prepare)
    if page is None:  # a filter that can match nothing
        return []
    with reading().cursor() as cursor:
        cursor.execute(*page)
        found = cursor.fetchall()
    width = len(_ROW_FIELDS)
    rows = []
    for values in found:
        entry = dict(zip(_ROW_FIELDS, values[:width], strict=True))
        guest_id, reservation_id = values[width:]
        entry["guest"] = Row({"public_id": guest_id})
        entry["reservation"] = None if reservation_id is None else Row({"public_id": reservation_id})
        rows.append(Row(entry))
    return rows


def get_entry(restaurant, public_id: str, expand=frozenset()) -> WaitlistEntry | None:
    return entries_of(restaurant, expand).filter(public_id=public_id).first()


def entries_for_day(restaurant, date: dt.date, *, open_only: bool = True) -> list[WaitlistEntry]:
    """The day sheet's waitlist panel: the date's entries in the order the window opens, then by age."""
    queryset = entries_of(restaurant, frozenset({"guest"})).filter(service_date=date)  # names, private note
    if open_only:
        queryset = queryset.filter(status__in=OPEN_STATUSES)
    return list(
        queryset.order_by("window_start_day_offset", "window_start", "created_at", "id").select_related("guest")
    )


# The day sheet's panel, read in the sheet's own round trip (backoffice.selectors.day_sheet) as
# plain values: the panel shows a few entries, but building this query through the ORM (entry,
# guest and booking columns) cost about 4 ms of CPU per sheet, more than the bookings' read.
DAY_PANEL = f"""
SELECT w.public_id, w.status, w.party_size, w.window_start, w.window_end, w.shift_name, w.offered_time,
       w.notes, w.private_note, w.quoted_wait_minutes, w.created_at, w.joined_via,
       g.id, g.public_id, g.first_name, g.last_name, g.phone, g.vip,
       g.allergies, g.dietary_preferences
FROM {WaitlistEntry._meta.db_table} w
JOIN {Guest._meta.db_table} g ON g.id = w.guest_id
WHERE w.restaurant_id = %(restaurant)s AND w.service_date = %(date)s AND w.status = ANY(%(waitlist_open)s)
ORDER BY w.window_start_day_offset, w.window_start, w.created_at, w.id
"""
DAY_PANEL_PARAMS = {"waitlist_open": [str(status) for status in OPEN_STATUSES]}


@dataclass
class PanelEntry:
    """One open entry as the day sheet's panel shows it (what entries_for_day's objects gave it)."""

    public_id: str
    status: str
    party_size: int
    window_start: dt.time
    window_end: dt.time
    shift_name: str | None
    offered_time: dt.time | None
    notes: str | None
    private_note: str | None
    quoted_wait_minutes: int | None
    created_at: dt.datetime
    joined_via: str
    guest_id: int
    guest: str  # the guest's name, else their public id (Guest.__str__)
    phone: str | None
    vip: bool
    allergies: list[str]
    diets: list[str]

    @property
    def status_label(self) -> str:
        return str(WaitlistStatus(self.status).label)

    def waited_minutes(self, now: dt.datetime) -> int:
        """How long the party has waited since it joined."""
        return max(0, int((now - self.created_at).total_seconds() // 60))


def panel_entries(rows) -> list[PanelEntry]:
    """PanelEntry objects from DAY_PANEL's rows."""
    entries = []
    for *entry, guest_id, guest_public_id, first_name, last_name, phone, vip, allergies, diets in rows:
        name = " ".join(part for part in (first_name, last_name) if part) or guest_public_id
        entries.append(PanelEntry(*entry, guest_id, name, phone, vip, allergies or [], diets or []))
    return entries
