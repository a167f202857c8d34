"""Writes of API access: minting and revoking keys, back-office memberships."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from apikeys.models import DEFAULT_SCOPES, MAX_LIVE_KEYS, SCOPES, ApiKey, Membership, Role
from apikeys.secrets import generate_secret, hash_secret
from config.versions import LATEST_VERSION, VERSIONS
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


class MembershipError(Exception):
    """A staff change the restaurant cannot take; the message says why."""


def add_member(*, restaurant: Restaurant, username: str, role: str, email: str = "", password: str | None = None):
    """Give a person a role at a restaurant, creating their back-office account when new.

    An existing account keeps its password; it becomes staff if it was not.
    """
    user_model = get_user_model()
    with transaction.atomic():
        user = user_model._default_manager.filter(username=username).first()
        if user is None:
            if not password:
                raise MembershipError("A new account needs a password.")
            user = user_model._default_manager.create_user(
                username=username, email=email, password=password, is_staff=True
            )
        elif not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        if Membership.objects.filter(user=user, restaurant=restaurant).exists():
            raise MembershipError("This person already has a role at this restaurant.")
        return Membership.objects.create(user=user, restaurant=restaurant, role=role)


def ensure_an_owner_remains(membership: Membership, new_role: str | None) -> None:
    """A restaurant keeps at least one owner: its last one is neither demoted nor removed.

    A check for forms; the writes below repeat it under the restaurant's lock, so two
    owners demoting each other at once cannot both succeed."""
    if membership.pk is None or membership.role != Role.OWNER or new_role == Role.OWNER:
        return
    others = Membership.objects.filter(restaurant_id=membership.restaurant_id, role=Role.OWNER)
    if not others.exclude(pk=membership.pk).exists():
        raise MembershipError("A restaurant keeps at least one owner.")


def change_role(*, membership: Membership, role: str) -> Membership:
    """Give a member another role; the restaurant's last owner keeps theirs."""
    with transaction.atomic():
        lock_restaurant(membership.restaurant_id)
        membership = Membership.objects.get(pk=membership.pk)
        ensure_an_owner_remains(membership, role)
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def remove_member(*, membership: Membership) -> None:
    """Take a person's role at a restaurant away; its last owner stays."""
    with transaction.atomic():
        lock_restaurant(membership.restaurant_id)
        membership = Membership.objects.get(pk=membership.pk)
        ensure_an_owner_remains(membership, None)
        membership.delete()
