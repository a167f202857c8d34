"""A booking-rule refusal's violations, inside the error envelope of `booking_rules_violated`."""

from config.shapes import Field, Shape, boolean, enum, hhmm, ref, string
from reservations.engine.rules import RULES
from reservations.shapes.floor import TableShape


class ViolationConflictShape(Shape):
    """Rendered from the engine's `Conflict`; `tables` maps its table's id to the table's row."""

    name = "ViolationConflict"
    description = "A table of the section occupied at the requested time."
    args = "conflict, tables"
    fields = {
        "table": Field(ref("Table"), lambda conflict, tables: tables[conflict.table], TableShape),
        "start_time": hhmm("Start of the occupation."),
        "end_time": hhmm("End of the occupation."),
    }


class ViolationShape(Shape):
    """Rendered from the engine's `Violation` (reservations.exceptions.BookingRulesViolated)."""

    name = "Violation"
    description = "A booking rule the request breaks. Documentation: `{docs_url}/api/errors#<code>`."
    args = "violation, tables"
    fields = {
        # In the engine's order of checks.
        "code": enum(RULES, "Unique within a response."),
        "message": string(
            "English, fixed per code (no figures, except `start_time_off_grid` naming the times); for logs."
        ),
        "param": Field(string("The request field to change, when one field is at fault."), omit_none=True),
        "overridable": boolean("Whether `override` with this code (and the override scope) waives it."),
        "conflicts": Field(
            {
                "type": "array",
                "items": ref("ViolationConflict"),
                "description": "On `section_occupied` only: one entry per occupied table.",
            },
            via=ViolationConflictShape,
            many=True,
            present=lambda violation: violation.code == "section_occupied",
        ),
    }
