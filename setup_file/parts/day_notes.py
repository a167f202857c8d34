"""`day_notes`: a staff note on a date, shown as a banner or closing online booking."""

from reservations.models import DayNote
from reservations.models.schedule import DAY_NOTE_MODES

from ..context import Context
from ..errors import at
from ..fields import Field, choice, date, records, translatable

NAME = "day_notes"
FIELDS = {
    "date": Field(date, required=True),
    "message": Field(translatable(), required=True),
    "mode": Field(choice(DAY_NOTE_MODES, "mode"), default="banner"),
}


def validate(raw, ctx: Context) -> list[dict]:
    notes = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in notes:
        ctx.define("day note date", data["date"], at(path, "date"))
    return [data for _, data in notes]


def create(notes: list[dict], ctx: Context) -> None:
    DayNote.objects.bulk_create(DayNote(restaurant=ctx.restaurant, **data) for data in notes)
