"""Writes of API access: minting and revoking keys, back-office memberships."""

import datetime as dt
import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from apikeys.models import DEFAULT_SCOPES, MAX_LIVE_KEYS, SCOPES, ApiKey, Invitation, Membership, Role
from apikeys.secrets import generate_secret, hash_secret
from config.error_codes import ErrorCode, register
from config.exceptions import Refused
from config.ids import random_token
from config.locking import lock_restaurant
from config.versions import LATEST_VERSION, VERSIONS


class KeyMintError(Refused):
    """A key cannot be minted as asked; the message says why."""

    code = "key_not_minted"


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
    restaurant,
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


class MembershipError(Refused):
    """A staff change the restaurant cannot take; the message says why."""

    code = "staff_change_refused"


register(
    ErrorCode(
        "key_not_minted",
        422,
        "A key cannot be minted as asked (scopes, name, ten live keys).",
        "The message says what to change.",
        group="staff",
    ),
    ErrorCode(
        "staff_change_refused",
        422,
        "A staff change the restaurant cannot take (its last owner, an invitation no longer valid).",
        "The message says why.",
        group="staff",
    ),
)


INVITATION_LIFETIME = dt.timedelta(days=7)


@dataclass(frozen=True)
class SentInvitation:
    invitation: Invitation
    link: str  # carries the token, which exists nowhere else


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def invitation_link(token: str) -> str:
    return f"{settings.BASE_URL}/staff/invitations/{token}"


def _send_invitation(invitation: Invitation, link: str) -> None:
    body = render_to_string("emails/staff_invitation.txt", {"invitation": invitation, "link": link})
    subject = f"You are invited to the back office of {invitation.restaurant.name}"
    transaction.on_commit(lambda: send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [invitation.email]))


def invite_member(*, restaurant, email: str, role: str, invited_by=None) -> SentInvitation:
    """Invite a person, by e-mail, to a role at the restaurant. Whether they already have an
    account changes nothing here: they accept through the link, logged in or signing up."""
    if role not in Role.values:
        raise MembershipError(f"Unknown role {role}.")
    token = random_token(40)
    invitation = Invitation.objects.create(
        restaurant=restaurant,
        email=email.strip().lower(),
        role=role,
        token_hash=_token_hash(token),
        invited_by=invited_by,
        expires_at=timezone.now() + INVITATION_LIFETIME,
    )
    link = invitation_link(token)
    _send_invitation(invitation, link)
    return SentInvitation(invitation=invitation, link=link)


def resend_invitation(*, invitation: Invitation) -> SentInvitation:
    """A fresh link (the old one stops working) and a fresh week, e-mailed again."""
    if invitation.accepted_at is not None:
        raise MembershipError("This invitation was already accepted.")
    token = random_token(40)
    invitation.token_hash = _token_hash(token)
    invitation.expires_at = timezone.now() + INVITATION_LIFETIME
    invitation.save(update_fields=["token_hash", "expires_at"])
    link = invitation_link(token)
    _send_invitation(invitation, link)
    return SentInvitation(invitation=invitation, link=link)


def open_invitation(token: str) -> Invitation | None:
    """The invitation a link names, while it can still be accepted."""
    invitation = (
        Invitation.objects.select_related("restaurant")
        .filter(token_hash=_token_hash(token), accepted_at__isnull=True, expires_at__gt=timezone.now())
        .first()
    )
    return invitation


def accept_invitation(*, token: str, user) -> Membership:
    """The logged-in person takes the role the link offers."""
    with transaction.atomic():
        invitation = open_invitation(token)
        if invitation is None:
            raise MembershipError("This invitation is no longer valid.")
        lock_restaurant(invitation.restaurant_id)
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.accepted_at is not None:
            raise MembershipError("This invitation is no longer valid.")
        if Membership.objects.filter(user=user, restaurant_id=invitation.restaurant_id).exists():
            raise MembershipError("You already have a role at this restaurant.")
        if not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        membership = Membership.objects.create(user=user, restaurant_id=invitation.restaurant_id, role=invitation.role)
        invitation.accepted_at, invitation.accepted_by = timezone.now(), user
        invitation.save(update_fields=["accepted_at", "accepted_by"])
    return membership


def sign_up_and_accept(*, token: str, username: str, password: str) -> Membership:
    """A person without an account makes one (the password rules apply) and takes the role."""
    user_model = get_user_model()
    with transaction.atomic():
        invitation = open_invitation(token)
        if invitation is None:
            raise MembershipError("This invitation is no longer valid.")
        if user_model._default_manager.filter(username=username).exists():
            raise MembershipError("This username is taken; log in instead, or choose another.")
        candidate = user_model(username=username, email=invitation.email)
        try:
            password_validation.validate_password(password, candidate)
        except ValidationError as error:
            raise MembershipError(" ".join(error.messages)) from error
        user = user_model._default_manager.create_user(
            username=username, email=invitation.email, password=password, is_staff=True
        )
        return accept_invitation(token=token, user=user)


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


def password_reset_link(user) -> str:
    """A link that lets `user` choose a new password (Django's token: it stops working once the
    password changes, or after PASSWORD_RESET_TIMEOUT)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return f"{settings.BASE_URL}/staff/password/{uid}/{token}/"


def send_password_reset(*, membership: Membership) -> str:
    """E-mail a staff member a link to choose a new password (asked by an owner of one of their
    restaurants); returns the link (for the support command). The old password keeps working
    until the new one is set."""
    user = membership.user
    if not user.email:
        raise MembershipError(f"{user.get_username()} has no e-mail address to send the link to.")
    if not user.is_active:
        raise MembershipError(f"{user.get_username()}'s account is disabled.")
    link = password_reset_link(user)
    body = render_to_string(
        "emails/staff_password_reset.txt", {"user": user, "restaurant": membership.restaurant, "link": link}
    )
    subject = f"Choose a new password for the back office of {membership.restaurant.name}"
    transaction.on_commit(lambda: send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email]))
    return link
