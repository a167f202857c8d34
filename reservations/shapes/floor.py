"""Sections, tables and companies, as every booking, hold and list carries them."""

from config.shapes import Field, Shape, boolean, const, described, enum, integer, object_id, ref, string
from reservations.models.floor import AreaType


class SectionShape(Shape):
    name = "Section"
    description = "A seating area of a floor plan. Rows sharing a `group_id` are one choice to a guest."
    args = "row, leader"
    fields = {
        "object": const("section"),
        "id": Field(
            object_id("sec", "Accepted as `section_id` anywhere; any member of a group resolves to the group."),
            "row.public_id",
        ),
        "name": string("In the restaurant's `primary_language`."),
        "area_type": enum(AreaType.values),
        "bookable_online": boolean("Per row, not cascaded between group members; offer a group when any is."),
        "group_id": Field(
            object_id(
                "sec",
                "Rows sharing it are one choice; exactly one row per group has `group_id == id` and names the group.",
            ),
            "leader.public_id",
        ),
    }


class TableShape(Shape):
    """A table with its section (the row must come with `section__group_leader` selected)."""

    name = "Table"
    description = "A table of the floor plan."
    scope = {"section": "row.section", "leader": lambda section: section.group_leader or section}
    fields = {
        "object": const("table"),
        "id": Field(object_id("tbl", "The table's id."), "row.public_id"),
        "name": string("Name on the floor plan."),
        "min_capacity": integer("Never null.", minimum=1),
        "max_capacity": integer("Never below `min_capacity`; larger parties need joined tables.", minimum=1),
        "section": Field(described(ref("Section"), "The seating area of the table."), "section", SectionShape),
    }


class CompanyShape(Shape):
    name = "Company"
    description = "The company a booking is filed under."
    none_unless = "row"
    fields = {
        "object": const("company"),
        "id": Field(object_id("cmp", "The company's id."), "row.public_id"),
        "name": string("The company's name."),
    }
