"""`reservations`: existing bookings, e.g. imported from another system.

An import is taken as it is (past, over a cap, outside the advance window): no
booking rule applies. It still needs a service selling its seating time and, while
it occupies tables, free ones: the listed tables, else the table search's best fit.
Imported bookings write no events.
"""

from django.utils import timezone

from config.ids import random_token
from reservations.engine.placement import place
from reservations.exceptions import BookingRulesViolated
from reservations.models import Reservation
from reservations.models.booking import OCCUPYING_STATUSES, Channel, Source
from reservations.selectors.engine_policy import load_policy
from reservations.selectors.occupancy import load_occupancy
from reservations.services import allocations

from ..context import Context
from ..errors import SetupFileInvalid, at, item
from ..fields import Field, boolean, choice, date, integer, key, list_of, nullable, records, text, time_of_day, valid

NAME = "reservations"
IMPORTABLE_STATUSES = ("pending", "confirmed", "partially_seated", "seated", "completed", "cancelled", "no_show")
FIELDS = {
    "key": Field(key, required=True),
    "guest": Field(key, required=True),
    "service_date": Field(date, required=True),
    "start_time": Field(time_of_day, required=True),
    "party_size": Field(integer(1), required=True),
    "tables": Field(list_of(text(200), unique=True), default=list),
    "status": Field(choice(IMPORTABLE_STATUSES, "status"), default="confirmed"),
    "source": Field(choice(Source.values, "source"), default="import"),
    "booking_channel": Field(choice(Channel.values, "booking channel"), default="phone"),
    "company": Field(nullable(key)),
    "guest_notes": Field(nullable(text(5000, lines=True))),
    "internal_notes": Field(nullable(text(5000, lines=True))),
    "excluded_from_shift_limits": Field(boolean, default=False),
}


def validate(raw, ctx: Context) -> list[tuple[str, dict]]:
    bookings = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in bookings:
        ctx.define("reservation", data["key"], at(path, "key"))
        ctx.resolve("guest", data["guest"], at(path, "guest"))
        if data["company"] is not None:
            ctx.resolve("company", data["company"], at(path, "company"))
        if valid(data["tables"]):
            for i, table in enumerate(data["tables"]):
                ctx.resolve("table", table, item(at(path, "tables"), i))
    return bookings


def create(bookings: list[tuple[str, dict]], ctx: Context) -> None:
    if not bookings:
        return
    restaurant, now = ctx.restaurant, timezone.now()
    policy = load_policy(restaurant)
    problems: list[str] = []
    for path, data in bookings:
        problem = _create_one(path, data, ctx, policy, now)
        if problem:
            problems.append(problem)
    if problems:
        raise SetupFileInvalid(problems)


def _create_one(path: str, data: dict, ctx: Context, policy, now) -> str | None:
    restaurant = ctx.restaurant
    occupying = data["status"] in OCCUPYING_STATUSES
    tables = [ctx.created["table"][name] for name in data["tables"]]
    date, party = data["service_date"], data["party_size"]
    occupancy = load_occupancy(restaurant, date, date, now)
    decision = place(policy, occupancy, date, data["start_time"], party, now, search_table=occupying and not tables)
    if decision.violations:
        field = "tables" if decision.violations[0].code == "no_table_available" else "start_time"
        return f"{at(path, field)}: {decision.violations[0].message}"
    plan = decision.shift.floor_plan_id
    if any(table.section.floor_plan_id != plan for table in tables):
        return f"{at(path, 'tables')}: not all on the floor plan of the service"
    table_ids = [table.id for table in tables] or list(decision.table_ids)
    company = ctx.created["company"][data["company"]] if data["company"] else None
    reservation = Reservation.objects.create(
        restaurant=restaurant,
        shift_id=decision.shift.id,
        status=data["status"],
        source=data["source"],
        booking_channel=data["booking_channel"],
        party_size=party,
        service_date=date,
        starts_at=decision.starts_at,
        ends_at=decision.ends_at,
        guest=ctx.created["guest"][data["guest"]],
        guest_notes=data["guest_notes"],
        internal_notes=data["internal_notes"],
        excluded_from_shift_limits=data["excluded_from_shift_limits"],
        company=company,
        modification_token=random_token(32),
    )
    reservation.tables.set(table_ids)
    if occupying:
        try:
            allocations.allocate(
                restaurant=restaurant,
                table_ids=table_ids,
                start=decision.starts_at,
                end=decision.occupied_until,
                reservation=reservation,
                savepoint=True,  # a refusal is reported and the load goes on checking
            )
        except BookingRulesViolated:
            return f"{at(path, 'tables')}: a table is already taken at that time"
    ctx.output["reservations"][data["key"]] = reservation.public_id
    return None
