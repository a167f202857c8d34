"""The configuration: the restaurant's booking policy as a partner reads it."""

from config.formats import iso_date
from config.shapes import Shape, array, boolean, const, date, enum, integer, nullable, obj, object_id, ref, string
from reservations import configuration as facts
from reservations.models.restaurant import GuestField, Language


class RestaurantReferenceShape(Shape):
    name = "RestaurantReference"
    schema = obj(
        "The restaurant the key resolves to.",
        {
            "object": const("restaurant"),
            "id": object_id("rst", "The restaurant's id."),
            "name": string("The restaurant's name."),
        },
    )

    @staticmethod
    def render(restaurant) -> dict:
        return {"object": "restaurant", "id": restaurant.public_id, "name": restaurant.name}


PARTY_SIZE_LIMIT = "Online policy, not a promise of a table; null: no limit."


class ConfigurationShape(Shape):
    name = "Configuration"
    schema = obj(
        "The restaurant's booking policy. Read once at start-up; revalidate with `If-None-Match`.",
        {
            "object": const("configuration"),
            "restaurant": ref("RestaurantReference"),
            "booking_page_url": string(
                "Absolute address of the hosted booking page; append `/{modification_token}` for the guest's page.",
                format="uri",
            ),
            "country": string(
                "ISO 3166 alpha-2; phone numbers without country code are read against it.", pattern=r"^[A-Z]{2}$"
            ),
            "timezone": string("IANA zone of every date and time.", examples=["Europe/Paris"]),
            "currency": string("ISO 4217 of every amount.", pattern=r"^[A-Z]{3}$"),
            "primary_language": enum(Language.values, "Language of restaurant text."),
            "guest_languages": array(
                enum(Language.values), "Primary first; the exact set `locale` accepts.", minItems=1
            ),
            "min_party_size": nullable(integer(PARTY_SIZE_LIMIT, minimum=1)),
            "max_party_size": nullable(integer(PARTY_SIZE_LIMIT, minimum=1)),
            "default_party_size": integer("Suggested size, between min and max.", minimum=1),
            "current_date": date("Today in the restaurant's timezone."),
            "max_advance_days": nullable(integer("Booking window in days; null: none.", minimum=0)),
            "last_service_date": nullable(date("`current_date + max_advance_days`; null when that is null.")),
            "default_cutoff_minutes": nullable(
                integer("House default only: 0 up to start, -1 during service, null no rule.", minimum=-1)
            ),
            "show_seating_preference": boolean("Advisory: render a seating step."),
            "require_guest_email": boolean("Advisory, not enforced by the API."),
            "require_guest_phone": boolean("Advisory, not enforced by the API."),
            "card_guarantee_from_party_size": nullable(
                integer("Null: no booking is asked for a card; a number is a maybe.", minimum=1)
            ),
            "required_guest_fields": array(
                enum(GuestField.values),
                "Guest fields a create must carry or be refused `guest_fields_required` (not with `guest_id`).",
            ),
        },
    )

    @staticmethod
    def render(restaurant, *, today, card_guarantee_from_party_size) -> dict:
        return {
            "object": "configuration",
            "restaurant": RestaurantReferenceShape.render(restaurant),
            "booking_page_url": facts.booking_page_url(restaurant),
            "country": restaurant.country,
            "timezone": restaurant.timezone,
            "currency": restaurant.currency,
            "primary_language": restaurant.primary_language,
            "guest_languages": restaurant.languages,
            "min_party_size": restaurant.min_party_size,
            "max_party_size": restaurant.max_party_size,
            "default_party_size": facts.default_party_size(restaurant),
            "current_date": iso_date(today),
            "max_advance_days": restaurant.max_advance_days,
            "last_service_date": iso_date(facts.last_service_date(restaurant, today)),
            "default_cutoff_minutes": restaurant.default_cutoff_minutes,
            "show_seating_preference": restaurant.show_seating_preference,
            "require_guest_email": restaurant.require_guest_email,
            "require_guest_phone": restaurant.require_guest_phone,
            "card_guarantee_from_party_size": card_guarantee_from_party_size,
            "required_guest_fields": list(restaurant.required_guest_fields),
        }
