"""Day and month availability, rendered from the engine's answers."""

from config.formats import hhmm as fmt_hhmm
from config.formats import iso_date
from config.shapes import (
    Shape,
    array,
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
from reservations import engine
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
    schema = obj(
        "A closure covering the date.",
        {
            "object": const("availability_closure"),
            "name": nullable(string("Name of the closure.")),
            "guest_message": nullable(string("Message for guests.")),
            "start_date": date("First closed date."),
            "end_date": date("Last closed date (inclusive)."),
        },
    )

    @staticmethod
    def render(value, text: Text) -> dict | None:
        if value is None:
            return None
        return {
            "object": "availability_closure",
            "name": text(value.name),
            "guest_message": text(value.guest_message),
            "start_date": iso_date(value.start_date),
            "end_date": iso_date(value.end_date),
        }


class AvailabilityGuaranteeShape(Shape):
    name = "AvailabilityGuarantee"
    schema = obj(
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

    @staticmethod
    def render(value, party_size: int, currency: str) -> dict | None:
        if value is None:
            return None
        return {
            "object": "availability_guarantee",
            "mode": "imprint",
            "currency": currency,
            "per_guest_amount": value.per_guest_amount,
            "amount": value.per_guest_amount * party_size,
            "cancel_hours": value.cancel_hours,
        }


class AvailabilitySlotShape(Shape):
    name = "AvailabilitySlot"
    schema = obj(
        "A bookable start time.",
        {
            "object": const("availability_slot"),
            "time": hhmm("Start time on the service date."),
            "available_covers": nullable(integer("Null means unlimited, not zero.", minimum=0)),
            "max_covers_per_slot": nullable(integer("The slot's covers cap; null: none.", minimum=0)),
        },
    )


class AvailabilityShiftShape(Shape):
    name = "AvailabilityShift"
    schema = obj(
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
            "slots": array(ref("AvailabilitySlot")),
            "unavailable_slots": array(
                hhmm("A time the service sells but this party cannot take now."), "Render greyed and offer the queue."
            ),
            "section_ids": array(
                object_id("sec", "A section group id."),
                "Section groups the service can be booked whole in; absence is a promise of refusal with "
                "`no_table_available_in_section`, presence is a maybe.",
            ),
        },
    )

    @staticmethod
    def render(value, *, party_size: int, policy: engine.Policy, text: Text) -> dict:
        info = value.shift
        return {
            "object": "availability_shift",
            "id": info.public_id,
            "name": text(info.name),
            "guest_message": text(info.guest_message),
            "start_time": fmt_hhmm(info.start_time),
            "end_time": fmt_hhmm(info.end_time),
            "effective_cutoff_minutes": value.effective_cutoff_minutes,
            "display_only": value.display_only,
            "booking_closed": value.booking_closed,
            "requires_approval": value.requires_approval,
            "waitlist_open": value.waitlist_open,
            "guarantee": AvailabilityGuaranteeShape.render(value.guarantee, party_size, policy.currency),
            "guarantee_from_party_size": info.guarantee.from_party_size if info.guarantee else None,
            "slots": [
                {
                    "object": "availability_slot",
                    "time": offer.slot.hhmm,
                    "available_covers": offer.available_covers,
                    "max_covers_per_slot": info.max_covers_per_slot,
                }
                for offer in value.slots
            ],
            "unavailable_slots": [slot.hhmm for slot in value.unavailable_slots],
            "section_ids": [policy.sections[group].public_id for group in value.section_group_ids],
        }


class AvailabilityShape(Shape):
    name = "Availability"
    schema = obj(
        "Availability of one service date for one party size.",
        {
            "object": const("availability"),
            "service_date": date("As asked."),
            "party_size": integer("As asked.", minimum=1),
            "section_id": nullable(object_id("sec", "The section filter applied (standing for its group), or null.")),
            "day_message": nullable(string("Day-level banner.")),
            "display_only": boolean("Nothing bookable; only a display-only message remains."),
            "message_only": boolean("No service runs but `day_message` has the reason."),
            "closure": described(nullable(ref("AvailabilityClosure")), "When set, `shifts` is empty."),
            "shifts": array(ref("AvailabilityShift"), "`[]` on a closed day."),
        },
    )

    @staticmethod
    def render(result: engine.DayAvailability, *, policy, section_id, text: Text) -> dict:
        return {
            "object": "availability",
            "service_date": iso_date(result.date),
            "party_size": result.party_size,
            "section_id": section_id,
            "day_message": text(result.day_message),
            "display_only": result.display_only,
            "message_only": result.message_only,
            "closure": AvailabilityClosureShape.render(result.closure, text),
            "shifts": [
                AvailabilityShiftShape.render(s, party_size=result.party_size, policy=policy, text=text)
                for s in result.shifts
            ],
        }


class AvailabilitySectionShape(Shape):
    name = "AvailabilitySection"
    schema = obj(
        "A seating area and the party sizes seatable in it on the date.",
        {
            "object": const("availability_section"),
            "section_id": object_id("sec", "The section group id."),
            "party_sizes": array(SIZES),
        },
    )


class AvailabilityDayShape(Shape):
    name = "AvailabilityDay"
    schema = obj(
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
            "party_sizes": array(SIZES, "Sizes seatable somewhere; empty with every flag false means fully booked."),
            "sections": array(ref("AvailabilitySection"), "Empty when no seating choice is offered online."),
            "waitlist_party_sizes": array(
                SIZES, "Sizes that may join the queue (always empty while the widget is off)."
            ),
        },
    )

    @staticmethod
    def render(day: engine.MonthDay, *, policy, text: Text) -> dict:
        return {
            "object": "availability_day",
            "date": iso_date(day.date),
            "past": day.past,
            "beyond_window": day.beyond_window,
            "closed": day.closure is not None,
            "closure": AvailabilityClosureShape.render(day.closure, text),
            "no_service": day.no_service,
            "message_only": day.message_only,
            "day_message": text(day.day_message),
            "display_only": day.display_only,
            "booking_closed": day.booking_closed,
            "party_sizes": day.party_sizes,
            "sections": [
                {"object": "availability_section", "section_id": policy.sections[group].public_id, "party_sizes": sizes}
                for group, sizes in day.sections
            ],
            "waitlist_party_sizes": day.waitlist_party_sizes,
        }


class AvailabilityMonthShape(Shape):
    name = "AvailabilityMonth"
    schema = obj(
        "Availability of every day of a month, in order (never sparse).",
        {
            "object": const("availability_month"),
            "month": string("`YYYY-MM`, as asked.", pattern=MONTH_PATTERN),
            "days": array(ref("AvailabilityDay"), minItems=28, maxItems=31),
        },
    )

    @staticmethod
    def render(month: str, days: list[engine.MonthDay], *, policy, text: Text) -> dict:
        return {
            "object": "availability_month",
            "month": month,
            "days": [AvailabilityDayShape.render(day, policy=policy, text=text) for day in days],
        }
