"""Wire shapes of day and month availability."""

from config.api.formats import hhmm, iso_date
from reservations import engine
from reservations.policy import translate


class Text:
    """Picks the language of guest-facing text."""

    def __init__(self, locale: str, primary: str):
        self.locale = locale
        self.primary = primary

    def __call__(self, value):
        return translate(value, self.locale, self.primary)


def closure(value, text: Text) -> dict | None:
    if value is None:
        return None
    return {
        "object": "availability_closure",
        "name": text(value.name),
        "guest_message": text(value.guest_message),
        "start_date": iso_date(value.start_date),
        "end_date": iso_date(value.end_date),
    }


def guarantee(value, party_size: int, currency: str) -> dict | None:
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


def shift(value, *, party_size: int, policy: engine.Policy, text: Text) -> dict:
    info = value.shift
    return {
        "object": "availability_shift",
        "id": info.public_id,
        "name": text(info.name),
        "guest_message": text(info.guest_message),
        "start_time": hhmm(info.start_time),
        "end_time": hhmm(info.end_time),
        "effective_cutoff_minutes": value.effective_cutoff_minutes,
        "display_only": value.display_only,
        "booking_closed": value.booking_closed,
        "requires_approval": value.requires_approval,
        "waitlist_open": value.waitlist_open,
        "guarantee": guarantee(value.guarantee, party_size, policy.currency),
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


def availability_day(result: engine.DayAvailability, *, policy, section_id, text: Text) -> dict:
    return {
        "object": "availability",
        "service_date": iso_date(result.date),
        "party_size": result.party_size,
        "section_id": section_id,
        "day_message": text(result.day_message),
        "display_only": result.display_only,
        "message_only": result.message_only,
        "closure": closure(result.closure, text),
        "shifts": [shift(s, party_size=result.party_size, policy=policy, text=text) for s in result.shifts],
    }


def month_day(day: engine.MonthDay, *, policy, text: Text) -> dict:
    return {
        "object": "availability_day",
        "date": iso_date(day.date),
        "past": day.past,
        "beyond_window": day.beyond_window,
        "closed": day.closure is not None,
        "closure": closure(day.closure, text),
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


def availability_month(month: str, days: list[engine.MonthDay], *, policy, text: Text) -> dict:
    return {
        "object": "availability_month",
        "month": month,
        "days": [month_day(day, policy=policy, text=text) for day in days],
    }
