"""Bearer API-key authentication (REST_FRAMEWORK's DEFAULT_AUTHENTICATION_CLASSES):
the key resolves to exactly one restaurant."""

from dataclasses import dataclass

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication

from apikeys.models import SCOPES, ApiKey
from apikeys.secrets import hash_secret
from apikeys.usage import mark_used
from reservations.models import Restaurant


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
        key = (
            ApiKey.objects.select_related("restaurant")
            .filter(secret_hash=hash_secret(token), revoked_at__isnull=True)
            .first()
        )
        if key is None:
            raise exceptions.AuthenticationFailed()
        mark_used(key.public_id)
        return ApiClient(key=key, restaurant=key.restaurant), key

    def authenticate_header(self, request) -> str:
        return self.keyword


class BearerKeyScheme(OpenApiAuthenticationExtension):
    """`Authorization: Bearer sk_live_...`; the operation's scope is the requirement's role."""

    target_class = ApiKeyAuthentication
    name = "bearerAuth"

    def get_security_requirement(self, auto_schema):
        # config.api.schema.ApiAutoSchema knows the action's scope (not imported: DRF imports this module early).
        required_scope = getattr(auto_schema, "required_scope", None)
        scope = required_scope() if required_scope else None
        return {self.name: [scope] if scope else []}

    def get_security_definition(self, auto_schema):
        scopes = ", ".join(f"`{scope}`" for scope in SCOPES)
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "sk_live_...",
            "description": (
                "`Authorization: Bearer <API_KEY>`. A key belongs to one restaurant, is secret and server-side "
                "only. The roles listed on an operation's security requirement are the scope the key must carry "
                f"({scopes})."
            ),
        }
