"""A reservation, its card guarantee and its lifecycle events.

Rendered in full: config.gating removes the guest data for a key without `guests:read`.
"""

from config.shapes import (
    TIMESTAMP_NOTE,
    Field,
    Shape,
    array,
    boolean,
    const,
    date_field,
    described,
    enum,
    integer,
    list_shape,
    nullable,
    object_id,
    ref,
    string,
    timestamp_field,
)
from guests.shapes import guest_field
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


class GuaranteeShape(Shape):
    name = "Guarantee"
    description = "The card guarantee of a booking."
    args = "row, tz"
    none_unless = "row.guarantee_kind"
    fields = {
        "object": const("guarantee"),
        "kind": Field(
            enum(
                GuaranteeKind.values,
                "`imprint`: a saved card charged only on no-show or late cancellation; "
                "`prepayment`: reserved, never issued today.",
            ),
            "row.guarantee_kind",
        ),
        "status": Field(nullable(enum(GuaranteeStatus.values)), "row.guarantee_status", lambda value: value or None),
        "amount": Field(nullable(integer("In the smallest unit of `currency`.", minimum=0)), "row.guarantee_amount"),
        "currency": Field(
            nullable(string("ISO 4217.", pattern=r"^[A-Z]{3}$")), "row.guarantee_currency", lambda value: value or None
        ),
        "expires_at": timestamp_field(
            "Deadline for saving the card, set on a requested guarantee.", null=True, read="row.guarantee_expires_at"
        ),
    }


class ReservationEventShape(Shape):
    name = "ReservationEvent"
    description = "A lifecycle event of a reservation."
    args = "row, tz"
    fields = {
        "object": const("reservation_event"),
        "id": Field(object_id("evt", "Not the id of the webhook event announcing the same change."), "row.public_id"),
        "type": enum(EventType.values),
        "created_at": timestamp_field("When it happened. " + TIMESTAMP_NOTE),
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
    }


class ReservationShape(Shape):
    """`tables`: the booking's table rows when the caller has them (else read through `row`)."""

    name = "Reservation"
    description = "A party booked onto a table for one service on one service date."
    args = "row, viewer, tables=None"
    scope = {"tz": "viewer.tz"}
    fields = {
        "object": const("reservation"),
        "id": Field(
            object_id("resv", "Permanent. A booking converted from a hold keeps the hold's suffix."), "row.public_id"
        ),
        "status": enum(
            SERVED_STATUSES,
            "`held` and `awaiting_guest` are never served. A late party keeps its stored status.",
        ),
        "source": enum(Source.values, "Mechanism that created it."),
        "booking_channel": enum(Channel.values, "Channel the demand arrived through (a converted hold has `api`)."),
        "party_size": integer("Guests.", minimum=1),
        "service_date": date_field(
            "Restaurant timezone; a seating after midnight keeps the date its service began on."
        ),
        "starts_at": timestamp_field("When the party is due. " + TIMESTAMP_NOTE),
        "ends_at": timestamp_field("Null when no seating duration applies.", null=True),
        "guest_notes": Field(nullable(string("The guest's own request.")), guest_data=True),
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
        "contact_email": Field(nullable(string("Null means the guest profile's address is used.")), guest_data=True),
        "contact_phone": Field(nullable(string("Null means the guest profile's number is used.")), guest_data=True),
        "internal_notes": Field(
            nullable(string("The restaurant's private note, never shown to the guest.")), guest_data=True
        ),
        "guest": guest_field("The `gst_` id; the full guest with `expand=guest`."),
        "company": Field(
            described(nullable(ref("Company")), "Always present; null when filed under no company."), via=CompanyShape
        ),
        "tables": Field(
            array(ref("Table"), "`[]` while no table is assigned."),
            lambda row, tables: row.tables.all() if tables is None else tables,
            TableShape,
            many=True,
        ),
        "guarantee": Field(
            described(nullable(ref("Guarantee")), "Card guarantee; null when none; always present."),
            "row",
            GuaranteeShape,
        ),
        "metadata": METADATA,
        "created_at": timestamp_field(TIMESTAMP_NOTE),
        "updated_at": timestamp_field("What `updated_since` compares against. " + TIMESTAMP_NOTE),
        "modification_token": Field(
            string(
                "Only with `expand=modification_token` (needs `guests:read`): "
                "`{booking_page_url}/{modification_token}` opens the guest's own booking page, as the guest."
            ),
            expanded=True,
        ),
        "events": Field(
            array(ref("ReservationEvent"), "Only with `expand=events`: the lifecycle events, oldest first."),
            lambda row: row.events.all(),
            ReservationEventShape,
            many=True,
            expanded=True,
        ),
    }


ReservationListShape = list_shape(ReservationShape, "A page of reservations.")
ReservationEventListShape = list_shape(ReservationEventShape, "A page of a reservation's events, oldest first.")
