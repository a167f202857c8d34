"""Sections, tables and companies, as every booking, hold and list carries them."""

from config.shapes import Shape, boolean, const, described, enum, integer, obj, object_id, ref, string
from reservations.models.floor import AreaType


class SectionShape(Shape):
    name = "Section"
    schema = obj(
        "A seating area of a floor plan. Rows sharing a `group_id` are one choice to a guest.",
        {
            "object": const("section"),
            "id": object_id("sec", "Accepted as `section_id` anywhere; any member of a group resolves to the group."),
            "name": string("In the restaurant's `primary_language`."),
            "area_type": enum(AreaType.values),
            "bookable_online": boolean("Per row, not cascaded between group members; offer a group when any is."),
            "group_id": object_id(
                "sec",
                "Rows sharing it are one choice; exactly one row per group has `group_id == id` and names the group.",
            ),
        },
    )

    @staticmethod
    def render(row, leader) -> dict:
        return {
            "object": "section",
            "id": row.public_id,
            "name": row.name,
            "area_type": row.area_type,
            "bookable_online": row.bookable_online,
            "group_id": leader.public_id,
        }


class TableShape(Shape):
    name = "Table"
    schema = obj(
        "A table of the floor plan.",
        {
            "object": const("table"),
            "id": object_id("tbl", "The table's id."),
            "name": string("Name on the floor plan."),
            "min_capacity": integer("Never null.", minimum=1),
            "max_capacity": integer("Never below `min_capacity`; larger parties need joined tables.", minimum=1),
            "section": described(ref("Section"), "The seating area of the table."),
        },
    )

    @staticmethod
    def render(row) -> dict:
        """A table with its section (the row must come with `section__group_leader` selected)."""
        section = row.section
        return {
            "object": "table",
            "id": row.public_id,
            "name": row.name,
            "min_capacity": row.min_capacity,
            "max_capacity": row.max_capacity,
            "section": SectionShape.render(section, section.group_leader or section),
        }


class CompanyShape(Shape):
    name = "Company"
    schema = obj(
        "The company a booking is filed under.",
        {
            "object": const("company"),
            "id": object_id("cmp", "The company's id."),
            "name": string("The company's name."),
        },
    )

    @staticmethod
    def render(row) -> dict | None:
        if row is None:
            return None
        return {"object": "company", "id": row.public_id, "name": row.name}
