"""The reusable pieces of the OpenAPI document: JSON Schemas of every wire object, the
request bodies, the response headers and the security scheme.

The views answer plain dicts built by serializer functions, so drf-spectacular cannot
infer their shapes: they are written down here, from reservation-api.md (the contract)
and decisions.md, and registered through SPECTACULAR_SETTINGS["APPEND_COMPONENTS"].
tests/openapi/ checks real responses against them, so a change to a serializer that is
not reflected here fails a test.

This module is plain data (OpenAPI 3.1, JSON Schema 2020-12: nullable is
`"type": [..., "null"]`) and imports nothing from Django or drf-spectacular, so
settings.py can import it.

Response objects are described open (no `additionalProperties: false`): fields may be
added within a version, and clients must tolerate them. The conformance tests close them.
"""

# Enumerations of the contract.

LANGUAGES = ["fr", "en", "de", "es", "it", "nl", "pt", "da", "sv", "no", "fi"]
RESERVATION_STATUSES = [
    "awaiting_guarantee",
    "pending",
    "confirmed",
    "partially_seated",
    "seated",
    "completed",
    "cancelled",
    "no_show",
]
# `held` and `awaiting_guest` exist (a status filter accepts them) but are never served.
RESERVATION_STATUS_FILTER = ["awaiting_guarantee", "awaiting_guest", "held", *RESERVATION_STATUSES[1:]]
RESERVATION_SOURCES = ["manual", "widget", "walk_in", "import", "waitlist", "api"]
BOOKING_CHANNELS = ["back_office", "website_widget", "phone", "walk_in", "google_reserve", "partner_platform", "api"]
GUEST_NOTIFICATIONS = ["service_managed", "partner_managed"]
GUARANTEE_KINDS = ["imprint", "prepayment"]
GUARANTEE_STATUSES = ["requested", "active", "charged", "refunded", "released", "failed"]
HOLD_KINDS = ["basket", "commitment"]
HOLD_STATUSES = ["held", "expired", "released", "converted"]
AREA_TYPES = ["indoor", "outdoor", "terrace", "bar", "lounge", "private_room", "patio", "rooftop"]
GUEST_SOURCES = ["manual", "widget", "import", "host_assertion", "api", "website_newsletter"]
GUEST_FIELDS = ["email", "phone", "first_name", "last_name"]
EVENT_TYPES = [
    "reservation.created",
    "reservation.pending",
    "reservation.confirmed",
    "reservation.declined",
    "reservation.updated",
    "reservation.partially_seated",
    "reservation.seated",
    "reservation.completed",
    "reservation.cancelled",
    "reservation.no_show",
]
OVERRIDABLE_RULES = [
    "party_size_too_small",
    "party_size_too_large",
    "advance_window_exceeded",
    "cutoff_passed",
    "slot_no_longer_available",
    "guarantee_required",
]
VIOLATION_CODES = [
    "no_service_at_this_time",
    "start_time_off_grid",
    *OVERRIDABLE_RULES,
    "date_in_past",
    "no_table_available",
    "no_table_available_in_section",
    "section_occupied",
]
ERROR_TYPES = ["invalid_request_error", "authentication_error", "rate_limit_error", "api_error"]
SCOPES = ["reservations:read", "reservations:write", "reservations:write:override", "guests:read"]

# Formats shared by schemas and parameters.

HHMM_PATTERN = r"^([01]\d|2[0-3]):[0-5]\d$"
MONTH_PATTERN = r"^\d{4}-(0[1-9]|1[0-2])$"


def id_pattern(*prefixes: str) -> str:
    """Object ids are a prefix and random base62 characters (`resv_4fK...`)."""
    alternatives = "|".join(prefixes)
    group = f"({alternatives})" if len(prefixes) > 1 else alternatives
    return rf"^{group}_[0-9A-Za-z]+$"


# Schema helpers.


def ref(name: str, kind: str = "schemas") -> dict:
    return {"$ref": f"#/components/{kind}/{name}"}


