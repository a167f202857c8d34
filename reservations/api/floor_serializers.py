"""Wire shapes of tables and companies as bookings and holds carry them."""

from reservations.api.serializers import section


def table(row) -> dict:
    """A table with its section (the row must come with `section__group_leader` selected)."""
    return {
        "object": "table",
        "id": row.public_id,
        "name": row.name,
        "min_capacity": row.min_capacity,
        "max_capacity": row.max_capacity,
        "section": section(row.section, row.section.group_leader or row.section),
    }


def company(row) -> dict | None:
    if row is None:
        return None
    return {"object": "company", "id": row.public_id, "name": row.name}
