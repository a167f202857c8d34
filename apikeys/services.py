"""Writes of API access: minting and revoking keys, back-office memberships."""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from apikeys.models import DEFAULT_SCOPES, MAX_LIVE_KEYS, SCOPES, ApiKey
from apikeys.secrets import generate_secret, hash_secret
from config.api.versions import LATEST_VERSION, VERSIONS
from reservations.models import Restaurant
from reservations.services.locking import lock_restaurant


class KeyMintError(Exception):
    """A key cannot be minted as asked; the message says why."""


@dataclass(frozen=True)
class MintedKey:
    key: ApiKey
    secret: str  # shown once, never stored


def validate_scopes(scopes: list[str]) -> list[str]:
    unknown = [scope for scope in scopes if scope not in SCOPES]
    if unknown:
        raise KeyMintError(f"Unknown scope(s): {', '.join(unknown)}.")
    if not scopes:
        raise KeyMintError("A key needs at least one scope.")
    if "reservations:write:override" in scopes and "reservations:write" not in scopes:
        raise KeyMintError("reservations:write:override needs reservations:write beside it.")
    return sorted(set(scopes), key=SCOPES.index)


def mint_key(
    *,
    restaurant: Restaurant,
    name: str,
    scopes: list[str] | None = None,
    api_version: str = LATEST_VERSION,
    created_by=None,
) -> MintedKey:
    """Create a key and return its full secret, which exists nowhere else afterwards."""
    scopes = validate_scopes(list(DEFAULT_SCOPES) if scopes is None else list(scopes))
    if api_version not in VERSIONS:
        raise KeyMintError(f"Unknown API version {api_version}.")
    if not name.strip():
        raise KeyMintError("A key needs a name.")
    with transaction.atomic():
        lock_restaurant(restaurant.pk)
        live = ApiKey.objects.filter(restaurant=restaurant, revoked_at__isnull=True).count()
        if live >= MAX_LIVE_KEYS:
            raise KeyMintError(f"A restaurant holds at most {MAX_LIVE_KEYS} live keys; revoke one first.")
        secret = generate_secret()
        key = ApiKey.objects.create(
            restaurant=restaurant,
            name=name.strip(),
            scopes=scopes,
            api_version=api_version,
            secret_hash=hash_secret(secret),
            last4=secret[-4:],
            created_by=created_by,
        )
    return MintedKey(key=key, secret=secret)


def revoke_key(*, key: ApiKey) -> ApiKey:
    if key.revoked_at is None:
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
    return key