def nullable(schema: dict) -> dict:
    """The same schema, also allowing null (a `$ref` becomes `oneOf: [ref, null]`)."""
    if "$ref" in schema:
        return {"oneOf": [schema, {"type": "null"}]}
    kind = schema.get("type")
    result = dict(schema)
    if isinstance(kind, list):
        result["type"] = kind if "null" in kind else [*kind, "null"]
    elif kind is not None:
        result["type"] = [kind, "null"]
    else:
        return {"oneOf": [schema, {"type": "null"}]}
    if "enum" in result:
        result["enum"] = [*result["enum"], None]
    return result


def const(value: str, description: str | None = None) -> dict:
    schema = {"type": "string", "const": value}
    if description:
        schema["description"] = description
    return schema


def described(schema: dict, description: str) -> dict:
    """`schema` with a description (kept beside a `$ref`, which OpenAPI 3.1 allows)."""
    return {**schema, "description": description}


def string(description: str, **extra) -> dict:
    return {"type": "string", "description": description, **extra}


def integer(description: str, **extra) -> dict:
    return {"type": "integer", "description": description, **extra}


def boolean(description: str) -> dict:
    return {"type": "boolean", "description": description}


def date(description: str) -> dict:
    return {"type": "string", "format": "date", "description": description}


def date_time(description: str) -> dict:
    return {"type": "string", "format": "date-time", "description": description}


def hhmm(description: str) -> dict:
    return {"type": "string", "pattern": HHMM_PATTERN, "description": description, "examples": ["19:30"]}


def object_id(prefix: str, description: str) -> dict:
    return {"type": "string", "pattern": id_pattern(prefix), "description": description}


def obj(description: str, properties: dict, required: list[str] | None = None, **extra) -> dict:
    """An object schema; every property is required unless `required` says otherwise."""
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties) if required is None else required,
        **extra,
    }


def list_of(item: str, description: str) -> dict:
    """The list envelope of every list endpoint."""
    return obj(
        description,
        {
            "object": const("list"),
            "data": {"type": "array", "items": ref(item), "description": "The page, in the list's order."},
            "has_more": boolean("Whether more objects follow this page. There is no total count."),
        },
    )


TIMESTAMP_NOTE = "ISO 8601 with the restaurant's UTC offset, second precision."

# Resources.

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
        "object", "id", "status", "source", "booking_channel", "party_size", "service_date", "starts_at", "ends_at",
        "guest_notifications", "excluded_from_shift_limits", "guest", "company", "tables", "guarantee", "metadata",
        "created_at", "updated_at",
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
        "country": string("ISO 3166 alpha-2; phone numbers without country code are read against it.",
                          pattern=r"^[A-Z]{2}$"),
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

AVAILABILITY_CLOSURE = obj(
    "A closure covering the date.",
    {
        "object": const("availability_closure"),
        "name": nullable(string("Name of the closure.")),
        "guest_message": nullable(string("Message for guests.")),
        "start_date": date("First closed date."),
        "end_date": date("Last closed date (inclusive)."),
    },
)

AVAILABILITY_GUARANTEE = obj(
    "The card guarantee a booking of this party on this service is asked for.",
    {
        "object": const("availability_guarantee"),
        "mode": const("imprint"),
        "currency": string("ISO 4217.", pattern=r"^[A-Z]{3}$"),
        "per_guest_amount": integer("Smallest currency unit.", minimum=0),
        "amount": integer("For the whole party, smallest currency unit.", minimum=0),
        "cancel_hours": nullable(integer("Free cancellation until this many hours before; null: always free.")),
    },
)

AVAILABILITY_SLOT = obj(
    "A bookable start time.",
    {
        "object": const("availability_slot"),
        "time": hhmm("Start time on the service date."),
        "available_covers": nullable(integer("Null means unlimited, not zero.", minimum=0)),
        "max_covers_per_slot": nullable(integer("The slot's covers cap; null: none.", minimum=0)),
    },
)

