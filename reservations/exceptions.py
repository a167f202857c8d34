"""Domain exceptions of bookings and holds (config.exceptions renders every one)."""

from config.exceptions import Conflict, Forbidden, Refused
from reservations.models import Table
from reservations.shapes.floor import TableShape
from reservations.shapes.violations import ViolationShape  # noqa: F401  the shape of `violations`, documented


class BookingRulesViolated(Refused):
    """The engine refused the booking: `violations` in the contract's order (never empty)."""

    code = "booking_rules_violated"

    def __init__(self, violations: list[dict]):
        super().__init__("The request breaks one or more booking rules; see `violations`.", violations=violations)
        self.violations = violations

    @classmethod
    def from_engine(cls, violations) -> "BookingRulesViolated":
        """From engine violations (each a `ViolationShape`); `section_occupied` conflicts name their
        tables as table objects."""
        table_ids = {c["table"] for v in violations for c in v.conflicts}
        tables = {}
        if table_ids:
            tables = {t.id: t for t in Table.objects.filter(id__in=table_ids).select_related("section__group_leader")}
        rendered = []
        for item in violations:
            data = item.as_dict()
            if "conflicts" in data:
                data["conflicts"] = [{**c, "table": TableShape.render(tables[c["table"]])} for c in data["conflicts"]]
            rendered.append(data)
        return cls(rendered)


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

    def __init__(self, status: str):
        super().__init__(f"This hold is {status}; take a new one.", code=f"hold_{status}", param="hold_id")


class OverrideScopeRequired(Forbidden):
    """The request would use an override power (waive a rule, skip the caps, book a whole section)
    that the caller was not given: the contract's 403 `insufficient_scope`, naming the field."""

    code = "insufficient_scope"

    def __init__(self, param: str):
        super().__init__(
            f"The field `{param}` needs the scope `reservations:write:override`, which this key does not carry.",
            param=param,
        )


def refused(code: str, message: str, param: str | None = None) -> Refused:
    """A 422 of its own code (guarantee rules, required guest fields...)."""
    return Refused(message, code=code, param=param)
