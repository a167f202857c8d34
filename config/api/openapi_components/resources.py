"""JSON Schemas of the resources the API answers: configuration, sections, tables, guests,
reservations and their events, holds.

Response objects are described open (no `additionalProperties: false`): fields may be
added within a version, and clients must tolerate them. The conformance tests close them.
"""

from config.api.openapi_components.enums import (
    AREA_TYPES,
    BOOKING_CHANNELS,
    EVENT_TYPES,
    GUARANTEE_KINDS,
    GUARANTEE_STATUSES,
    GUEST_FIELDS,
    GUEST_NOTIFICATIONS,
    GUEST_SOURCES,
    HOLD_KINDS,
    HOLD_STATUSES,
    LANGUAGES,
    RESERVATION_SOURCES,
    RESERVATION_STATUSES,
)
from config.api.openapi_components.helpers import (
    TIMESTAMP_NOTE,
    boolean,
    const,
    date,
    date_time,
    described,
    integer,
    nullable,
    obj,
    object_id,
    ref,
    string,
)

METADATA = {
    "type": "object",
    "description": (
        "The integrator's own data: at most 50 keys of up to 40 characters; a value serialised is at most "
        "500 characters. Echoed verbatim; carried from a hold to its reservation; readable by every "
        "integration of the restaurant. Never checked otherwise."
    ),
    "maxProperties": 50,
    "propertyNames": {"minLength": 1, "maxLength": 40},
    "additionalProperties": True,
}

SECTION = obj(
    "A seating area of a floor plan. Rows sharing a `group_id` are one choice to a guest.",
    {
        "object": const("section"),
        "id": object_id("sec", "Accepted as `section_id` anywhere; any member of a group resolves to the whole group."),
        "name": string("In the restaurant's `primary_language`."),
        "area_type": {"type": "string", "enum": AREA_TYPES},
        "bookable_online": boolean("Per row, not cascaded between group members; offer a group when any row is true."),
        "group_id": object_id(
            "sec",
            "Rows sharing it are one choice; exactly one row per group has `group_id == id` and names the group.",
        ),
    },
)

TABLE = obj(
    "A table of the floor plan.",
    {
        "object": const("table"),
        "id": object_id("tbl", "The table's id."),
        "name": string("Name on the floor plan."),
        "min_capacity": integer("Never null.", minimum=1),
        "max_capacity": integer("Never below `min_capacity`; larger parties need joined tables.", minimum=1),
        "section": described(ref("Section"), "The seating area of the table."),
    },
)

COMPANY = obj(
    "The company a booking is filed under.",
    {
        "object": const("company"),
        "id": object_id("cmp", "The company's id."),
        "name": string("The company's name."),
    },
)

GUARANTEE = obj(
    "The card guarantee of a booking.",
    {
        "object": const("guarantee"),
        "kind": {
            "type": "string",
            "enum": GUARANTEE_KINDS,
            "description": (
                "`imprint`: a saved card charged only on no-show or late cancellation; "
                "`prepayment`: reserved, never issued today."
            ),
        },
        "status": nullable({"type": "string", "enum": GUARANTEE_STATUSES}),
        "amount": nullable(integer("In the smallest unit of `currency`.", minimum=0)),
        "currency": nullable(string("ISO 4217.", pattern=r"^[A-Z]{3}$")),
        "expires_at": nullable(date_time("Deadline for saving the card, set on a requested guarantee.")),
    },
)

