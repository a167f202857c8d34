"""A reservation, its card guarantee and its lifecycle events.

Rendered in full: config.gating removes the guest data for a key without `guests:read`.
"""

from config.formats import Viewer, iso_date, timestamp
from config.shapes import (
    TIMESTAMP_NOTE,
    Shape,
    array,
    boolean,
    const,
    date,
    date_time,
    described,
    enum,
    integer,
    list_shape,
    nullable,
    obj,
    object_id,
    ref,
    string,
)
from guests.shapes import GuestShape
from reservations.models.booking import (
    SERVED_STATUSES,
    Channel,
    EventType,
    GuaranteeKind,
    GuaranteeStatus,
    GuestNotifications,
    Source,
)
from reservations.shapes.floor import CompanyShape, TableShape

METADATA = {
    "type": "object",
    "description": (
        "The integrator's own data: at most 50 keys of up to 40 characters; values are strings of at most 500 "
        "characters, numbers, booleans or null. Echoed verbatim; carried from a hold to its reservation; readable "
        "by every integration of the restaurant."
    ),
    "maxProperties": 50,
    "additionalProperties": True,
}
GUEST_DATA_NOTE = " Guest data: present only when the key carries `guests:read`, absent (never null) otherwise."


class GuaranteeShape(Shape):
    name = "Guarantee"
    schema = obj(
        "The card guarantee of a booking.",
        {
            "object": const("guarantee"),
            "kind": enum(
                GuaranteeKind.values,
                "`imprint`: a saved card charged only on no-show or late cancellation; "
                "`prepayment`: reserved, never issued today.",
            ),
            "status": nullable(enum(GuaranteeStatus.values)),
            "amount": nullable(integer("In the smallest unit of `currency`.", minimum=0)),
            "currency": nullable(string("ISO 4217.", pattern=r"^[A-Z]{3}$")),
            "expires_at": nullable(date_time("Deadline for saving the card, set on a requested guarantee.")),
        },
    )

    @staticmethod
    def render(row, tz) -> dict | None:
        if not row.guarantee_kind:
            return None
        return {
            "object": "guarantee",
            "kind": row.guarantee_kind,
            "status": row.guarantee_status or None,
            "amount": row.guarantee_amount,
            "currency": row.guarantee_currency or None,
            "expires_at": timestamp(row.guarantee_expires_at, tz),
        }


class ReservationEventShape(Shape):
    name = "ReservationEvent"
    schema = obj(
        "A lifecycle event of a reservation.",
        {
            "object": const("reservation_event"),
            "id": object_id("evt", "Not the id of the webhook event announcing the same change."),
            "type": enum(EventType.values),
            "created_at": date_time("When it happened. " + TIMESTAMP_NOTE),
            "data": {
                "type": "object",
                "additionalProperties": True,
                "description": (
                    "Open key set, keyed per type: statuses as `from_status`/`to_status`, field edits under "
                    "`changes`, `overrides_accepted` when overrides waived something; on `reservation.cancelled`, "
                    "`cancellation_reason` (`partner_api`, `guest_self_service`, `guarantee_expired` or the "
                    "restaurant's own text). Guest-data keys (`contact_email`, `contact_phone`, `guest_notes` inside "
                    "`changes`; `submitted_guest_name`, `submitted_email`, `submitted_phone` on "
                    "`reservation.created`) appear only when the key carries `guests:read`."
                ),
            },
        },
    )

    @staticmethod
    def render(row, tz) -> dict:
        return {
            "object": "reservation_event",
            "id": row.public_id,
            "type": row.type,
            "created_at": timestamp(row.created_at, tz),
            "data": row.data,
        }


