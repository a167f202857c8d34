"""JSON Schemas of the availability answers (one day, one month) and their parts."""

from config.api.openapi_components.helpers import (
    MONTH_PATTERN,
    boolean,
    const,
    date,
    described,
    hhmm,
    integer,
    nullable,
    obj,
    object_id,
    ref,
    string,
)

AVAILABILITY_CLOSURE = obj(
    "A closure covering the date.",
    {
        "object": const("availability_closure"),
        "name": nullable(string("Name of the closure.")),
        "guest_message": nullable(string("Message for guests.")),
        "start_date": date("First closed date."),
        "end_date": date("Last closed date (inclusive)."),
    },
)

AVAILABILITY_GUARANTEE = obj(
    "The card guarantee a booking of this party on this service is asked for.",
    {
        "object": const("availability_guarantee"),
        "mode": const("imprint"),
        "currency": string("ISO 4217.", pattern=r"^[A-Z]{3}$"),
        "per_guest_amount": integer("Smallest currency unit.", minimum=0),
        "amount": integer("For the whole party, smallest currency unit.", minimum=0),
        "cancel_hours": nullable(integer("Free cancellation until this many hours before; null: always free.")),
    },
)

AVAILABILITY_SLOT = obj(
    "A bookable start time.",
    {
        "object": const("availability_slot"),
        "time": hhmm("Start time on the service date."),
        "available_covers": nullable(integer("Null means unlimited, not zero.", minimum=0)),
        "max_covers_per_slot": nullable(integer("The slot's covers cap; null: none.", minimum=0)),
    },
)

AVAILABILITY_SHIFT = obj(
    "A service on the date, with the slots this party can take.",
    {
        "object": const("availability_shift"),
        "id": nullable(object_id("shf", "The service's id.")),
        "name": nullable(string("In the requested `locale`.")),
        "guest_message": nullable(string("In the requested `locale`.")),
        "start_time": nullable(hhmm("First seating time.")),
        "end_time": nullable(hhmm("End of the service.")),
        "effective_cutoff_minutes": nullable(
            integer(
                "Minutes before start when online booking closes: 0 right up to start, -1 during the service, "
                "null no rule. Once passed, no slots and a create is refused `cutoff_passed`.",
                minimum=-1,
            )
        ),
        "display_only": boolean("No online booking."),
        "booking_closed": boolean("Cutoff or last seating passed; `slots` is then `[]`."),
        "requires_approval": boolean("A booking is a request (lands `pending`)."),
        "waitlist_open": boolean("Always false while the booking widget is switched off."),
        "guarantee": described(nullable(ref("AvailabilityGuarantee")), "Null: no card asked."),
        "guarantee_from_party_size": nullable(
            integer("Null: no party size on this service and date is asked for a card.", minimum=1)
        ),
        "slots": {"type": "array", "items": ref("AvailabilitySlot")},
        "unavailable_slots": {
            "type": "array",
            "items": hhmm("A time the service sells but this party cannot take now."),
            "description": "Render greyed and offer the queue.",
        },
        "section_ids": {
            "type": "array",
            "items": object_id("sec", "A section group id."),
            "description": (
                "Section groups the service can be booked whole in; absence is a promise of refusal with "
                "`no_table_available_in_section`, presence is a maybe."
            ),
        },
    },
)

AVAILABILITY = obj(
    "Availability of one service date for one party size.",
    {
        "object": const("availability"),
        "service_date": date("As asked."),
        "party_size": integer("As asked.", minimum=1),
        "section_id": nullable(
            object_id("sec", "The section filter applied (it stands for its whole group), or null.")
        ),
        "day_message": nullable(string("Day-level banner.")),
        "display_only": boolean("Nothing bookable; only a display-only message remains."),
        "message_only": boolean("No service runs but `day_message` has the reason."),
        "closure": described(nullable(ref("AvailabilityClosure")), "When set, `shifts` is empty."),
        "shifts": {"type": "array", "items": ref("AvailabilityShift"), "description": "`[]` on a closed day."},
    },
)

AVAILABILITY_SECTION = obj(
    "A seating area and the party sizes seatable in it on the date.",
    {
        "object": const("availability_section"),
        "section_id": object_id("sec", "The section group id."),
        "party_sizes": {"type": "array", "items": {"type": "integer", "minimum": 1}},
    },
)

AVAILABILITY_DAY = obj(
    "One day of a month of availability.",
    {
        "object": const("availability_day"),
        "date": date("The day."),
        "past": boolean("Already gone (allowing for an overnight service still seating)."),
        "beyond_window": boolean("Beyond the booking window."),
        "closed": boolean("A closure covers the date."),
        "closure": described(nullable(ref("AvailabilityClosure")), "The closure when closed, else null."),
        "no_service": boolean("No service runs (closed, not sold out)."),
        "message_only": boolean("Staff note: open the day, offer no times."),
        "day_message": nullable(string("Day-level banner.")),
        "display_only": boolean("Display-only day."),
        "booking_closed": boolean("Every service past its cutoff or over."),
        "party_sizes": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1},
            "description": "Sizes seatable somewhere; empty with every flag false means fully booked.",
        },
        "sections": {
            "type": "array",
            "items": ref("AvailabilitySection"),
            "description": "Empty when no seating choice is offered online.",
        },
        "waitlist_party_sizes": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1},
            "description": "Sizes that may join the queue (always empty while the widget is off).",
        },
    },
)

AVAILABILITY_MONTH = obj(
    "Availability of every day of a month, in order (never sparse).",
    {
        "object": const("availability_month"),
        "month": string("`YYYY-MM`, as asked.", pattern=MONTH_PATTERN),
        "days": {"type": "array", "items": ref("AvailabilityDay"), "minItems": 28, "maxItems": 31},
    },
)
