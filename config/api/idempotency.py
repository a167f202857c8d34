"""Idempotent writes (decisions.md).

The first successful (2xx) response to a key is stored in PostgreSQL in the same
transaction as the write it answers, so either both commit or neither does. A
per-key advisory lock makes a concurrent duplicate wait for the first request
and then replay its response: never a second booking. Refusals (4xx) and
errors (5xx) change nothing and are not remembered, so a key can be resent,
for example with an `override`.
"""

import datetime as dt
import hashlib
import json
from collections.abc import Callable

from django.db import connection, transaction
from django.http import HttpResponse
from django.utils import timezone
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from apikeys.models import IdempotencyRecord
from config.api.errors import ApiError, Unprocessable

MAX_KEY_LENGTH = 255
RETENTION = dt.timedelta(hours=72)
LOCK_WAIT = "10s"
REPLAYED_HEADER = "Idempotent-Replayed"
# Response headers worth replaying beside the body.
REPLAYED_HEADERS = ("Location",)
# advisory lock class of idempotency keys (see reservations.services.locking for the others)
LOCK_CLASS = 7301


def validate_key(key: str | None, required: bool) -> str | None:
    if key is None:
        if required:
            raise ApiError(
                "This request needs an `Idempotency-Key` header.",
                code="idempotency_key_invalid",
                param="Idempotency-Key",
            )
        return None
    if len(key) > MAX_KEY_LENGTH:
        raise ApiError(
            "`Idempotency-Key` is longer than 255 characters.",
            code="idempotency_key_invalid",
            param="Idempotency-Key",
        )
    if not key or any(ord(char) < 32 or ord(char) == 127 for char in key):
        raise ApiError(
            "`Idempotency-Key` is empty or contains control characters.",
            code="idempotency_key_invalid",
            param="Idempotency-Key",
        )
    return key


def fingerprint(method: str, path: str, body: dict, ignored: frozenset[str]) -> str:
    """What a key identifies: method, path and body, minus the fields that may change on retry."""
    kept = {name: value for name, value in body.items() if name not in ignored}
    canonical = json.dumps([method, path, kept], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _lock(restaurant_id: int, key: str) -> None:
    digest = int.from_bytes(hashlib.sha256(f"{restaurant_id}:{key}".encode()).digest()[:4], "big", signed=True)
    with connection.cursor() as cursor:
        # One round trip: the wait limit for this transaction, then the lock.
        cursor.execute(
            "SELECT set_config('lock_timeout', %s, true), pg_advisory_xact_lock(%s, %s)",
            [LOCK_WAIT, LOCK_CLASS, digest],
        )


def _replay(record: IdempotencyRecord) -> HttpResponse:
    response = HttpResponse(bytes(record.body), status=record.status_code, content_type="application/json")
    for name, value in record.headers.items():
        response[name] = value
    response[REPLAYED_HEADER] = "true"
    return response


def run_idempotently(
    request,
    *,
    restaurant,
    body: dict,
    required: bool,
    ignored_fields: frozenset[str] = frozenset({"override"}),
    execute: Callable[[], Response],
) -> HttpResponse:
    """Run `execute` once per key; a retry replays the first success verbatim."""
    key = validate_key(request.headers.get("Idempotency-Key"), required)
    if key is None:
        with transaction.atomic():
            return execute()
    request_fingerprint = fingerprint(request.method, request.path, body, ignored_fields)
    with transaction.atomic():
        _lock(restaurant.pk, key)
        record = (
            IdempotencyRecord.objects.filter(restaurant=restaurant, key=key)
            .only("fingerprint", "status_code", "body", "headers", "created_at")
            .first()
        )
        if record is not None and record.created_at < timezone.now() - RETENTION:
            record.delete()
            record = None
        if record is not None:
            if record.fingerprint != request_fingerprint:
                raise Unprocessable(
                    "This Idempotency-Key was used with a different request.",
                    code="idempotency_key_reused",
                    param="Idempotency-Key",
                )
            return _replay(record)
        response = execute()
        if 200 <= response.status_code < 300:
            headers = {name: response[name] for name in REPLAYED_HEADERS if response.has_header(name)}
            IdempotencyRecord.objects.create(
                restaurant=restaurant,
                key=key,
                fingerprint=request_fingerprint,
                status_code=response.status_code,
                body=JSONRenderer().render(response.data),
                headers=headers,
            )
        return response


def purge_expired() -> int:
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=timezone.now() - RETENTION).delete()
    return deleted
