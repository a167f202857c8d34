"""JSON Schemas of the request bodies. Unlike responses they are closed: an unknown field is 400."""

from config.api.openapi_components.enums import GUEST_NOTIFICATIONS, HOLD_KINDS, LANGUAGES, OVERRIDABLE_RULES
from config.api.openapi_components.helpers import (
    boolean,
    date,
    date_time,
    hhmm,
    integer,
    nullable,
    object_id,
    ref,
    string,
)
from config.api.openapi_components.resources import METADATA

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
