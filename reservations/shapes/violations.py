"""A booking-rule refusal's violations, inside the error envelope of `booking_rules_violated`."""

from config.shapes import Shape, boolean, enum, hhmm, obj, ref, string
from reservations.engine.rules import RULES


class ViolationConflictShape(Shape):
    name = "ViolationConflict"
    schema = obj(
        "A table of the section occupied at the requested time.",
        {
            "table": ref("Table"),
            "start_time": hhmm("Start of the occupation."),
            "end_time": hhmm("End of the occupation."),
        },
    )


class ViolationShape(Shape):
    """Rendered by the engine's `Violation.as_dict()` (tables by BookingRulesViolated)."""

    name = "Violation"
    schema = obj(
        "A booking rule the request breaks. Documentation: `{docs_url}/api/errors#<code>`.",
        {
            # In the engine's order of checks.
            "code": enum(RULES, "Unique within a response."),
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