class ReservationShape(Shape):
    name = "Reservation"
    schema = obj(
        "A party booked onto a table for one service on one service date.",
        {
            "object": const("reservation"),
            "id": object_id("resv", "Permanent. A booking converted from a hold keeps the hold's suffix."),
            "status": enum(
                SERVED_STATUSES,
                "`held` and `awaiting_guest` are never served. A late party keeps its stored status.",
            ),
            "source": enum(Source.values, "Mechanism that created it."),
            "booking_channel": enum(Channel.values, "Channel the demand arrived through (a converted hold has `api`)."),
            "party_size": integer("Guests.", minimum=1),
            "service_date": date("Restaurant timezone; a seating after midnight keeps the date its service began on."),
            "starts_at": date_time("When the party is due. " + TIMESTAMP_NOTE),
            "ends_at": nullable(date_time("Null when no seating duration applies.")),
            "guest_notes": nullable(string("The guest's own request." + GUEST_DATA_NOTE)),
            "guest_notifications": {
                "type": "string",
                "description": (
                    "`partner_managed`: no discretionary guest messages are sent (a cancel too). Fixed for the "
                    "booking's life. The list is open: tolerate other values."
                ),
                "examples": GuestNotifications.values,
            },
            "excluded_from_shift_limits": boolean(
                "True: neither charged to nor refused by the shift covers caps; still holds its table."
            ),
            "contact_email": nullable(string("Null means the guest profile's address is used." + GUEST_DATA_NOTE)),
            "contact_phone": nullable(string("Null means the guest profile's number is used." + GUEST_DATA_NOTE)),
            "internal_notes": nullable(
                string("The restaurant's private note, never shown to the guest." + GUEST_DATA_NOTE)
            ),
            "guest": {
                "description": "The `gst_` id; the full guest with `expand=guest`.",
                "oneOf": [object_id("gst", "The guest's id."), ref("Guest")],
            },
            "company": described(nullable(ref("Company")), "Always present; null when filed under no company."),
            "tables": array(ref("Table"), "`[]` while no table is assigned."),
            "guarantee": described(nullable(ref("Guarantee")), "Card guarantee; null when none; always present."),
            "metadata": METADATA,
            "created_at": date_time(TIMESTAMP_NOTE),
            "updated_at": date_time("What `updated_since` compares against. " + TIMESTAMP_NOTE),
            "modification_token": string(
                "Only with `expand=modification_token` (needs `guests:read`): "
                "`{booking_page_url}/{modification_token}` opens the guest's own booking page, as the guest."
            ),
            "events": array(ref("ReservationEvent"), "Only with `expand=events`: the lifecycle events, oldest first."),
        },
        required=[
            "object",
            "id",
            "status",
            "source",
            "booking_channel",
            "party_size",
            "service_date",
            "starts_at",
            "ends_at",
            "guest_notifications",
            "excluded_from_shift_limits",
            "guest",
            "company",
            "tables",
            "guarantee",
            "metadata",
            "created_at",
            "updated_at",
        ],
    )

    @staticmethod
    def render(row, viewer: Viewer, tables=None) -> dict:
        """`tables`: the booking's table rows when the caller has them (else read through `row`)."""
        tz = viewer.tz
        data = {
            "object": "reservation",
            "id": row.public_id,
            "status": row.status,
            "source": row.source,
            "booking_channel": row.booking_channel,
            "party_size": row.party_size,
            "service_date": iso_date(row.service_date),
            "starts_at": timestamp(row.starts_at, tz),
            "ends_at": timestamp(row.ends_at, tz),
            "guest_notes": row.guest_notes,
            "guest_notifications": row.guest_notifications,
            "excluded_from_shift_limits": row.excluded_from_shift_limits,
            "contact_email": row.contact_email,
            "contact_phone": row.contact_phone,
            "internal_notes": row.internal_notes,
            "guest": GuestShape.render(row.guest, tz) if "guest" in viewer.expand else row.guest.public_id,
            "company": CompanyShape.render(row.company),
            "tables": [TableShape.render(t) for t in (row.tables.all() if tables is None else tables)],
            "guarantee": GuaranteeShape.render(row, tz),
            "metadata": row.metadata,
            "created_at": timestamp(row.created_at, tz),
            "updated_at": timestamp(row.updated_at, tz),
        }
        if "modification_token" in viewer.expand:
            data["modification_token"] = row.modification_token
        if "events" in viewer.expand:
            data["events"] = [ReservationEventShape.render(e, tz) for e in row.events.all()]
        return data


ReservationListShape = list_shape(ReservationShape, "A page of reservations.")
ReservationEventListShape = list_shape(ReservationEventShape, "A page of a reservation's events, oldest first.")
