"""Domain exceptions of bookings and holds (config.exceptions renders every one)."""

from config.error_codes import ErrorCode, register
from config.exceptions import Conflict, Forbidden, Refused
from config.ops.metrics import REFUSALS
from reservations.engine.rules import RULES
from reservations.models import Table
from reservations.shapes.violations import ViolationShape


class BookingRulesViolated(Refused):
    """The engine refused the booking: `violations` in the contract's order (never empty)."""

    code = "booking_rules_violated"

    def __init__(self, violations: list[dict]):
        super().__init__("The request breaks one or more booking rules; see `violations`.", violations=violations)
        self.violations = violations

    @classmethod
    def from_engine(cls, violations) -> "BookingRulesViolated":
        """From engine violations; `section_occupied` conflicts name their tables as table objects."""
        table_ids = {c.table for v in violations for c in v.conflicts}
        tables = {}
        if table_ids:
            tables = {t.id: t for t in Table.objects.filter(id__in=table_ids).select_related("section__group_leader")}
        for item in violations:
            REFUSALS.labels(item.code).inc()
        return cls([ViolationShape.render(item, tables) for item in violations])


class ReservationFinalized(Conflict):
    code = "reservation_finalized"

    def __init__(self, status: str):
        super().__init__(f"This reservation is {status}; it can no longer change.")


class HoldAlreadyConverted(Conflict):
    code = "hold_already_converted"

    def __init__(self, reservation_id: str, param: str | None = None):
        super().__init__(f"This hold was already converted into reservation {reservation_id}.", param=param)


class HoldEnded(Conflict):
    """Converting a hold that expired or was released."""

    CODES = {"expired": "hold_expired", "released": "hold_released"}

    def __init__(self, status: str):
        super().__init__(f"This hold is {status}; take a new one.", code=self.CODES[status], param="hold_id")


class OverrideScopeRequired(Forbidden):
    """The request would use an override power (waive a rule, skip the caps, book a whole section)
    that the caller was not given: the contract's 403 `insufficient_scope`, naming the field."""

    code = "insufficient_scope"

    def __init__(self, param: str):
        super().__init__(
            f"The field `{param}` needs the scope `reservations:write:override`, which this key does not carry.",
            param=param,
        )


class StatusMoveNotAllowed(Conflict):
    """A staff move the booking's status (or the clock) does not allow."""

    code = "status_move_not_allowed"


class NothingToUndo(Conflict):
    code = "nothing_to_undo"


class TableConflict(Refused):
    """The tables are taken by another party at that time: names the tables, times and who holds them."""

    code = "table_conflict"

    def __init__(self, reservation, conflicts: list[dict], *, undo: bool = False):
        if conflicts:
            taken = "; ".join(
                f"table {c['table']} is taken {c['start_time']}–{c['end_time']} by {c['label']}" for c in conflicts
            )
        else:
            taken = "the table is taken at that time"
        if undo:
            message = f"Booking {reservation.public_id} cannot go back to its table: {taken}."
        else:
            message = f"{taken[0].upper()}{taken[1:]}. Choose another table or time."
        super().__init__(message, conflicts=conflicts)
        self.conflicts = conflicts


register(
    ErrorCode(
        "status_move_not_allowed",
        409,
        "A back-office move the booking's status does not allow (seat a cancelled booking, a no-show before the "
        "start time...).",
        "Read the booking's status; the message names the statuses the move is allowed from.",
        group="staff",
    ),
    ErrorCode(
        "warnings_to_confirm",
        422,
        "Only online rules stand against a booking staff take or change (the cut-off, the booking window, the party "
        "size range, the covers caps and pacing, a time off the seating grid, approval, a card guarantee, a time "
        "already passed, a blocked table); `warnings` lists them with their words.",
        "Confirm them (the page's one tap, `--confirm-warnings` on the command) and send the change again.",
        group="staff",
    ),
    ErrorCode(
        "warning_needs_manager",
        403,
        "A warning the restaurant lets only a manager (or an owner) confirm, confirmed by a host.",
        "Ask a manager, or change the setting 'Warnings only a manager may confirm' of the restaurant.",
        group="staff",
    ),
    ErrorCode(
        "not_a_member",
        403,
        "A support command's --as names a back-office user with no role at the restaurant.",
        "Name a user of that restaurant, or leave --as out (the command then acts as itself).",
        group="staff",
    ),
    ErrorCode(
        "tables_too_small",
        422,
        "The tables chosen seat fewer guests than the party (a combination seats its own maximum).",
        "Choose more or larger tables.",
        group="staff",
    ),
    ErrorCode(
        "table_not_in_service",
        422,
        "A table chosen is not on the floor plan of the service at that time.",
        "Choose a table of that service's floor plan.",
        group="staff",
    ),
    ErrorCode(
        "service_over",
        422,
        "The service at that date and time is over: nothing is booked into a past service.",
        "Choose a service still running or ahead.",
        group="staff",
    ),
    ErrorCode(
        "no_service_now",
        409,
        "A walk-in outside every service of the day (and more than an hour before the next).",
        "Take a phone booking for a later service instead.",
        group="staff",
    ),
    ErrorCode(
        "table_conflict",
        422,
        "The tables are taken by another party at that time (a booking taken or moved by staff, an approval, a "
        "table choice, an undo); the message and `conflicts` name the table, the times and who holds it.",
        "Choose another table or time.",
        group="staff",
    ),
    ErrorCode(
        "nothing_to_undo",
        409,
        "The booking has no seat, complete, no-show or decline of the last five minutes to take back.",
        "Make the move you want instead.",
        group="staff",
    ),
)


