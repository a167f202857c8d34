"""JSON Schemas of the error envelope and of a booking-rule violation."""

from config.api.openapi_components.enums import ERROR_TYPES, VIOLATION_CODES
from config.api.openapi_components.helpers import boolean, hhmm, obj, ref, string

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