AVAILABILITY_SHIFT = obj(
    "A service on the date, with the slots this party can take.",
    {
        "object": const("availability_shift"),
        "id": nullable(object_id("shf", "The service's id.")),
        "name": nullable(string("In the requested `locale`.")),
        "guest_message": nullable(string("In the requested `locale`.")),
        "start_time": nullable(hhmm("First seating time.")),
        "end_time": nullable(hhmm("End of the service.")),
        "effective_cutoff_minutes": nullable(
            integer(
                "Minutes before start when online booking closes: 0 right up to start, -1 during the service, "
                "null no rule. Once passed, no slots and a create is refused `cutoff_passed`.",
                minimum=-1,
            )
        ),
        "display_only": boolean("No online booking."),
        "booking_closed": boolean("Cutoff or last seating passed; `slots` is then `[]`."),
        "requires_approval": boolean("A booking is a request (lands `pending`)."),
        "waitlist_open": boolean("Always false while the booking widget is switched off."),
        "guarantee": described(nullable(ref("AvailabilityGuarantee")), "Null: no card asked."),
        "guarantee_from_party_size": nullable(
            integer("Null: no party size on this service and date is asked for a card.", minimum=1)
        ),
        "slots": {"type": "array", "items": ref("AvailabilitySlot")},
        "unavailable_slots": {
            "type": "array",
            "items": hhmm("A time the service sells but this party cannot take now."),
            "description": "Render greyed and offer the queue.",
        },
        "section_ids": {
            "type": "array",
            "items": object_id("sec", "A section group id."),
            "description": (
                "Section groups the service can be booked whole in; absence is a promise of refusal with "
                "`no_table_available_in_section`, presence is a maybe."
            ),
        },
    },
)

AVAILABILITY = obj(
    "Availability of one service date for one party size.",
    {
        "object": const("availability"),
        "service_date": date("As asked."),
        "party_size": integer("As asked.", minimum=1),
        "section_id": nullable(object_id("sec", "The section filter applied (it stands for its whole group), or null.")),
        "day_message": nullable(string("Day-level banner.")),
        "display_only": boolean("Nothing bookable; only a display-only message remains."),
        "message_only": boolean("No service runs but `day_message` has the reason."),
        "closure": described(nullable(ref("AvailabilityClosure")), "When set, `shifts` is empty."),
        "shifts": {"type": "array", "items": ref("AvailabilityShift"), "description": "`[]` on a closed day."},
    },
)

AVAILABILITY_SECTION = obj(
    "A seating area and the party sizes seatable in it on the date.",
    {
        "object": const("availability_section"),
        "section_id": object_id("sec", "The section group id."),
        "party_sizes": {"type": "array", "items": {"type": "integer", "minimum": 1}},
    },
)

AVAILABILITY_DAY = obj(
    "One day of a month of availability.",
    {
        "object": const("availability_day"),
        "date": date("The day."),
        "past": boolean("Already gone (allowing for an overnight service still seating)."),
        "beyond_window": boolean("Beyond the booking window."),
        "closed": boolean("A closure covers the date."),
        "closure": described(nullable(ref("AvailabilityClosure")), "The closure when closed, else null."),
        "no_service": boolean("No service runs (closed, not sold out)."),
        "message_only": boolean("Staff note: open the day, offer no times."),
        "day_message": nullable(string("Day-level banner.")),
        "display_only": boolean("Display-only day."),
        "booking_closed": boolean("Every service past its cutoff or over."),
        "party_sizes": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1},
            "description": "Sizes seatable somewhere; empty with every flag false means fully booked.",
        },
        "sections": {
            "type": "array",
            "items": ref("AvailabilitySection"),
            "description": "Empty when no seating choice is offered online.",
        },
        "waitlist_party_sizes": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1},
            "description": "Sizes that may join the queue (always empty while the widget is off).",
        },
    },
)

AVAILABILITY_MONTH = obj(
    "Availability of every day of a month, in order (never sparse).",
    {
        "object": const("availability_month"),
        "month": string("`YYYY-MM`, as asked.", pattern=MONTH_PATTERN),
        "days": {"type": "array", "items": ref("AvailabilityDay"), "minItems": 28, "maxItems": 31},
    },
)

