"""Writes to a restaurant's booking policy that other parts must hear about."""

from django.db.models import F

from reservations.models import Restaurant


def bump_availability_version(restaurant_id: int) -> None:
    """Mark every cached availability answer (ETag) of the restaurant as stale.

    Call after any change that can alter availability: policy, floor plans,
    shifts, closures, day notes, blocks, bookings and holds.
    """
    Restaurant.objects.filter(pk=restaurant_id).update(availability_version=F("availability_version") + 1)
