"""`companies`: the companies bookings can be made for."""

from reservations.models import Company

from ..context import Context
from ..errors import at
from ..fields import Field, key, records, text

NAME = "companies"
FIELDS = {
    "key": Field(key, required=True),
    "name": Field(text(200), required=True),
}


def validate(raw, ctx: Context) -> list[dict]:
    companies = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in companies:
        ctx.define("company", data["key"], at(path, "key"))
        ctx.define("company name", data["name"], at(path, "name"))
    return [data for _, data in companies]


def create(companies: list[dict], ctx: Context) -> None:
    for data in companies:
        company = Company.objects.create(restaurant=ctx.restaurant, name=data["name"])
        ctx.created["company"][data["key"]] = company
        ctx.output["companies"][data["key"]] = company.public_id
