"""Day and month availability, rendered from the engine's answers."""

from config.formats import hhmm as fmt_hhmm
from config.shapes import (
    Field,
    Shape,
    array,
    boolean,
    const,
    date_field,
    described,
    hhmm,
    integer,
    nullable,
    object_id,
    ref,
    string,
)
from reservations.texts import translate

MONTH_PATTERN = r"^\d{4}-(0[1-9]|1[0-2])$"
SIZES = {"type": "integer", "minimum": 1}


class Text:
    """Picks the language of guest-facing text."""

    def __init__(self, locale: str, primary: str):
        self.locale = locale
        self.primary = primary

    def __call__(self, value):
        return translate(value, self.locale, self.primary)


class AvailabilityClosureShape(Shape):
    name = "AvailabilityClosure"
    description = "A closure covering the date."
    args = "value, text"
    none_unless = "value"
    fields = {
        "object": const("availability_closure"),
        "name": Field(nullable(string("Name of the closure.")), via="text"),
        "guest_message": Field(nullable(string("Message for guests.")), via="text"),
        "start_date": date_field("First closed date."),
        "end_date": date_field("Last closed date (inclusive)."),
    }


class AvailabilityGuaranteeShape(Shape):
    name = "AvailabilityGuarantee"
    description = "The card guarantee a booking of this party on this service is asked for."
    args = "value, party_size"
    none_unless = "value"
    fields = {
        "object": const("availability_guarantee"),
        "mode": const("imprint"),
        "currency": Field(string("ISO 4217.", pattern=r"^[A-Z]{3}$"), given=True),
        "per_guest_amount": integer("Smallest currency unit.", minimum=0),
        "amount": Field(
            integer("For the whole party, smallest currency unit.", minimum=0),
            lambda value, party_size: value.per_guest_amount * party_size,
        ),
        "cancel_hours": nullable(integer("Free cancellation until this many hours before; null: always free.")),
    }


class AvailabilitySlotShape(Shape):
    name = "AvailabilitySlot"
    description = "A bookable start time."
    args = "offer, info"
    fields = {
        "object": const("availability_slot"),
        "time": Field(hhmm("Start time on the service date."), "offer.slot.hhmm"),
        "available_covers": nullable(integer("Null means unlimited, not zero.", minimum=0)),
        "max_covers_per_slot": Field(nullable(integer("The slot's covers cap; null: none.", minimum=0)), of="info"),
    }


class AvailabilityShiftShape(Shape):
    name = "AvailabilityShift"
    description = "A service on the date, with the slots this party can take."
    args = "value, *, party_size, policy, text"
    scope = {"info": "value.shift", "currency": "policy.currency"}
    fields = {
        "object": const("availability_shift"),
        "id": Field(nullable(object_id("shf", "The service's id.")), "info.public_id"),
        "name": Field(nullable(string("In the requested `locale`.")), of="info", via="text"),
        "guest_message": Field(nullable(string("In the requested `locale`.")), of="info", via="text"),
        "start_time": Field(nullable(hhmm("First seating time.")), of="info", via=fmt_hhmm),
        "end_time": Field(nullable(hhmm("End of the service.")), of="info", via=fmt_hhmm),
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
        "guarantee": Field(
            described(nullable(ref("AvailabilityGuarantee")), "Null: no card asked."), via=AvailabilityGuaranteeShape
        ),
        "guarantee_from_party_size": Field(
            nullable(integer("Null: no party size on this service and date is asked for a card.", minimum=1)),
            lambda info: info.guarantee.from_party_size if info.guarantee else None,
        ),
        "slots": Field(array(ref("AvailabilitySlot")), via=AvailabilitySlotShape, many=True),
        "unavailable_slots": Field(
            array(
                hhmm("A time the service sells but this party cannot take now."), "Render greyed and offer the queue."
            ),
            via=lambda slot: slot.hhmm,
            many=True,
        ),
        "section_ids": Field(
            array(
                object_id("sec", "A section group id."),
                "Section groups the service can be booked whole in; absence is a promise of refusal with "
                "`no_table_available_in_section`, presence is a maybe.",
            ),
            "value.section_group_ids",
            lambda group, policy: policy.sections[group].public_id,
            many=True,
        ),
    }


class AvailabilityShape(Shape):
    name = "Availability"
    description = "Availability of one service date for one party size."
    args = "result, *, policy, text"
    scope = {"party_size": "result.party_size"}
    fields = {
        "object": const("availability"),
        "service_date": date_field("As asked.", read="result.date"),
        "party_size": integer("As asked.", minimum=1),
        "section_id": Field(
            nullable(object_id("sec", "The section filter applied (standing for its group), or null.")), given=True
        ),
        "day_message": Field(nullable(string("Day-level banner.")), via="text"),
        "display_only": boolean("Nothing bookable; only a display-only message remains."),
        "message_only": boolean("No service runs but `day_message` has the reason."),
        "closure": Field(
            described(nullable(ref("AvailabilityClosure")), "When set, `shifts` is empty."),
            via=AvailabilityClosureShape,
        ),
        "shifts": Field(
            array(ref("AvailabilityShift"), "`[]` on a closed day."), via=AvailabilityShiftShape, many=True
        ),
    }


class AvailabilitySectionShape(Shape):
    """Rendered from the engine's (section group, party sizes) pairs."""

    name = "AvailabilitySection"
    description = "A seating area and the party sizes seatable in it on the date."
    args = "pair, policy"
    fields = {
        "object": const("availability_section"),
        "section_id": Field(
            object_id("sec", "The section group id."), lambda pair, policy: policy.sections[pair[0]].public_id
        ),
        "party_sizes": Field(array(SIZES), lambda pair: pair[1]),
    }


class AvailabilityDayShape(Shape):
    name = "AvailabilityDay"
    description = "One day of a month of availability."
    args = "day, *, policy, text"
    fields = {
        "object": const("availability_day"),
        "date": date_field("The day."),
        "past": boolean("Already gone (allowing for an overnight service still seating)."),
        "beyond_window": boolean("Beyond the booking window."),
        "closed": Field(boolean("A closure covers the date."), lambda day: day.closure is not None),
        "closure": Field(
            described(nullable(ref("AvailabilityClosure")), "The closure when closed, else null."),
            via=AvailabilityClosureShape,
        ),
        "no_service": boolean("No service runs (closed, not sold out)."),
        "message_only": boolean("Staff note: open the day, offer no times."),
        "day_message": Field(nullable(string("Day-level banner.")), via="text"),
        "display_only": boolean("Display-only day."),
        "booking_closed": boolean("Every service past its cutoff or over."),
        "party_sizes": array(SIZES, "Sizes seatable somewhere; empty with every flag false means fully booked."),
        "sections": Field(
            array(ref("AvailabilitySection"), "Empty when no seating choice is offered online."),
            via=AvailabilitySectionShape,
            many=True,
        ),
        "waitlist_party_sizes": array(SIZES, "Sizes that may join the queue (always empty while the widget is off)."),
    }


class AvailabilityMonthShape(Shape):
    name = "AvailabilityMonth"
    description = "Availability of every day of a month, in order (never sparse)."
    args = "days, *, policy, text"
    fields = {
        "object": const("availability_month"),
        "month": Field(string("`YYYY-MM`, as asked.", pattern=MONTH_PATTERN), given=True),
        "days": Field(array(ref("AvailabilityDay"), minItems=28, maxItems=31), "days", AvailabilityDayShape, many=True),
    }
