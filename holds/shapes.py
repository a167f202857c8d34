"""Wire shape of a hold."""

from config.formats import Viewer, iso_date, timestamp
from config.shapes import (
    TIMESTAMP_NOTE,
    Shape,
    array,
    boolean,
    const,
    date,
    date_time,
    enum,
    integer,
    list_shape,
    nullable,
    obj,
    object_id,
    ref,
)
from holds.models import HoldKind, HoldStatus
from holds.selectors import effective_status
from reservations.shapes.floor import TableShape
from reservations.shapes.reservations import METADATA


class HoldShape(Shape):
    name = "Hold"
    schema = obj(
        "A claim on a slot that occupies a real table and counts against availability as a booking does.",
        {
            "object": const("hold"),
            "id": object_id("hold", "The hold's id; its reservation keeps the suffix (`hold_X` becomes `resv_X`)."),
            "kind": enum(HoldKind.values),
            "status": enum(HoldStatus.values),
            "party_size": integer("Guests.", minimum=1),
            "service_date": date("Restaurant timezone."),
            "starts_at": date_time("Start of the seating, not the deadline. " + TIMESTAMP_NOTE),
            "ends_at": nullable(date_time("Null when no seating duration applies.")),
            "expires_at": nullable(date_time("Authoritative deadline set by the server; null once the hold is over.")),
            "ended_at": nullable(date_time("When released or lapsed; null while live and after conversion.")),
            "reservation": nullable(object_id("resv", "The reservation the hold became.")),
            "tables": array(ref("Table"), "Occupied tables."),
            "excluded_from_shift_limits": boolean(
                "Carried onto the booking on conversion (converting an exempt hold needs "
                "`reservations:write:override`)."
            ),
            "metadata": METADATA,
            "created_at": date_time(TIMESTAMP_NOTE),
            "updated_at": date_time(TIMESTAMP_NOTE),
        },
    )

    @staticmethod
    def render(row, viewer: Viewer, now) -> dict:
        tz = viewer.tz
        status = effective_status(row, now)
        live = status == HoldStatus.HELD
        ended_at = row.ended_at
        if status == HoldStatus.EXPIRED and ended_at is None:
            ended_at = row.expires_at  # lapsed at its deadline, before any sweep
        return {
            "object": "hold",
            "id": row.public_id,
            "kind": row.kind,
            "status": status,
            "party_size": row.party_size,
            "service_date": iso_date(row.service_date),
            "starts_at": timestamp(row.starts_at, tz),
            "ends_at": timestamp(row.ends_at, tz),
            "expires_at": timestamp(row.expires_at, tz) if live else None,
            "ended_at": timestamp(ended_at, tz) if status in (HoldStatus.EXPIRED, HoldStatus.RELEASED) else None,
            "reservation": row.reservation.public_id if row.reservation_id else None,
            "tables": [TableShape.render(t) for t in row.tables.all()],
            "excluded_from_shift_limits": row.excluded_from_shift_limits,
            "metadata": row.metadata,
            "created_at": timestamp(row.created_at, tz),
            "updated_at": timestamp(row.updated_at, tz),
        }


HoldListShape = list_shape(HoldShape, "A page of holds, newest first.")
