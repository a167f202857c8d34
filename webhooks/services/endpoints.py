"""Webhook endpoints: every staff action is one function here, used by the back office and
`manage.py webhooks` alike."""

import datetime as dt
import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from config.exceptions import InvalidInput
from config.versions import LATEST_VERSION, VERSIONS
from webhooks.models import Delivery, DeliveryAttempt, DeliveryStatus, Endpoint, Event
from webhooks.schedule import ROTATION_OVERLAP
from webhooks.secrets import encrypt, new_secret
from webhooks.services.delivery import send_now
from webhooks.services.disabling import stop_pending
from webhooks.types import ALL, EVENT_TYPES, TEST_EVENT

MAX_ENDPOINTS = 16
LOOPBACK_NAMES = {"localhost", "localhost.localdomain"}


@dataclass(frozen=True)
class CreatedEndpoint:
    endpoint: Endpoint
    secret: str  # shown to the owner; stored only encrypted


def is_loopback_host(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def clean_url(url: str) -> str:
    """https is required, except for a loopback receiver or with DEBUG on."""
    url = (url or "").strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidInput("Give an absolute http(s) URL.", param="url")
    if parts.username or parts.password:
        raise InvalidInput("A webhook URL carries no user name or password.", param="url")
    if parts.scheme != "https" and not (settings.DEBUG or is_loopback_host(parts.hostname)):
        raise InvalidInput("A webhook URL must use https (http only for a loopback receiver).", param="url")
    if len(url) > 2000:
        raise InvalidInput("A webhook URL has at most 2000 characters.", param="url")
    return url


def clean_events(events) -> list[str]:
    if events in (None, "*"):
        return [ALL]
    events = list(dict.fromkeys(e.strip() for e in events if e and e.strip()))
    if not events:
        raise InvalidInput("Choose the event types to send, or `*` for all.", param="events")
    if ALL in events:
        return [ALL]
    unknown = [e for e in events if e not in EVENT_TYPES]
    if unknown:
        raise InvalidInput(f"Unknown event type: {', '.join(unknown)}.", param="events")
    return events


def clean_version(version: str | None) -> str:
    if version in (None, ""):
        return LATEST_VERSION
    if version not in VERSIONS:
        raise InvalidInput(f"Unknown API version {version}; published: {', '.join(VERSIONS)}.", param="api_version")
    return version


def create_endpoint(
    *, restaurant, url: str, events=None, api_version: str | None = None, description: str = ""
) -> CreatedEndpoint:
    url, events, version = clean_url(url), clean_events(events), clean_version(api_version)
    if Endpoint.objects.filter(restaurant=restaurant).count() >= MAX_ENDPOINTS:
        raise InvalidInput(f"A restaurant has at most {MAX_ENDPOINTS} webhook endpoints.")
    secret = new_secret()
    endpoint = Endpoint.objects.create(
        restaurant=restaurant,
        url=url,
        events=events,
        api_version=version,
        description=(description or "")[:200],
        secret_encrypted=encrypt(secret),
        secret_last4=secret[-4:],
    )
    return CreatedEndpoint(endpoint, secret)


def update_endpoint(*, endpoint: Endpoint, url: str | None = None, events=None, description: str | None = None):
    """Change where an endpoint points or what it wants (its version stays pinned)."""
    if url is not None:
        endpoint.url = clean_url(url)
    if events is not None:
        endpoint.events = clean_events(events)
    if description is not None:
        endpoint.description = description[:200]
    endpoint.save(update_fields=["url", "events", "description", "updated_at"])
    return endpoint


def disable_endpoint(*, endpoint: Endpoint, reason: str = "disabled by hand") -> Endpoint:
    with transaction.atomic():
        Endpoint.objects.filter(pk=endpoint.pk).update(enabled=False, disabled_reason=reason[:200])
        stop_pending(endpoint)
    endpoint.refresh_from_db()
    return endpoint


def enable_endpoint(*, endpoint: Endpoint) -> Endpoint:
    """Back on: events from now on are delivered (the failure clock starts afresh)."""
    Endpoint.objects.filter(pk=endpoint.pk).update(enabled=True, disabled_reason="", failing_since=None)
    endpoint.refresh_from_db()
    return endpoint


def delete_endpoint(*, endpoint: Endpoint) -> str:
    public_id = endpoint.public_id
    endpoint.delete()  # its deliveries and their attempts go with it
    return public_id


def rotate_secret(*, endpoint: Endpoint, now: dt.datetime | None = None) -> CreatedEndpoint:
    """A new secret signs from now on; the old one keeps signing beside it for 24 hours."""
    now = now or timezone.now()
    secret = new_secret()
    with transaction.atomic():
        endpoint = Endpoint.objects.select_for_update().get(pk=endpoint.pk)
        endpoint.previous_secret_encrypted = endpoint.secret_encrypted
        endpoint.previous_secret_expires_at = now + ROTATION_OVERLAP
        endpoint.secret_encrypted = encrypt(secret)
        endpoint.secret_last4 = secret[-4:]
        endpoint.save(
            update_fields=[
                "previous_secret_encrypted",
                "previous_secret_expires_at",
                "secret_encrypted",
                "secret_last4",
                "updated_at",
            ]
        )
    return CreatedEndpoint(endpoint, secret)


def send_test_event(*, endpoint: Endpoint) -> DeliveryAttempt:
    """A `webhook_endpoint.test` event to this endpoint only, sent now; the attempt is recorded."""
    now = timezone.now()
    with transaction.atomic():
        event = Event.objects.create(
            restaurant_id=endpoint.restaurant_id,
            type=TEST_EVENT,
            subject=endpoint.public_id,
            data={"object": {"object": "webhook_endpoint", "id": endpoint.public_id, "url": endpoint.url}},
            created=now,
            dispatched_at=now,  # not fanned out: this endpoint only
        )
        delivery = Delivery.objects.create(
            restaurant_id=endpoint.restaurant_id,
            event=event,
            endpoint=endpoint,
            manual=True,
            status=DeliveryStatus.FAILED,  # until the attempt succeeds; never on the schedule
        )
    delivery.endpoint = endpoint
    return send_now(delivery)


def resend_delivery(*, delivery: Delivery) -> DeliveryAttempt:
    """Send one delivery again now, whatever its state (the same `evt_` id: receivers deduplicate)."""
    if not delivery.endpoint.enabled:
        raise InvalidInput("The endpoint is disabled; enable it first.")
    return send_now(delivery)
