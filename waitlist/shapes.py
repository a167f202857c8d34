"""Wire shape of a waitlist entry. `notes` is guest data (removed by config.gating for a key without
`guests:read`); the staff-only `private_note` is rendered on no partner surface at all."""

from config.formats import Viewer, hhmm, iso_date, timestamp
from config.shapes import (
    TIMESTAMP_NOTE,
    Shape,
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
    string,
)
from config.shapes import (
    hhmm as hhmm_schema,
)
from guests.shapes import GuestShape
from waitlist.models import JoinedVia, WaitlistStatus

OFFSET = "0 = the service date, 1 = the post-midnight tail of its service (a window 23:30 to 00:30 has end offset 1)."


class WaitlistEntryShape(Shape):
    name = "WaitlistEntry"
    schema = obj(
        "A party waiting for a table on a service date, within a window of times.",
        {
            "object": const("waitlist_entry"),
            "id": object_id("wl", "The entry's id."),
            "status": enum(
                WaitlistStatus.values,
                "`active` waiting; `offered` a place offered, the offer open; `suggested` proposed to staff (a table "
                "freed up in its window); `promoted` became a booking (`reservation`); `cancelled`; `expired` (its "
                "service passed or its offer ran out).",
            ),
            "joined_via": enum(JoinedVia.values),
            "service_date": date("Restaurant timezone."),
            "party_size": integer("Guests.", minimum=1),
            "window_start": hhmm_schema("Earliest wanted time, `HH:MM` on the service date (see the offset)."),
            "window_end": hhmm_schema("Latest wanted time; at or after `window_start` once offsets apply."),
            "window_start_day_offset": integer(OFFSET, minimum=0, maximum=1),
            "window_end_day_offset": integer(OFFSET, minimum=0, maximum=1),
            "shift_name": nullable(string("The service's name as recorded when the guest joined.")),
            "shift_start_time": nullable(hhmm_schema("The service's start as recorded when the guest joined.")),
            "shift_end_time": nullable(hhmm_schema("The service's end as recorded when the guest joined.")),
            "notes": nullable(
                string(
                    "The guest's own request. Guest data: present only when the key carries `guests:read`, absent "
                    "(never null) otherwise."
                )
            ),
            "reservation": nullable(object_id("resv", "The booking the entry became; null while an offer is open.")),
            "guest": {
                "description": "The `gst_` id; the full guest with `expand=guest` (needs `guests:read`).",
                "oneOf": [object_id("gst", "The guest's id."), ref("Guest")],
            },
            "created_at": date_time(TIMESTAMP_NOTE),
            "updated_at": date_time("What `updated_since` compares against. " + TIMESTAMP_NOTE),
        },
        required=[
            "object",
            "id",
            "status",
            "joined_via",
            "service_date",
            "party_size",
            "window_start",
            "window_end",
            "window_start_day_offset",
            "window_end_day_offset",
            "shift_name",
            "shift_start_time",
            "shift_end_time",
            "reservation",
            "guest",
            "created_at",
            "updated_at",
        ],
    )

    @staticmethod
    def render(row, viewer: Viewer) -> dict:
        tz = viewer.tz
        return {
            "object": "waitlist_entry",
            "id": row.public_id,
            "status": row.status,
            "joined_via": row.joined_via,
            "service_date": iso_date(row.service_date),
            "party_size": row.party_size,
            "window_start": hhmm(row.window_start),
            "window_end": hhmm(row.window_end),
            "window_start_day_offset": row.window_start_day_offset,
            "window_end_day_offset": row.window_end_day_offset,
            "shift_name": row.shift_name,
            "shift_start_time": hhmm(row.shift_start_time),
            "shift_end_time": hhmm(row.shift_end_time),
            "notes": row.notes,
            "reservation": row.reservation.public_id if row.reservation_id else None,
            "guest": GuestShape.render(row.guest, tz) if "guest" in viewer.expand else row.guest.public_id,
            "created_at": timestamp(row.created_at, tz),
            "updated_at": timestamp(row.updated_at, tz),
        }


WaitlistEntryListShape = list_shape(WaitlistEntryShape, "A page of waitlist entries.")
