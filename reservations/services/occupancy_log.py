"""Pruning the occupancy log (reservations.models.occupancy_log): its rows serve only the kept
occupancies of the last CARRY_SECONDS, so rows older than PRUNE_AFTER go."""

from django.utils import timezone

from reservations.models import OccupancyChange
from reservations.models.occupancy_log import PRUNE_AFTER


def prune_occupancy_changes() -> int:
    """Delete the log's rows older than PRUNE_AFTER; returns how many went."""
    deleted, _ = OccupancyChange.objects.filter(logged_at__lt=timezone.now() - PRUNE_AFTER).delete()
    return deleted