PING = obj(
    "Answer of the key check; `ok` is always true: check the status code.",
    {"object": const("ping"), "ok": {"type": "boolean", "const": True}},
)

# Errors.

VIOLATION_CONFLICT = obj(
    "A table of the section occupied at the requested time.",
    {
        "table": ref("Table"),
        "start_time": hhmm("Start of the occupation."),
        "end_time": hhmm("End of the occupation."),
    },
)

VIOLATION = obj(
    "A booking rule the request breaks. Documentation: `{docs_url}/api/errors#<code>`.",
    {
        "code": {"type": "string", "enum": VIOLATION_CODES, "description": "Unique within a response."},
        "message": string(
            "English, fixed per code (no figures, except `start_time_off_grid` naming the times); for logs."
        ),
        "param": string("The request field to change, when one field is at fault."),
        "overridable": boolean("Whether `override` with this code (and the override scope) waives it."),
        "conflicts": {
            "type": "array",
            "items": ref("ViolationConflict"),
            "description": "On `section_occupied` only: one entry per occupied table.",
        },
    },
    required=["code", "message", "overridable"],
)

ERROR_DETAIL = obj(
    "What went wrong.",
    {
        "type": {
            "type": "string",
            "enum": ERROR_TYPES,
            "description": (
                "`invalid_request_error` (400, 403, 404, 405, 409, 422), `authentication_error` (401), "
                "`rate_limit_error` (429), `api_error` (500, 502)."
            ),
        },
        "code": string("Stable machine code; branch on it.", examples=["booking_rules_violated"]),
        "message": string("English, for logs; never match on it or show it to guests."),
        "param": string("The offending request parameter; absent (not null) when none."),
        "doc_url": string("`{docs_url}/api/errors#<code>`; always present.", format="uri"),
        "violations": {
            "type": "array",
            "items": ref("Violation"),
            "minItems": 1,
            "description": "Only on `booking_rules_violated`, even for a single rule.",
        },
    },
    required=["type", "code", "message", "doc_url"],
)

ERROR = obj("The envelope of every failure.", {"error": ref("ErrorDetail")})

# Request bodies.

OVERRIDE = nullable(
    {
        "type": "array",
        "items": {"type": "string", "enum": OVERRIDABLE_RULES},
        "description": (
            "Rule codes to waive; non-empty needs `reservations:write:override` (403 `insufficient_scope`, "
            "`param: override`). A code that cannot be waived is 400 with `param: override`."
        ),
    }
)
EXCLUDED = boolean(
    "True: not charged to nor refused by the shift covers caps (needs `reservations:write:override`, refused "
    "with `param: excluded_from_shift_limits`); false needs nothing."
)

HOLD_CREATE = {
    "type": "object",
    "description": "Take a slot off sale. An unknown field is 400 naming it.",
    "properties": {
        "service_date": date("Restaurant timezone."),
        "start_time": hhmm("A slot time offered by availability for that date."),
        "party_size": integer("Guests.", minimum=1),
        "kind": {"type": "string", "enum": HOLD_KINDS, "default": "basket"},
        "expires_at": nullable(
            date_time(
                "Requested deadline; clamped, never refused (basket 5 to 30 minutes, default 10; commitment at "
                "most 48 hours). Not part of what the Idempotency-Key identifies."
            )
        ),
        "section_id": nullable(object_id("sec", "Hold in one area (its whole group).")),
        "metadata": nullable(METADATA),
        "override": OVERRIDE,
        "excluded_from_shift_limits": EXCLUDED,
    },
    "required": ["service_date", "start_time", "party_size"],
    "additionalProperties": False,
}

