"""A page of bookings read as plain rows: one hand-written statement around the ORM's ids.

A list page renders up to 100 bookings with their guests and companies. Building the 200-300
model instances and compiling the ORM's three-table SELECT cost more than the rest of the
request; the shapes need none of the models' behaviour, only their values. So the filtered,
ordered and limited queryset is compiled down to its ids (the filters stay the ORM's), and one
statement reads, for those ids and in the same order, the columns the shapes render, and each
booking's table ids (the tables themselves come from `known_tables`' per-process copy, keyed by the
restaurant's version counters, read in the same round trip). The statement is prepared once its
text repeats (config.rows.statement_text): planning it cost more than running it. A repeated
list request reuses its statement (reservations.api.list_pages).
"""

import orjson

from config.postgresql.round_trip import Part, Results, run
from config.rows import Row, columns, page_text, statement_text
from guests.models import EDITABLE_FIELDS, STATISTICS_FIELDS, Guest
from reservations.models import Company, Reservation
from reservations.selectors.engine_policy import versions_read

# What ReservationShape, GuaranteeShape, GuestShape and CompanyShape read.
RESERVATION_FIELDS = (
    "id",
    "public_id",
    "status",
    "source",
    "booking_channel",
    "party_size",
    "service_date",
    "starts_at",
    "ends_at",
    "guest_notes",
    "guest_notifications",
    "excluded_from_shift_limits",
    "contact_email",
    "contact_phone",
    "internal_notes",
    "metadata",
    "guarantee_kind",
    "guarantee_status",
    "guarantee_amount",
    "guarantee_currency",
    "guarantee_expires_at",
    "modification_token",
    "created_at",
    "updated_at",
)
GUEST_FIELDS = (
    "public_id",
    "source",
    *EDITABLE_FIELDS,
    "marketing_email_consent_at",
    "marketing_sms_consent_at",
    *STATISTICS_FIELDS,
    "created_at",
    "updated_at",
)
COMPANY_FIELDS = ("public_id", "name")
JSON_FIELDS = frozenset({"metadata"})  # jsonb arrives as text (Django's loader): parsed here


_LINKS = Reservation.tables.through._meta.db_table
_SELECT = ", ".join(
    [
        *columns(Reservation, "r", RESERVATION_FIELDS),
        f'ARRAY(SELECT l."table_id" FROM "{_LINKS}" l WHERE l."reservation_id" = r."id")',
        *columns(Guest, "g", GUEST_FIELDS),
        *columns(Company, "c", COMPANY_FIELDS),
    ]
)
_FROM = (
    f'FROM page JOIN "{Reservation._meta.db_table}" r ON r."id" = page."id" '
    f'JOIN "{Guest._meta.db_table}" g ON g."id" = r."guest_id" '
    f'LEFT JOIN "{Company._meta.db_table}" c ON c."id" = r."company_id"'
)


def page_statement(queryset, order_by: list[str], count: int) -> tuple[str, list] | None:
    """The read of the first `count` bookings of `queryset` (of Reservation) ordered by `order_by`,
    as (text, parameters), None when a filter can match nothing: what `rows_of` runs."""
    return page_text(queryset, order_by, count, select=_SELECT, joins=_FROM, alias="r")


def page_rows(queryset, order_by: list[str], count: int, *, restaurant, remember=None) -> list[Row]:
    """The first `count` bookings of `queryset` (of Reservation, of `restaurant`) ordered by
    `order_by`, as rows with `guest` and `company` rows of their own and their `table_ids`;
    `restaurant`'s version counters are read in the same round trip. `remember(statement)` is
    handed the page's statement (`page_statement`) before it runs."""
    statement = page_statement(queryset, order_by, count)
    if remember is not None:
        remember(statement)
    return rows_of(statement, restaurant=restaurant)


def rows_of(statement: tuple[str, list] | None, *, restaurant) -> list[Row]:
    """The rows `page_statement`'s statement reads (none for None)."""
    if statement is None:  # a filter that can match nothing
        return []
    sql, params = statement
    found = run(versions_read(restaurant), Part(statement_text(sql), params, Results.all))[1]
    tables_at = len(RESERVATION_FIELDS)  # then the guest's columns, then the company's
    guest_at, company_at = tables_at + 1, tables_at + 1 + len(GUEST_FIELDS)
    rows = []
    for values in found:
        booking = dict(zip(RESERVATION_FIELDS, values[:tables_at], strict=True))
        for name in JSON_FIELDS:
            booking[name] = orjson.loads(booking[name])
        booking["table_ids"] = values[tables_at]
        booking["guest"] = Row(dict(zip(GUEST_FIELDS, values[guest_at:company_at], strict=True)))
        company = values[company_at:]
        booking["company"] = None if company[0] is None else Row(dict(zip(COMPANY_FIELDS, company, strict=True)))
        rows.append(Row(booking))
    return rows
