"""Domain errors of booking writes; the API's exception handler renders them."""

from config.api.errors import ApiError, Conflict, NotFound, Unprocessable
from reservations.api.floor_serializers import table as table_object
from reservations.models import Table


class BookingRulesViolated(Unprocessable):
    code = "booking_rules_violated"

    def __init__(self, violations: list[dict]):
        super().__init__("The request breaks one or more booking rules; see `violations`.", violations=violations)


def rules_violated(violations) -> BookingRulesViolated:
    """From engine violations; `section_occupied` conflicts name their tables as table objects."""
    table_ids = {c["table"] for v in violations for c in v.conflicts}
    tables = {}
    if table_ids:
        tables = {t.id: t for t in Table.objects.filter(id__in=table_ids).select_related("section__group_leader")}
    rendered = []
    for item in violations:
        data = item.as_dict()
        if "conflicts" in data:
            data["conflicts"] = [{**c, "table": table_object(tables[c["table"]])} for c in data["conflicts"]]
        rendered.append(data)
    return BookingRulesViolated(rendered)


def not_found(param: str, value: str) -> NotFound:
    return NotFound(f"No such object: {value}.", param=param)


def finalized(status: str) -> Conflict:
    return Conflict(f"This reservation is {status}; it can no longer change.", code="reservation_finalized")


def unprocessable(code: str, message: str, param: str | None = None) -> ApiError:
    return Unprocessable(message, code=code, param=param)
