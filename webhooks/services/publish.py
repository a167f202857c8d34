"""The one way an app announces a change: `publish(...)` inside the transaction that made it."""

from datetime import datetime

from django.utils import timezone

from config.postgresql import deferred
from webhooks import doorbell
from webhooks.models import Event
from webhooks.types import EVENT_TYPES

_DECLARED = frozenset(EVENT_TYPES)


def publish(
    restaurant_id: int,
    type: str,
    snapshot: dict,
    *,
    previous_attributes: dict | None = None,
    extra: dict | None = None,
    created: datetime | None = None,
) -> Event:
    """Write the event row; it commits or rolls back with the caller's change.

    `snapshot` is the resource as a full-access key reads it (deliveries carry guest data in full).
    `extra` adds keys beside `object` in `data` (for example `merged_guest_id`).
    `created` is the instant the event happened when that is not now (a lapse found by a sweep).
    `type` is one of webhooks.types.EVENT_TYPES: anything else is a programming error (a misspelt
    type would be delivered to every `*` endpoint), refused before anything is written.
    """
    if type not in _DECLARED:
        raise ValueError(f"Unknown webhook event type {type!r}: declare it in webhooks/types.py")
    data = {"object": snapshot, **(extra or {})}
    if previous_attributes is not None:
        data["previous_attributes"] = previous_attributes
    event = Event(
        restaurant_id=restaurant_id,
        type=type,
        subject=snapshot.get("id", ""),
        data=data,
        created=created or timezone.now(),
    )
    deferred.insert(event)  # nothing reads it back in the change's request
    # Once the change commits, the worker fans the event out to the endpoints that want it.
    doorbell.ring_on_commit()
    return event
