"""Bearer API-key authentication (REST_FRAMEWORK's DEFAULT_AUTHENTICATION_CLASSES):
the key resolves to exactly one restaurant.

Keys are looked up through a per-process cache (secret hash -> key and restaurant rows),
so most requests authenticate without a query. An entry is trusted for at most
`API_KEY_CACHE_SECONDS` (1 s) after the query that filled it *started*, so a key revoked
at instant T is refused by every process from T + 1 s at the latest (tested with
several processes in tests/platform/test_key_cache.py); in the process that revokes
(or saves any key or restaurant) the cache is emptied at once. Unknown secrets are
never cached: each costs its query, as before.

The restaurant handed to a request is a private copy of the cached row whose two
version counters (`policy_version`, `availability_version`) are left out: code that
needs them reads them fresh (`reservations.selectors.engine_policy.fresh_versions`,
one small query), and any other access loads them from the database (Django's deferred
fields), so a cached row can never hand out a stale version. Other restaurant settings
(plan, budgets, time zone...) may be up to one second old in other processes.
"""

import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.db.models.base import ModelState
from django.db.models.signals import post_delete, post_save
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication

from apikeys.models import SCOPES, ApiKey
from apikeys.secrets import hash_secret
from apikeys.usage import mark_used
from config.postgresql.prepared import Statement
from config.tenancy import restaurant_model

Restaurant = restaurant_model()

VOLATILE = ("policy_version", "availability_version")
_cache: dict[str, tuple[float, ApiKey, Restaurant]] = {}
_cache_lock = threading.Lock()
_CACHE_LIMIT = 10_000

_KEY_FIELDS = [f for f in ApiKey._meta.concrete_fields]
_RESTAURANT_FIELDS = list(Restaurant._meta.concrete_fields)
# One hand-written query: building it through the ORM cost more CPU than running it.
_LOOKUP = Statement(
    "api_key_lookup",
    "SELECT "
    + ", ".join(f'k."{f.column}"' for f in _KEY_FIELDS)
    + ", "
    + ", ".join(f'r."{f.column}"' for f in _RESTAURANT_FIELDS)
    + f' FROM "{ApiKey._meta.db_table}" k JOIN "{Restaurant._meta.db_table}" r ON r."id" = k."restaurant_id"'
    + ' WHERE k."secret_hash" = %s AND k."revoked_at" IS NULL',
)


def cache_seconds() -> float:
    return float(getattr(settings, "API_KEY_CACHE_SECONDS", 1.0))


def clear_key_cache(**_ignored) -> None:
    """Forget every cached key (this process): on any save or delete of a key or a restaurant."""
    with _cache_lock:
        _cache.clear()


for _model in (ApiKey, Restaurant):
    post_save.connect(clear_key_cache, sender=_model, dispatch_uid=f"apikeys.keycache.save.{_model.__name__}")
    post_delete.connect(clear_key_cache, sender=_model, dispatch_uid=f"apikeys.keycache.delete.{_model.__name__}")


def _load(secret_hash: str) -> tuple[ApiKey, Restaurant] | None:
    with connection.cursor() as cursor:
        cursor.execute(_LOOKUP.sql(), [secret_hash])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    # What the fields convert after the driver (JSON fields, for example), as the ORM would.
    fields = _KEY_FIELDS + _RESTAURANT_FIELDS
    for index, field in enumerate(fields):
        for converter in field.get_db_converters(connection):
            values[index] = converter(values[index], field, connection)
    split = len(_KEY_FIELDS)
    key = ApiKey.from_db(connection.alias, [f.attname for f in _KEY_FIELDS], values[:split])
    restaurant = Restaurant.from_db(connection.alias, [f.attname for f in _RESTAURANT_FIELDS], values[split:])
    return key, restaurant


def _private_copy(instance, leave_out=()):
    """A fresh instance over a copy of the row (requests never share a mutable object); the
    fields of `leave_out` are deferred: loaded from the database if anything reads them."""
    copy = instance.__class__.__new__(instance.__class__)
    copy.__dict__.update(instance.__dict__)
    for name in leave_out:
        copy.__dict__.pop(name, None)
    state = ModelState()
    state.db, state.adding = instance._state.db, False
    copy._state = state
    return copy


def lookup_key(secret_hash: str) -> tuple[ApiKey, Restaurant] | None:
    """The live key with this hash and its restaurant, from the cache when younger than the TTL."""
    ttl = cache_seconds()
    now = time.monotonic()
    entry = _cache.get(secret_hash)
    if entry is None or now - entry[0] >= ttl:
        started = time.monotonic()  # the entry's age counts from before the query that fills it
        loaded = _load(secret_hash)
        if loaded is None:
            with _cache_lock:
                _cache.pop(secret_hash, None)
            return None
        if ttl > 0:
            with _cache_lock:
                if len(_cache) >= _CACHE_LIMIT:
                    _cache.clear()
                _cache[secret_hash] = (started, *loaded)
        key, restaurant = loaded
        return _private_copy(key), _private_copy(restaurant)  # versions read by this very request
    _, key, restaurant = entry
    return _private_copy(key), _private_copy(restaurant, leave_out=VOLATILE)


@dataclass(frozen=True)
class ApiClient:
    """Who is calling: a live key and its restaurant. Stands in for `request.user`; the
    platform (config.api.views) reads `restaurant`, `api_version` and `has_scope`."""

    key: ApiKey
    restaurant: Restaurant

    @property
    def scopes(self) -> frozenset[str]:
        return frozenset(self.key.scopes)

    @property
    def api_version(self) -> str:
        return self.key.api_version

    def has_scope(self, scope: str) -> bool:
        return scope in self.key.scopes

    @property
    def is_authenticated(self) -> bool:
        return True


class ApiKeyAuthentication(BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request):
        header = request.META.get("HTTP_AUTHORIZATION", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer":
            raise exceptions.NotAuthenticated()
        token = token.strip()
        if not token or len(token) > 200:
            raise exceptions.AuthenticationFailed()
        found = lookup_key(hash_secret(token))
        if found is None:
            raise exceptions.AuthenticationFailed()
        key, restaurant = found
        key._state.fields_cache["restaurant"] = restaurant
        mark_used(key.public_id)
        return ApiClient(key=key, restaurant=restaurant), key

    def authenticate_header(self, request) -> str:
        return self.keyword


class BearerKeyScheme(OpenApiAuthenticationExtension):
    """`Authorization: Bearer sk_live_...`. The operation's scope is in its `x-required-scopes`
    (config.api.schema.ApiAutoSchema), not the requirement's role: linters (Spectral) and most
    generators read roles as OAuth scopes, which a bearer scheme has none of."""

    target_class = ApiKeyAuthentication
    name = "bearerAuth"

    def get_security_requirement(self, auto_schema):
        return {self.name: []}

    def get_security_definition(self, auto_schema):
        scopes = ", ".join(f"`{scope}`" for scope in SCOPES)
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "sk_live_...",
            "description": (
                "`Authorization: Bearer <API_KEY>`. A key belongs to one restaurant, is secret and server-side "
                "only. The scope an operation needs is stated in its description and in its `x-required-scopes` "
                f"({scopes})."
            ),
        }
