"""Bearer API-key authentication: the key resolves to exactly one restaurant."""

from dataclasses import dataclass

from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication

from apikeys.models import ApiKey
from apikeys.secrets import hash_secret
from reservations.models import Restaurant


@dataclass(frozen=True)
class ApiClient:
    """Who is calling: a live key and its restaurant. Stands in for `request.user`."""

    key: ApiKey
    restaurant: Restaurant

    @property
    def scopes(self) -> frozenset[str]:
        return frozenset(self.key.scopes)

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
        if not token:
            raise exceptions.AuthenticationFailed()
        key = (
            ApiKey.objects.select_related("restaurant")
            .filter(secret_hash=hash_secret(token), revoked_at__isnull=True)
            .first()
        )
        if key is None:
            raise exceptions.AuthenticationFailed()
        return ApiClient(key=key, restaurant=key.restaurant), key

    def authenticate_header(self, request) -> str:
        return self.keyword