GUEST_INPUT = {
    "type": "object",
    "description": (
        "The guest, matched against the guest book by e-mail and phone. At least a first or a last name; "
        "an unknown field is 400 naming it (`guest[<field>]`)."
    ),
    "properties": {
        "first_name": nullable(string("First name.")),
        "last_name": nullable(string("Last name.")),
        "email": nullable(string("E-mail address; needed on a slot with a card guarantee.", maxLength=254)),
        "phone": nullable(string("Phone number; normalised to E.164 against the restaurant's country.")),
        "language": nullable({"type": "string", "enum": LANGUAGES, "description": "ISO 639-1."}),
    },
    "additionalProperties": False,
}

RESERVATION_CREATE = {
    "type": "object",
    "description": (
        "A booking. Send `service_date`, `start_time` and `party_size` unless converting a hold with `hold_id`; "
        "send `guest` or `guest_id` (not both). An unknown field is 400 naming it."
    ),
    "properties": {
        "service_date": date("The slot's date; required unless `hold_id` is sent (then it must match the hold)."),
        "start_time": hhmm("A time availability offered; required unless `hold_id` is sent."),
        "party_size": integer("Guests; required unless `hold_id` is sent.", minimum=1),
        "guest": nullable(ref("GuestInput")),
        "guest_id": nullable(
            object_id("gst", "An existing profile instead of `guest`; `required_guest_fields` then does not apply.")
        ),
        "hold_id": nullable(object_id("hold", "Converts this hold; the reservation keeps its suffix.")),
        "section_id": nullable(object_id("sec", "Book in one area (its whole group).")),
        "guest_notes": nullable(string("The guest's own request.")),
        "internal_notes": nullable(string("The restaurant's private note.")),
        "guest_notifications": nullable({"type": "string", "enum": GUEST_NOTIFICATIONS, "default": "service_managed"}),
        "company_id": nullable(object_id("cmp", "File under this company; unknown is 404 naming `company_id`.")),
        "metadata": nullable(METADATA),
        "override": OVERRIDE,
        "excluded_from_shift_limits": nullable(EXCLUDED),
        "entire_section_id": nullable(
            object_id(
                "sec",
                "Books every table of the section group; needs `reservations:write:override` (checked before the "
                "section is looked up); sets `excluded_from_shift_limits` by default.",
            )
        ),
    },
    "additionalProperties": False,
}

GUARANTEE_REQUEST = {
    "type": "object",
    "description": "Ask the guest for a card now; `{}` asks on the restaurant's terms. Needs a guest e-mail address.",
    "properties": {
        "amount": nullable(
            integer("Smallest currency unit; must be above zero (else 422 `guarantee_amount_invalid`).")
        ),
        "deadline_hours": nullable(integer("Hours the guest has to save a card; default 48, clamped.", minimum=1)),
        "cancel_on_expiry": nullable(boolean("Cancel the booking when the deadline passes unpaid; default true.")),
    },
    "additionalProperties": False,
}

RESERVATION_MODIFY = {
    "type": "object",
    "description": (
        "A partial change: a field not sent is unchanged, a field sent as null is cleared. An empty body is 400. "
        "`guest`, `guest_id`, `guest_notifications`, `metadata`, `hold_id`, `table_ids`, `status` and any "
        "unknown field are 400 naming the field, and nothing changes."
    ),
    "properties": {
        "service_date": date("New date."),
        "start_time": hhmm("A time availability offered."),
        "party_size": integer("Guests; the booking does not block itself.", minimum=1),
        "section_id": nullable(object_id("sec", "Preferred area; null clears the preference.")),
        "guest_notes": nullable(string("The guest's own request; null clears it.")),
        "internal_notes": nullable(string("The restaurant's note; written even without `guests:read`.")),
        "company_id": nullable(object_id("cmp", "Null files under no company; unknown is 404 naming `company_id`.")),
        "override": OVERRIDE,
        "excluded_from_shift_limits": EXCLUDED,
        "guarantee_request": nullable(ref("GuaranteeRequest")),
    },
    "minProperties": 1,
    "additionalProperties": False,
}

