"""Wire shape of a hold."""

from config.formats import timestamp
from config.shapes import (
    TIMESTAMP_NOTE,
    Field,
    Reference,
    Shape,
    array,
    boolean,
    const,
    date_field,
    date_time,
    enum,
    integer,
    list_shape,
    nullable,
    object_id,
    ref,
    timestamp_field,
)
from holds.models import HoldKind, HoldStatus
from holds.selectors import effective_status
from reservations.shapes.floor import TableShape
from reservations.shapes.reservations import METADATA

ENDED = (HoldStatus.EXPIRED, HoldStatus.RELEASED)


class HoldShape(Shape):
    name = "Hold"
    description = "A claim on a slot that occupies a real table and counts against availability as a booking does."
    args = "row, viewer, now"
    scope = {"tz": "viewer.tz", "effective": lambda row, now: effective_status(row, now)}
    fields = {
        "object": const("hold"),
        "id": Field(
            object_id("hold", "The hold's id; its reservation keeps the suffix (`hold_X` becomes `resv_X`)."),
            "row.public_id",
        ),
        "kind": enum(HoldKind.values),
        "status": Field(enum(HoldStatus.values), "effective"),
        "party_size": integer("Guests.", minimum=1),
        "service_date": date_field("Restaurant timezone."),
        "starts_at": timestamp_field("Start of the seating, not the deadline. " + TIMESTAMP_NOTE),
        "ends_at": timestamp_field("Null when no seating duration applies.", null=True),
        "expires_at": Field(
            nullable(date_time("Authoritative deadline set by the server; null once the hold is over.")),
            via=lambda value, effective, tz: timestamp(value, tz) if effective == HoldStatus.HELD else None,
        ),
        "ended_at": Field(
            nullable(date_time("When released or lapsed; null while live and after conversion.")),
            # A hold lapsed before any sweep ended at its deadline.
            via=lambda value, row, effective, tz: (
                timestamp(row.expires_at if value is None and effective == HoldStatus.EXPIRED else value, tz)
                if effective in ENDED
                else None
            ),
        ),
        "reservation": Reference(nullable(object_id("resv", "The reservation the hold became."))),
        "tables": Field(array(ref("Table"), "Occupied tables."), lambda row: row.tables.all(), TableShape, many=True),
        "excluded_from_shift_limits": boolean(
            "Carried onto the booking on conversion (converting an exempt hold needs `reservations:write:override`)."
        ),
        "metadata": METADATA,
        "created_at": timestamp_field(TIMESTAMP_NOTE),
        "updated_at": timestamp_field(TIMESTAMP_NOTE),
    }


HoldListShape = list_shape(HoldShape, "A page of holds, newest first.")
