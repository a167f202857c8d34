"""Reads of the webhooks app."""

import datetime as dt

from webhooks.models import Delivery, DeliveryStatus, Endpoint, Event
from webhooks.secrets import decrypt


def signing_secrets(endpoint: Endpoint, now: dt.datetime) -> list[str]:
    """The secrets that sign a delivery now: the current one, and the previous one during its overlap."""
    secrets = [decrypt(endpoint.secret_encrypted)]
    if (
        endpoint.previous_secret_encrypted
        and endpoint.previous_secret_expires_at
        and now < endpoint.previous_secret_expires_at
    ):
        secrets.append(decrypt(endpoint.previous_secret_encrypted))
    return secrets


def current_secret(endpoint: Endpoint) -> str:
    return decrypt(endpoint.secret_encrypted)


def endpoints_of(restaurant_id: int):
    return Endpoint.objects.filter(restaurant_id=restaurant_id).order_by("created_at", "id")


def get_endpoint(restaurant_id: int, public_id: str) -> Endpoint | None:
    return endpoints_of(restaurant_id).filter(public_id=public_id).first()


def due_deliveries(endpoint_id: int, now: dt.datetime, limit: int):
    return list(
        Delivery.objects.filter(endpoint_id=endpoint_id, status=DeliveryStatus.PENDING, next_attempt_at__lte=now)
        .select_related("event")
        .order_by("event_id", "id")[:limit]
    )


def has_due(endpoint_id: int, now: dt.datetime) -> bool:
    return Delivery.objects.filter(
        endpoint_id=endpoint_id, status=DeliveryStatus.PENDING, next_attempt_at__lte=now
    ).exists()


def endpoints_due(endpoint_ids, now: dt.datetime) -> set[int]:
    """Which of these endpoints have a delivery due."""
    if not endpoint_ids:
        return set()
    return set(
        Delivery.objects.filter(
            endpoint_id__in=list(endpoint_ids), status=DeliveryStatus.PENDING, next_attempt_at__lte=now
        )
        .values_list("endpoint_id", flat=True)
        .distinct()
    )


def endpoints_with_due_deliveries(now: dt.datetime, among=None) -> list[tuple[int, bool]]:
    """(endpoint id, failing?) of every enabled endpoint with a delivery due (of `among` when given)."""
    due = Delivery.objects.filter(status=DeliveryStatus.PENDING, next_attempt_at__lte=now, endpoint__enabled=True)
    if among is not None:
        due = due.filter(endpoint_id__in=list(among))
    rows = due.values_list("endpoint_id", "endpoint__failing_since").distinct().order_by("endpoint_id")
    return [(pk, failing is not None) for pk, failing in rows]


def has_undispatched_events() -> bool:
    return Event.objects.filter(dispatched_at__isnull=True).exists()


def event_deliveries(event: Event):
    return Delivery.objects.filter(event=event).select_related("endpoint").order_by("id")
