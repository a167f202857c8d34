"""`closures`: date ranges the restaurant is closed."""

from reservations.models import Closure

from ..context import Context
from ..errors import at
from ..fields import Field, date, nullable, records, translatable, valid

NAME = "closures"
FIELDS = {
    "name": Field(nullable(translatable(200))),
    "start_date": Field(date, required=True),
    "end_date": Field(date, required=True),
    "guest_message": Field(nullable(translatable())),
}


def validate(raw, ctx: Context) -> list[dict]:
    closures = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in closures:
        if valid(data["start_date"], data["end_date"]) and data["end_date"] < data["start_date"]:
            ctx.problems.add(at(path, "end_date"), "before start_date")
    return [data for _, data in closures]


def create(closures: list[dict], ctx: Context) -> None:
    Closure.objects.bulk_create(Closure(restaurant=ctx.restaurant, **data) for data in closures)
