"""Writes to a restaurant's booking policy that other parts must hear about."""

from django.db.models import F

from config.postgresql.prepared import Statement
from config.postgresql.round_trip import Part
from reservations.models import Restaurant


def bump_availability_version(restaurant_id: int, *, policy_changed: bool = True) -> None:
    """Mark cached availability answers (ETags) of the restaurant as stale.

    Call after any change that can alter availability. Policy edits (restaurant,
    floor plans, shifts, closures, day notes, blocks...) keep the default and also
    invalidate the engine's cached policy; booking and hold writes pass
    `policy_changed=False`.
    """
    changes = {"availability_version": F("availability_version") + 1}
    if policy_changed:
        changes["policy_version"] = F("policy_version") + 1
    Restaurant.objects.filter(pk=restaurant_id).update(**changes)


BUMP = Statement(
    "bump_availability_version",
    f'UPDATE "{Restaurant._meta.db_table}" SET "availability_version" = "availability_version" + 1 WHERE "id" = %s',
)


def availability_bump(restaurant_id: int) -> Part:
    """`bump_availability_version(..., policy_changed=False)` as a part of a round trip
    (config.postgresql.round_trip), for a caller that sends it with others (the booking step)."""
    return Part(BUMP.sql(), (restaurant_id,))
