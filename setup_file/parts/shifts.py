"""`shifts`: the services, their seating grid, caps and booking policy."""

import datetime as dt

from reservations.models import Shift
from reservations.models.schedule import WEEKDAYS

from ..context import Context
from ..errors import at, item
from ..fields import (
    INVALID,
    Field,
    boolean,
    choice,
    date,
    integer,
    key,
    list_of,
    nullable,
    obj,
    quoted,
    records,
    time_of_day,
    translatable,
    valid,
)

NAME = "shifts"


def _seating_by_size(value, path, problems):
    if not isinstance(value, dict):
        problems.add(path, "not an object")
        return INVALID
    cleaned, minutes = {}, integer(1)
    for size, value_minutes in value.items():
        text_size = str(size) if isinstance(size, int) and not isinstance(size, bool) else size
        if not isinstance(text_size, str) or not text_size.isdigit() or int(text_size) < 1:
            problems.add(at(path, size), "not a party size")
            cleaned[size] = INVALID
            continue
        cleaned[str(int(text_size))] = minutes(value_minutes, at(path, size), problems)
    return cleaned if valid(*cleaned.values()) else INVALID


FIELDS = {
    "key": Field(key, required=True),
    "name": Field(translatable(200), required=True),
    "floor_plan": Field(key, required=True),
    "days": Field(
        list_of(choice(WEEKDAYS, "weekday"), unique=True, min_items=1),
        default=lambda: list(WEEKDAYS),
    ),
    "valid_from": Field(nullable(date)),
    "valid_until": Field(nullable(date)),
    "start_time": Field(time_of_day, required=True),
    "end_time": Field(time_of_day, required=True),
    "last_seating": Field(nullable(time_of_day)),  # default: the end time
    "slot_interval_minutes": Field(integer(1), default=15),
    "seating_minutes": Field(nullable(integer(1)), default=120),
    "seating_minutes_by_party_size": Field(_seating_by_size, default=dict),
    "max_covers": Field(nullable(integer(1))),
    "max_covers_per_slot": Field(nullable(integer(1))),
    "cutoff_minutes": Field(nullable(integer(-1))),
    "requires_approval": Field(boolean, default=False),
    "approval_from_party_size": Field(nullable(integer(1))),
    "guarantee": Field(
        nullable(
            obj(
                {
                    "per_guest_amount": Field(integer(1), required=True),
                    "from_party_size": Field(nullable(integer(1))),
                    "cancel_hours": Field(nullable(integer(0))),
                }
            )
        )
    ),
    "display_only": Field(boolean, default=False),
    "waitlist_enabled": Field(boolean, default=False),
    "guest_message": Field(nullable(translatable())),
    "online_sections": Field(nullable(list_of(key, unique=True))),
}


def _minutes_after_start(start: dt.time, moment: dt.time) -> int:
    return ((moment.hour - start.hour) * 60 + moment.minute - start.minute) % (24 * 60)


def _check(path: str, data: dict, ctx: Context) -> None:
    problems = ctx.problems
    ctx.define("shift", data["key"], at(path, "key"))
    plan = data["floor_plan"]
    plan_known = ctx.resolve("floor plan", plan, at(path, "floor_plan"))
    start, end, last = data["start_time"], data["end_time"], data["last_seating"]
    if valid(start, end, last) and last is not None:
        length = _minutes_after_start(start, end) or 24 * 60
        if _minutes_after_start(start, last) > length:
            problems.add(at(path, "last_seating"), "outside the service (start_time to end_time)")
    first, until = data["valid_from"], data["valid_until"]
    if valid(first, until) and first is not None and until is not None and until < first:
        problems.add(at(path, "valid_until"), "before valid_from")
    sections = data["online_sections"]
    if not valid(sections) or sections is None:
        return
    for i, section in enumerate(sections):
        section_path = item(at(path, "online_sections"), i)
        known = ctx.resolve("section", section, section_path) and plan_known
        if known and ctx.known["section"][section]["floor_plan"] != plan:
            problems.add(section_path, f"section {quoted(section)} is not in floor plan {quoted(plan)}")


def validate(raw, ctx: Context) -> list[dict]:
    shifts = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in shifts:
        _check(path, data, ctx)
    return [data for _, data in shifts]


def create(shifts: list[dict], ctx: Context) -> None:
    for position, data in enumerate(shifts):
        guarantee = data["guarantee"] or {}
        sections = data["online_sections"]
        shift = Shift.objects.create(
            restaurant=ctx.restaurant,
            floor_plan=ctx.created["floor plan"][data["floor_plan"]],
            name=data["name"],
            days=sorted(WEEKDAYS.index(day) for day in data["days"]),
            guarantee_per_guest_amount=guarantee.get("per_guest_amount"),
            guarantee_from_party_size=guarantee.get("from_party_size"),
            guarantee_cancel_hours=guarantee.get("cancel_hours"),
            restrict_online_sections=sections is not None,
            position=position,
            **{
                name: data[name]
                for name in FIELDS
                if name not in {"key", "name", "floor_plan", "days", "guarantee", "online_sections"}
            },
        )
        if sections:
            shift.online_sections.set([ctx.created["section"][section] for section in sections])
        ctx.created["shift"][data["key"]] = shift
        ctx.output["shifts"][data["key"]] = shift.public_id
