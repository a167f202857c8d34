"""`floor_plans`: floor plans, their sections (and groups), tables and joined tables."""

from reservations.models import Combination, FloorPlan, Section, Table
from reservations.models.floor import AreaType

from ..context import Context
from ..errors import at, item
from ..fields import (
    MISSING,
    Field,
    boolean,
    choice,
    integer,
    key,
    list_of,
    nullable,
    quoted,
    raw,
    records,
    text,
    valid,
)

NAME = "floor_plans"
PLAN_FIELDS = {
    "key": Field(key, required=True),
    "name": Field(text(200)),  # default: the key
    "sections": Field(raw, default=list),
}
SECTION_FIELDS = {
    "key": Field(key, required=True),
    "name": Field(text(200)),  # default: the key
    "area_type": Field(choice(AreaType.values, "area type"), default="indoor"),
    "bookable_online": Field(boolean, default=True),
    "group": Field(nullable(key)),
    "tables": Field(raw, default=list),
    "combinations": Field(raw, default=list),
}
TABLE_FIELDS = {
    "name": Field(text(50, numbers=True), required=True),
    "min": Field(integer(1), default=1),
    "max": Field(integer(1), required=True),
    "bookable_online": Field(boolean, default=True),
}
COMBINATION_FIELDS = {
    "tables": Field(list_of(text(200), unique=True, min_items=2), required=True),
    "min": Field(integer(1), default=1),
    "max": Field(integer(1), required=True),
    "bookable_online": Field(boolean, default=True),
}


def _capacity(path: str, data: dict, ctx: Context) -> None:
    if valid(data["min"], data["max"]) and data["max"] < data["min"]:
        ctx.problems.add(at(path, "max"), "below min")


def _section(path: str, data: dict, plan_key, ctx: Context) -> None:
    data["name"] = data["name"] or data["key"]
    ctx.define(
        "section",
        data["key"],
        at(path, "key"),
        info={"floor_plan": plan_key, "group": data["group"]},
    )
    data["tables"] = [t for _, t in records(data["tables"], at(path, "tables"), ctx.problems, TABLE_FIELDS)]
    for i, table in enumerate(data["tables"]):
        table_path = item(at(path, "tables"), i)
        _capacity(table_path, table, ctx)
        if valid(data["key"], table["name"]):
            ctx.define("table", f"{data['key']}/{table['name']}", at(table_path, "name"), info=plan_key)
    data["combinations"] = records(data["combinations"], at(path, "combinations"), ctx.problems, COMBINATION_FIELDS)


def _group(path: str, data: dict, plan_key, ctx: Context) -> None:
    leader = data["group"]
    if leader is None or not ctx.resolve("section", leader, at(path, "group")):
        return
    info = ctx.known["section"][leader]
    if leader == data["key"]:
        ctx.problems.add(at(path, "group"), "a section cannot be grouped under itself")
    elif info["floor_plan"] != plan_key:
        ctx.problems.add(at(path, "group"), f"section {quoted(leader)} is in another floor plan")
    elif info["group"] is not None and valid(info["group"]):
        ctx.problems.add(
            at(path, "group"),
            f"section {quoted(leader)} is itself grouped under {quoted(info['group'])}",
        )


def _combination(path: str, data: dict, plan_key, ctx: Context) -> None:
    _capacity(path, data, ctx)
    if not valid(data["tables"]):
        return
    for i, table in enumerate(data["tables"]):
        table_path = item(at(path, "tables"), i)
        if ctx.resolve("table", table, table_path) and ctx.known["table"][table] != plan_key:
            ctx.problems.add(table_path, f"table {quoted(table)} is not in floor plan {quoted(plan_key)}")


def validate(raw_plans, ctx: Context) -> list[dict]:
    if raw_plans is MISSING or raw_plans is None or raw_plans == []:
        ctx.problems.add(NAME, "needs at least one floor plan")
        return []
    plans = records(raw_plans, NAME, ctx.problems, PLAN_FIELDS)
    later = []
    for path, plan in plans:
        plan["name"] = plan["name"] or plan["key"]
        ctx.define("floor plan", plan["key"], at(path, "key"))
        ctx.define("floor plan name", plan["name"], at(path, "name"))
        sections = records(plan["sections"], at(path, "sections"), ctx.problems, SECTION_FIELDS)
        for section_path, section in sections:
            _section(section_path, section, plan["key"], ctx)
            later.append((section_path, section, plan["key"]))
        plan["sections"] = [section for _, section in sections]
    for section_path, section, plan_key in later:
        _group(section_path, section, plan_key, ctx)
        for combination_path, combination in section["combinations"]:
            _combination(combination_path, combination, plan_key, ctx)
        section["combinations"] = [combination for _, combination in section["combinations"]]
    return [plan for _, plan in plans]


def create(plans: list[dict], ctx: Context) -> None:
    restaurant, sections, tables = ctx.restaurant, ctx.created["section"], ctx.created["table"]
    for plan_position, data in enumerate(plans):
        plan = FloorPlan.objects.create(restaurant=restaurant, name=data["name"], position=plan_position)
        ctx.created["floor plan"][data["key"]] = plan
        for section_data in data["sections"]:
            section = Section.objects.create(
                restaurant=restaurant,
                floor_plan=plan,
                name=section_data["name"],
                key=section_data["key"],
                area_type=section_data["area_type"],
                bookable_online=section_data["bookable_online"],
                position=len(sections),
            )
            sections[section_data["key"]] = section
            ctx.output["sections"][section_data["key"]] = section.public_id
            for position, table_data in enumerate(section_data["tables"]):
                table_key = f"{section_data['key']}/{table_data['name']}"
                tables[table_key] = Table.objects.create(
                    restaurant=restaurant,
                    section=section,
                    name=table_data["name"],
                    min_capacity=table_data["min"],
                    max_capacity=table_data["max"],
                    bookable_online=table_data["bookable_online"],
                    position=position,
                )
                ctx.output["tables"][table_key] = tables[table_key].public_id
    for data in plans:
        for section_data in data["sections"]:
            if section_data["group"] is not None:
                section = sections[section_data["key"]]
                section.group_leader = sections[section_data["group"]]
                section.save(update_fields=["group_leader"])
            for combination_data in section_data["combinations"]:
                combination = Combination.objects.create(
                    restaurant=restaurant,
                    floor_plan=ctx.created["floor plan"][data["key"]],
                    min_capacity=combination_data["min"],
                    max_capacity=combination_data["max"],
                    bookable_online=combination_data["bookable_online"],
                )
                combination.tables.set([tables[table] for table in combination_data["tables"]])
