"""Wire shape of a waitlist entry. `notes` is guest data (removed by config.gating for a key without
`guests:read`); the staff-only `private_note` is rendered on no partner surface at all."""

from config.formats import hhmm
from config.shapes import (
    TIMESTAMP_NOTE,
    Field,
    Reference,
    Shape,
    const,
    date_field,
    enum,
    integer,
    list_shape,
    nullable,
    object_id,
    string,
    timestamp_field,
)
from config.shapes import (
    hhmm as hhmm_schema,
)
from guests.shapes import guest_field
from waitlist.models import JoinedVia, WaitlistStatus

OFFSET = "0 = the service date, 1 = the post-midnight tail of its service (a window 23:30 to 00:30 has end offset 1)."


class WaitlistEntryShape(Shape):
    name = "WaitlistEntry"
    description = "A party waiting for a table on a service date, within a window of times."
    args = "row, viewer"
    scope = {"tz": "viewer.tz"}
    fields = {
        "object": const("waitlist_entry"),
        "id": Field(object_id("wl", "The entry's id."), "row.public_id"),
        "status": enum(
            WaitlistStatus.values,
            "`active` waiting; `offered` a place offered, the offer open; `suggested` proposed to staff (a table "
            "freed up in its window); `promoted` became a booking (`reservation`); `cancelled`; `expired` (its "
            "service passed or its offer ran out).",
        ),
        "joined_via": enum(JoinedVia.values),
        "service_date": date_field("Restaurant timezone."),
        "party_size": integer("Guests.", minimum=1),
        "window_start": Field(
            hhmm_schema("Earliest wanted time, `HH:MM` on the service date (see the offset)."), via=hhmm
        ),
        "window_end": Field(
            hhmm_schema("Latest wanted time; at or after `window_start` once offsets apply."), via=hhmm
        ),
        "window_start_day_offset": integer(OFFSET, minimum=0, maximum=1),
        "window_end_day_offset": integer(OFFSET, minimum=0, maximum=1),
        "shift_name": nullable(string("The service's name as recorded when the guest joined.")),
        "shift_start_time": Field(
            nullable(hhmm_schema("The service's start as recorded when the guest joined.")), via=hhmm
        ),
        "shift_end_time": Field(
            nullable(hhmm_schema("The service's end as recorded when the guest joined.")), via=hhmm
        ),
        "notes": Field(nullable(string("The guest's own request.")), guest_data=True),
        "reservation": Reference(
            nullable(object_id("resv", "The booking the entry became; null while an offer is open."))
        ),
        "guest": guest_field("The `gst_` id; the full guest with `expand=guest` (needs `guests:read`)."),
        "created_at": timestamp_field(TIMESTAMP_NOTE),
        "updated_at": timestamp_field("What `updated_since` compares against. " + TIMESTAMP_NOTE),
    }


WaitlistEntryListShape = list_shape(WaitlistEntryShape, "A page of waitlist entries.")