SCHEMAS = {
    "Ping": PING,
    "RestaurantReference": RESTAURANT_REF,
    "Configuration": CONFIGURATION,
    "Section": SECTION,
    "SectionList": list_of("Section", "The restaurant's sections in its arrangement; never paginated."),
    "Table": TABLE,
    "Company": COMPANY,
    "Guarantee": GUARANTEE,
    "Guest": GUEST,
    "Reservation": RESERVATION,
    "ReservationList": list_of("Reservation", "A page of reservations."),
    "ReservationEvent": RESERVATION_EVENT,
    "ReservationEventList": list_of("ReservationEvent", "A page of a reservation's events, oldest first."),
    "Hold": HOLD,
    "HoldList": list_of("Hold", "A page of holds, newest first."),
    "Availability": AVAILABILITY,
    "AvailabilityShift": AVAILABILITY_SHIFT,
    "AvailabilitySlot": AVAILABILITY_SLOT,
    "AvailabilityClosure": AVAILABILITY_CLOSURE,
    "AvailabilityGuarantee": AVAILABILITY_GUARANTEE,
    "AvailabilityMonth": AVAILABILITY_MONTH,
    "AvailabilityDay": AVAILABILITY_DAY,
    "AvailabilitySection": AVAILABILITY_SECTION,
    "Metadata": METADATA,
    "Error": ERROR,
    "ErrorDetail": ERROR_DETAIL,
    "Violation": VIOLATION,
    "ViolationConflict": VIOLATION_CONFLICT,
    "HoldCreateRequest": HOLD_CREATE,
    "GuestInput": GUEST_INPUT,
    "ReservationCreateRequest": RESERVATION_CREATE,
    "GuaranteeRequest": GUARANTEE_REQUEST,
    "ReservationModifyRequest": RESERVATION_MODIFY,
}

# Response headers.


def _header(description: str, schema: dict, required: bool = False) -> dict:
    return {"description": description, "required": required, "schema": schema}


HEADERS = {
    "ServiceVersion": _header(
        "The API version applied to the request (the header sent, else the key's pinned version).",
        {"type": "string", "examples": ["2026-06-27"]},
        required=True,
    ),
    "RequestId": _header(
        "Unique per request; echoes a sent `X-Request-Id` when it is 1 to 200 of `A-Za-z0-9._:-`.",
        {"type": "string"},
        required=True,
    ),
    "RateLimitLimit": _header(
        "Burst size of the budget the request drew on. Present once the key is authenticated (not on a 401).",
        {"type": "integer"},
    ),
    "RateLimitRemaining": _header("Requests left in the burst.", {"type": "integer", "minimum": 0}),
    "RateLimitReset": _header("Seconds until the bucket is full again.", {"type": "integer", "minimum": 0}),
    "RateLimitResource": _header(
        "The budget drawn on: `read` (all reads) or `write` (create, modify, cancel, holds).",
        {"type": "string", "enum": ["read", "write"]},
    ),
    "RetryAfter": _header("Seconds to wait before retrying.", {"type": "integer", "minimum": 1}, required=True),
    "WWWAuthenticate": _header("The scheme to authenticate with: `Bearer`.", {"type": "string"}, required=True),
    "Location": _header("Path of the created object.", {"type": "string"}, required=True),
    "IdempotentReplayed": _header(
        "`true` when this is the stored response of an earlier request with the same `Idempotency-Key`; "
        "absent on a first execution.",
        {"type": "string", "enum": ["true"]},
    ),
    "ETag": _header(
        "Strong validator of the body; send it back in `If-None-Match` to revalidate.", {"type": "string"},
        required=True,
    ),
}

SECURITY_SCHEMES = {
    "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "sk_live_...",
        "description": (
            "`Authorization: Bearer <API_KEY>`. A key belongs to one restaurant, is secret and server-side only. "
            "The roles listed on an operation's security requirement are the scope the key must carry "
            "(`reservations:read`, `reservations:write`, `reservations:write:override`, `guests:read`)."
        ),
    }
}

# The security scheme is registered by the authentication extension in config/api/schema.py.
COMPONENTS = {"schemas": SCHEMAS, "headers": HEADERS}
