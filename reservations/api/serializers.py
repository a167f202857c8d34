"""Wire shapes of the restaurant's policy objects (plain functions: fast and explicit)."""

from config.api.formats import iso_date
from reservations import policy


def configuration(restaurant, *, today, card_guarantee_from_party_size) -> dict:
    return {
        "object": "configuration",
        "restaurant": {"object": "restaurant", "id": restaurant.public_id, "name": restaurant.name},
        "booking_page_url": policy.booking_page_url(restaurant),
        "country": restaurant.country,
        "timezone": restaurant.timezone,
        "currency": restaurant.currency,
        "primary_language": restaurant.primary_language,
        "guest_languages": restaurant.languages,
        "min_party_size": restaurant.min_party_size,
        "max_party_size": restaurant.max_party_size,
        "default_party_size": policy.default_party_size(restaurant),
        "current_date": iso_date(today),
        "max_advance_days": restaurant.max_advance_days,
        "last_service_date": iso_date(policy.last_service_date(restaurant, today)),
        "default_cutoff_minutes": restaurant.default_cutoff_minutes,
        "show_seating_preference": restaurant.show_seating_preference,
        "require_guest_email": restaurant.require_guest_email,
        "require_guest_phone": restaurant.require_guest_phone,
        "card_guarantee_from_party_size": card_guarantee_from_party_size,
        "required_guest_fields": list(restaurant.required_guest_fields),
    }


def section(row, leader) -> dict:
    return {
        "object": "section",
        "id": row.public_id,
        "name": row.name,
        "area_type": row.area_type,
        "bookable_online": row.bookable_online,
        "group_id": leader.public_id,
    }