GUEST = obj(
    "A guest profile of the restaurant's guest book (needs `guests:read` wherever it appears).",
    {
        "object": const("guest"),
        "id": object_id("gst", "The id of a merged-away profile resolves to the survivor, under its own id."),
        "first_name": nullable(string("A profile has a first or last name or both.")),
        "last_name": nullable(string("Always present as a key.")),
        "email": nullable(string("Primary address, trimmed and lower-cased.")),
        "phone": nullable(
            string("E.164 when parsable for the restaurant's country, else as entered without separators.")
        ),
        "notes": nullable(string("The restaurant's own notes on the profile, not the guest's.")),
        "blacklisted": boolean("A flag only; does not by itself refuse a booking."),
        "blacklist_reason": nullable(string("Why the guest is blacklisted.")),
        "dietary_preferences": {"type": "array", "items": {"type": "string"}, "description": "`[]` when none."},
        "allergies": {"type": "array", "items": {"type": "string"}, "description": "`[]` when none."},
        "birthday": nullable(date("The guest's birthday.")),
        "anniversary": nullable(date("The guest's anniversary.")),
        "vip": boolean("Whether the guest is a VIP."),
        "language": nullable({"type": "string", "enum": LANGUAGES, "description": "ISO 639-1."}),
        "source": {"type": "string", "enum": GUEST_SOURCES},
        "marketing_email_consent": boolean("Consent to marketing e-mail."),
        "marketing_email_consent_at": nullable(date_time("When the consent last became true.")),
        "marketing_sms_consent": boolean("Consent to marketing SMS."),
        "marketing_sms_consent_at": nullable(date_time("When the consent last became true.")),
        "visit_count": integer(
            "Bookings ended `seated`, `partially_seated` or `completed`; recomputed hourly.", minimum=0
        ),
        "no_show_count": integer("Recomputed like `visit_count`.", minimum=0),
        "cancellation_count": integer("Only cancelled bookings whose time has passed.", minimum=0),
        "first_visit_at": nullable(date_time("First visit.")),
        "last_visit_at": nullable(date_time("Last visit.")),
        "created_at": date_time(TIMESTAMP_NOTE),
        "updated_at": date_time(TIMESTAMP_NOTE),
    },
)

