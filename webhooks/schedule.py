"""The retry schedule (docs/decisions: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).

The delay before attempt n+1 after attempt n failed is `delays()[n-1]`; once every delay is
used, the delivery has failed. Stored on the row as `next_attempt_at`, never as a Celery ETA.
`WEBHOOK_RETRY_DELAYS` (seconds) replaces it, for tests that cannot wait hours.
"""

import datetime as dt

from django.conf import settings

DEFAULT_DELAYS = (0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600)
# An endpoint failing this long (no success in between) is disabled and its owners told.
DISABLE_AFTER = dt.timedelta(days=3)
# A rotated secret keeps signing beside the new one this long.
ROTATION_OVERLAP = dt.timedelta(hours=24)


def delays() -> tuple[int, ...]:
    return tuple(getattr(settings, "WEBHOOK_RETRY_DELAYS", None) or DEFAULT_DELAYS)


def next_attempt(attempts_made: int, now: dt.datetime) -> dt.datetime | None:
    """When to try again after `attempts_made` failed attempts; None once the schedule is used up."""
    schedule = delays()
    if attempts_made > len(schedule):
        return None
    return now + dt.timedelta(seconds=schedule[attempts_made - 1])
