"""An endpoint failing for three days is disabled and its restaurant's owners are told by e-mail."""

import datetime as dt

from django.db import transaction
from django.utils import timezone

from webhooks.models import Delivery, DeliveryStatus, Endpoint
from webhooks.schedule import DISABLE_AFTER
from webhooks.services import messages

ENDPOINT_DISABLED = "webhooks.endpoint_disabled"
FAILING_REASON = "failing for three days"


def stop_pending(endpoint: Endpoint) -> int:
    """Deliveries still waiting for a disabled or removed endpoint give up."""
    return Delivery.objects.filter(endpoint=endpoint, status=DeliveryStatus.PENDING).update(
        status=DeliveryStatus.FAILED, next_attempt_at=None
    )


def disable_for_failures(*, endpoint: Endpoint, now: dt.datetime | None = None) -> bool:
    """Disable an endpoint that has failed for DISABLE_AFTER with no success; True when it did."""
    now = now or timezone.now()
    with transaction.atomic():
        changed = Endpoint.objects.filter(pk=endpoint.pk, enabled=True, failing_since__lte=now - DISABLE_AFTER).update(
            enabled=False, disabled_reason=FAILING_REASON, updated_at=now
        )
        if not changed:
            return False
        endpoint.enabled, endpoint.disabled_reason = False, FAILING_REASON
        stop_pending(endpoint)
        messages.enqueue(
            restaurant_id=endpoint.restaurant_id,
            handler=ENDPOINT_DISABLED,
            payload={"endpoint_id": endpoint.pk, "since": endpoint.failing_since.isoformat()},
        )
    return True


def disable_failing_endpoints(now: dt.datetime | None = None) -> list[str]:
    """The sweep's part: every enabled endpoint failing for three days (even with nothing left to try)."""
    now = now or timezone.now()
    disabled = []
    for endpoint in Endpoint.objects.filter(enabled=True, failing_since__lte=now - DISABLE_AFTER):
        if disable_for_failures(endpoint=endpoint, now=now):
            disabled.append(endpoint.public_id)
    return disabled