RESERVATION_EVENT = obj(
    "A lifecycle event of a reservation.",
    {
        "object": const("reservation_event"),
        "id": object_id("evt", "Not the id of the webhook event announcing the same change."),
        "type": {"type": "string", "enum": EVENT_TYPES},
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

GUEST_DATA_NOTE = " Guest data: present only when the key carries `guests:read`, absent (never null) otherwise."

RESERVATION = obj(
    "A party booked onto a table for one service on one service date.",
    {
        "object": const("reservation"),
        "id": object_id("resv", "Permanent. A booking converted from a hold keeps the hold's suffix."),
        "status": {
            "type": "string",
            "enum": RESERVATION_STATUSES,
            "description": "`held` and `awaiting_guest` are never served. A late party keeps its stored status.",
        },
        "source": {"type": "string", "enum": RESERVATION_SOURCES, "description": "Mechanism that created it."},
        "booking_channel": {
            "type": "string",
            "enum": BOOKING_CHANNELS,
            "description": "Channel the demand arrived through (a converted hold has `api`).",
        },
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
            "examples": GUEST_NOTIFICATIONS,
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
        "tables": {"type": "array", "items": ref("Table"), "description": "`[]` while no table is assigned."},
        "guarantee": described(nullable(ref("Guarantee")), "Card guarantee; null when none; always present."),
        "metadata": METADATA,
        "created_at": date_time(TIMESTAMP_NOTE),
        "updated_at": date_time("What `updated_since` compares against. " + TIMESTAMP_NOTE),
        "modification_token": string(
            "Only with `expand=modification_token` (needs `guests:read`): `{booking_page_url}/{modification_token}` "
            "opens the guest's own booking page, as the guest."
        ),
        "events": {
            "type": "array",
            "items": ref("ReservationEvent"),
            "description": "Only with `expand=events`: the lifecycle events, oldest first.",
        },
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

HOLD = obj(
    "A claim on a slot that occupies a real table and counts against availability as a booking does.",
    {
        "object": const("hold"),
        "id": object_id("hold", "The hold's id; its reservation keeps the suffix (`hold_X` becomes `resv_X`)."),
        "kind": {"type": "string", "enum": HOLD_KINDS},
        "status": {"type": "string", "enum": HOLD_STATUSES},
        "party_size": integer("Guests.", minimum=1),
        "service_date": date("Restaurant timezone."),
        "starts_at": date_time("Start of the seating, not the deadline. " + TIMESTAMP_NOTE),
        "ends_at": nullable(date_time("Null when no seating duration applies.")),
        "expires_at": nullable(date_time("Authoritative deadline set by the server; null once the hold is over.")),
        "ended_at": nullable(date_time("When released or lapsed; null while live and after conversion.")),
        "reservation": nullable(object_id("resv", "The reservation the hold became.")),
        "tables": {"type": "array", "items": ref("Table"), "description": "Occupied tables."},
        "excluded_from_shift_limits": boolean(
            "Carried onto the booking on conversion (converting an exempt hold needs `reservations:write:override`)."
        ),
        "metadata": METADATA,
        "created_at": date_time(TIMESTAMP_NOTE),
        "updated_at": date_time(TIMESTAMP_NOTE),
    },
)

RESTAURANT_REF = obj(
    "The restaurant the key resolves to.",
    {
        "object": const("restaurant"),
        "id": object_id("rst", "The restaurant's id."),
        "name": string("The restaurant's name."),
    },
)

PARTY_SIZE_LIMIT = "Online policy, not a promise of a table; null: no limit."

CONFIGURATION = obj(
    "The restaurant's booking policy. Read once at start-up; revalidate with `If-None-Match`.",
    {
        "object": const("configuration"),
        "restaurant": ref("RestaurantReference"),
        "booking_page_url": string(
            "Absolute address of the hosted booking page; append `/{modification_token}` for the guest's own page.",
            format="uri",
        ),
        "country": string(
            "ISO 3166 alpha-2; phone numbers without country code are read against it.", pattern=r"^[A-Z]{2}$"
        ),
        "timezone": string("IANA zone of every date and time.", examples=["Europe/Paris"]),
        "currency": string("ISO 4217 of every amount.", pattern=r"^[A-Z]{3}$"),
        "primary_language": {"type": "string", "enum": LANGUAGES, "description": "Language of restaurant text."},
        "guest_languages": {
            "type": "array",
            "items": {"type": "string", "enum": LANGUAGES},
            "minItems": 1,
            "description": "Primary first; the exact set `locale` accepts.",
        },
        "min_party_size": nullable(integer(PARTY_SIZE_LIMIT, minimum=1)),
        "max_party_size": nullable(integer(PARTY_SIZE_LIMIT, minimum=1)),
        "default_party_size": integer("Suggested size, between min and max.", minimum=1),
        "current_date": date("Today in the restaurant's timezone."),
        "max_advance_days": nullable(integer("Booking window in days; null: none.", minimum=0)),
        "last_service_date": nullable(date("`current_date + max_advance_days`; null when that is null.")),
        "default_cutoff_minutes": nullable(
            integer("House default only: 0 up to start, -1 during service, null no rule.", minimum=-1)
        ),
        "show_seating_preference": boolean("Advisory: render a seating step."),
        "require_guest_email": boolean("Advisory, not enforced by the API."),
        "require_guest_phone": boolean("Advisory, not enforced by the API."),
        "card_guarantee_from_party_size": nullable(
            integer("Null: no booking is asked for a card; a number is a maybe.", minimum=1)
        ),
        "required_guest_fields": {
            "type": "array",
            "items": {"type": "string", "enum": GUEST_FIELDS},
            "description": (
                "Guest fields a create must carry or be refused `guest_fields_required` (not with `guest_id`)."
            ),
        },
    },
)

PING = obj(
    "Answer of the key check; `ok` is always true: check the status code.",
    {"object": const("ping"), "ok": {"type": "boolean", "const": True}},
)
