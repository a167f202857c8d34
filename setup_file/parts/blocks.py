"""`blocks`: tables taken off sale for a time on one date ([] means every table)."""

from reservations.models import Block

from ..context import Context
from ..errors import at, item
from ..fields import Field, date, list_of, nullable, records, text, time_of_day, valid

NAME = "blocks"
FIELDS = {
    "date": Field(date, required=True),
    "start_time": Field(time_of_day, required=True),
    "end_time": Field(time_of_day, required=True),
    "tables": Field(list_of(text(200), unique=True), default=list),
    "reason": Field(nullable(text(200))),
}


def validate(raw, ctx: Context) -> list[dict]:
    blocks = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in blocks:
        if valid(data["tables"]):
            for i, table in enumerate(data["tables"]):
                ctx.resolve("table", table, item(at(path, "tables"), i))
    return [data for _, data in blocks]


def create(blocks: list[dict], ctx: Context) -> None:
    for data in blocks:
        block = Block.objects.create(
            restaurant=ctx.restaurant,
            date=data["date"],
            start_time=data["start_time"],
            end_time=data["end_time"],
            reason=data["reason"] or "",
        )
        block.tables.set([ctx.created["table"][table] for table in data["tables"]])
