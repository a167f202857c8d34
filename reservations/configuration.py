"""Facts derived from a restaurant's settings: its today, booking page, default party size, last date."""

import datetime as dt

from django.conf import settings
from django.utils import timezone

from config.formats import zone


def restaurant_today(restaurant) -> dt.date:
    return timezone.now().astimezone(zone(restaurant.timezone)).date()


def booking_page_url(restaurant) -> str:
    return restaurant.booking_page_url or f"{settings.BASE_URL}/book/{restaurant.slug}"


def default_party_size(restaurant) -> int:
    """The suggested size, kept between the online minimum and maximum (either may be absent)."""
    size = restaurant.default_party_size
    if restaurant.max_party_size is not None:
        size = min(size, restaurant.max_party_size)
    if restaurant.min_party_size is not None:
        size = max(size, restaurant.min_party_size)
    return size


def last_service_date(restaurant, today: dt.date) -> dt.date | None:
    if restaurant.max_advance_days is None:
        return None
    return today + dt.timedelta(days=restaurant.max_advance_days)
