"""Idempotent writes (decisions.md, docs/api-decisions.md).

The first successful (2xx) response to a key is stored in PostgreSQL in the same
transaction as the write it answers, so either both commit or neither does. A
per-key advisory lock makes a concurrent duplicate wait for the first request
and then replay its response: never a second booking. Refusals (4xx) and
errors (5xx) change nothing and are not remembered, so a key can be resent,
for example with an `override`.

What a key identifies: method, path, the query string (`expand`) and the body,
less the fields that may change on a retry (`override`, a hold's `expires_at`).

A replay carries the status, the headers and the body as first answered, and
leaves through the same guest-data gating as a fresh answer (ApiViewSet), so it
never shows a key more than that key could read.

The records live in the app named by the IDEMPOTENCY_STORE setting; this module
only needs its four operations.
"""

import datetime as dt
import hashlib
import json
from collections.abc import Callable
from functools import cache

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string
from rest_framework.response import Response

from config.api.errors import ApiError, Unprocessable
from config.api.renderers import FastJSONRenderer
from config.postgresql import deferred
from config.postgresql.prepared import Statement
from config.postgresql.round_trip import Part, run

MAX_KEY_LENGTH = 255
RETENTION = dt.timedelta(hours=72)
LOCK_WAIT = "10s"
REPLAYED_HEADER = "Idempotent-Replayed"
# Response headers worth replaying beside the body.
REPLAYED_HEADERS = ("Location",)
# advisory lock class of idempotency keys (the restaurant locks use the one-bigint form)
LOCK_CLASS = 7301


@cache
def store():
    """The record store (apikeys.idempotency.DatabaseStore): find, forget, remember, purge."""
    return import_string(settings.IDEMPOTENCY_STORE)()


def _invalid(message: str) -> ApiError:
    return ApiError(message, code="idempotency_key_invalid", param="Idempotency-Key")


def is_control(char: str) -> bool:
    code = ord(char)
    return code < 32 or 127 <= code <= 159  # C0, DEL and C1


def validate_key(key: str | None, required: bool) -> str | None:
    if key is None:
        if required:
            raise _invalid("This request needs an `Idempotency-Key` header.")
        return None
    if len(key) > MAX_KEY_LENGTH:
        raise _invalid("`Idempotency-Key` is longer than 255 characters.")
    if not key or any(is_control(char) for char in key):
        raise _invalid("`Idempotency-Key` is empty or contains control characters.")
    return key


def fingerprint(method: str, path: str, query: dict, body: dict, ignored: frozenset[str]) -> str:
    """What a key identifies: method, path, query and body, minus the fields that may change on retry."""
    kept = {name: value for name, value in body.items() if name not in ignored}
    canonical = json.dumps([method, path, query, kept], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


LOCK = Statement("idempotency_lock", "SELECT set_config('lock_timeout', %s, true), pg_advisory_xact_lock(%s, %s)")


def _key_lock(restaurant_id: int, key: str) -> Part:
    """The wait limit for this transaction, then the key's lock: one statement."""
    digest = hashlib.sha256(f"{restaurant_id}:{key}".encode("utf-8", "surrogatepass")).digest()
    return Part(LOCK.sql(), (LOCK_WAIT, LOCK_CLASS, int.from_bytes(digest[:4], "big", signed=True)))


def _lock_and_find(records, restaurant_id: int, key: str):
    """Take the key's lock, then read its record. A store that can run a statement before its read
    (`find_after`) does both in one round trip: two statements, so the read sees what a
    concurrent first request committed while this one waited for the lock."""
    find_after = getattr(records, "find_after", None)
    if find_after is not None:
        return find_after(restaurant_id, key, _key_lock(restaurant_id, key))
    run(_key_lock(restaurant_id, key))
    return records.find(restaurant_id, key)


def _replay(record) -> Response:
    response = Response(json.loads(bytes(record.body)), status=record.status_code)
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
) -> Response:
    """Run `execute` once per key; a retry replays the first success."""
    key = validate_key(request.headers.get("Idempotency-Key"), required)
    if key is None:
        with transaction.atomic(), deferred.batch():
            return execute()
    query = dict(request.GET.items())
    request_fingerprint = fingerprint(request.method, request.path, query, body, ignored_fields)
    records = store()
    # The batch: the change's outbox rows ride on the record's INSERT (config.postgresql.deferred).
    with transaction.atomic(), deferred.batch():
        record = _lock_and_find(records, restaurant.pk, key)
        if record is not None and record.created_at < timezone.now() - RETENTION:
            records.forget(restaurant.pk, key)
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
            records.remember(
                restaurant.pk,
                key,
                fingerprint=request_fingerprint,
                status_code=response.status_code,
                body=FastJSONRenderer().render(response.data),
                headers=headers,
            )
        return response


def purge_expired() -> int:
    return store().purge(timezone.now() - RETENTION)