def refused(code: str, message: str, param: str | None = None) -> Refused:
    """A 422 of its own code (guarantee rules, required guest fields...)."""
    return Refused(message, code=code, param=param)


def _rule(code: str, action: str) -> ErrorCode:
    rule = RULES[code]
    overridable = " Overridable: resend once with the code in `override`." if rule.overridable else ""
    return ErrorCode(
        code,
        422,
        rule.message or "The time is not one of the service's seating times.",
        action + overridable,
        group="violation",
    )


register(
    ErrorCode(
        "booking_rules_violated",
        422,
        "One or more booking rules refuse the hold, booking or change; `violations` lists them in the order of "
        "checks, even for a single rule.",
        "Read `violations`: change what each names in `param`, or resend once with the overridable codes in "
        "`override` (same Idempotency-Key) when the key carries `reservations:write:override`.",
        group="booking",
    ),
    ErrorCode(
        "reservation_finalized",
        409,
        "The booking is completed, no_show or cancelled (a PATCH), or completed or no_show (a cancel): it can no "
        "longer change.",
        "Nothing to retry; read the booking to see its status.",
        group="booking",
    ),
    ErrorCode(
        "hold_already_converted",
        409,
        "The hold already became a reservation (named in the message).",
        "Read the reservation instead; release nothing.",
        group="booking",
    ),
    ErrorCode(
        "hold_expired", 409, "The hold ran out of time before it was converted.", "Take a new hold.", group="booking"
    ),
    ErrorCode(
        "hold_released", 409, "The hold was released before it was converted.", "Take a new hold.", group="booking"
    ),
    ErrorCode(
        "guest_fields_required",
        422,
        "The create lacks a guest field of the configuration's `required_guest_fields`; `param` names the first, "
        "the message lists them all.",
        "Ask the guest for those fields and resend, or book an existing profile with `guest_id`.",
        group="booking",
    ),
    ErrorCode(
        "email_required_for_guarantee",
        422,
        "The slot carries a card guarantee (or a card is requested), which needs a guest e-mail address, and none "
        "exists.",
        "Send the guest's e-mail address (`guest[email]`).",
        group="guarantee",
    ),
    ErrorCode(
        "guarantee_consent_guest_only",
        422,
        "The change raises the card guarantee of a booking (a larger party); only the guest can consent to that.",
        "Ask the guest to change the booking from their own page, or cancel and rebook.",
        group="guarantee",
    ),
    ErrorCode(
        "guarantee_modify_requires_card",
        422,
        "The change puts a booking without a card onto a slot that needs one (never overridable on a modify).",
        "Choose a slot without a card guarantee, or cancel and rebook so the guest saves a card.",
        group="guarantee",
    ),
    ErrorCode(
        "guarantee_request_not_allowed",
        422,
        "A `guarantee_request` on a booking that is not confirmed, upcoming and without a guarantee.",
        "Request a card only on such a booking.",
        group="guarantee",
    ),
    ErrorCode(
        "guarantee_amount_invalid",
        422,
        "A card request without an amount on a slot with no guarantee policy, or an amount not above zero.",
        "Send `guarantee_request[amount]` in minor units, above zero.",
        group="guarantee",
    ),
    _rule("no_service_at_this_time", "Re-read availability and send a published time."),
    _rule("start_time_off_grid", "Send one of the seating times the message lists (availability's slots)."),
    _rule("party_size_too_small", "Send a larger party."),
    _rule("party_size_too_large", "Send a smaller party, or split the booking."),
    _rule("advance_window_exceeded", "Book within `max_advance_days` of today."),
    _rule("cutoff_passed", "Choose a later service; online booking of this one has closed."),
    _rule("slot_no_longer_available", "Choose another time or service: the covers cap is reached."),
    _rule("guarantee_required", "The restaurant cannot ask for a card now; choose another slot."),
    _rule("date_in_past", "Choose a seating time still ahead."),
    _rule("no_table_available", "Choose another time or party size: no table fits."),
    _rule("no_table_available_in_section", "Choose another section or time, or drop the section."),
    _rule("section_occupied", "Choose another time: `conflicts` lists the occupied tables."),
)
