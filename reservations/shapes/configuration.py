"""The configuration: the restaurant's booking policy as a partner reads it."""

from config.shapes import (
    Field,
    Shape,
    array,
    boolean,
    const,
    date_field,
    enum,
    integer,
    nullable,
    object_id,
    ref,
    string,
)
from reservations import configuration as facts
from reservations.models.restaurant import GuestField, Language


class RestaurantReferenceShape(Shape):
    name = "RestaurantReference"
    description = "The restaurant the key resolves to."
    args = "restaurant"
    fields = {
        "object": const("restaurant"),
        "id": Field(object_id("rst", "The restaurant's id."), "restaurant.public_id"),
        "name": string("The restaurant's name."),
    }


PARTY_SIZE_LIMIT = "Online policy, not a promise of a table; null: no limit."


class ConfigurationShape(Shape):
    name = "Configuration"
    description = "The restaurant's booking policy. Read once at start-up; revalidate with `If-None-Match`."
    args = "restaurant, *, today"
    fields = {
        "object": const("configuration"),
        "restaurant": Field(ref("RestaurantReference"), "restaurant", RestaurantReferenceShape),
        "booking_page_url": Field(
            string(
                "Absolute address of the hosted booking page; append `/{modification_token}` for the guest's page.",
                format="uri",
            ),
            facts.booking_page_url,
        ),
        "country": string(
            "ISO 3166 alpha-2; phone numbers without country code are read against it.", pattern=r"^[A-Z]{2}$"
        ),
        "timezone": string("IANA zone of every date and time.", examples=["Europe/Paris"]),
        "currency": string("ISO 4217 of every amount.", pattern=r"^[A-Z]{3}$"),
        "primary_language": enum(Language.values, "Language of restaurant text."),
        "guest_languages": Field(
            array(enum(Language.values), "Primary first; the exact set `locale` accepts.", minItems=1),
            "restaurant.languages",
        ),
        "min_party_size": nullable(integer(PARTY_SIZE_LIMIT, minimum=1)),
        "max_party_size": nullable(integer(PARTY_SIZE_LIMIT, minimum=1)),
        "default_party_size": Field(
            integer("Suggested size, between min and max.", minimum=1), facts.default_party_size
        ),
        "current_date": date_field("Today in the restaurant's timezone.", read="today"),
        "max_advance_days": nullable(integer("Booking window in days; null: none.", minimum=0)),
        "last_service_date": date_field(
            "`current_date + max_advance_days`; null when that is null.", null=True, read=facts.last_service_date
        ),
        "default_cutoff_minutes": nullable(
            integer("House default only: 0 up to start, -1 during service, null no rule.", minimum=-1)
        ),
        "show_seating_preference": boolean("Advisory: render a seating step."),
        "require_guest_email": boolean("Advisory, not enforced by the API."),
        "require_guest_phone": boolean("Advisory, not enforced by the API."),
        "card_guarantee_from_party_size": Field(
            nullable(integer("Null: no booking is asked for a card; a number is a maybe.", minimum=1)), given=True
        ),
        "required_guest_fields": Field(
            array(
                enum(GuestField.values),
                "Guest fields a create must carry or be refused `guest_fields_required` (not with `guest_id`).",
            ),
            via=list,
        ),
    }
