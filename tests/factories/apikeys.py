"""Factories of the apikeys app: partners' API keys, back-office users and their memberships."""

import datetime as dt
import hashlib

import factory
from django.conf import settings
from django.utils import timezone

from apikeys.models import DEFAULT_SCOPES, ApiKey, Invitation, Membership, Role, Scope
from apikeys.secrets import generate_secret, hash_secret
from config.ids import random_token

ALL_SCOPES = [Scope.READ.value, Scope.WRITE.value, Scope.OVERRIDE.value, Scope.GUESTS.value]
# The password of every back-office user the factory makes, unless a test gives another.
PASSWORD = "correct horse battery staple"


class ApiKeyFactory(factory.django.DjangoModelFactory):
    """A live key; the secret the model never stores is on the instance: `key.secret`.

    `ApiKeyFactory(secret="sk_live_...")` makes the key of a chosen secret.
    """

    class Meta:
        model = ApiKey

    restaurant = factory.SubFactory("tests.factories.reservations.RestaurantFactory")
    name = factory.Sequence(lambda n: f"Key {n}")
    scopes = factory.LazyFunction(lambda: list(DEFAULT_SCOPES))
    secret = factory.LazyFunction(generate_secret)
    secret_hash = factory.LazyAttribute(lambda key: hash_secret(key.secret))
    last4 = factory.LazyAttribute(lambda key: key.secret[-4:])

    @classmethod
    def _build(cls, model_class, *args, secret, **kwargs):
        key = super()._build(model_class, *args, **kwargs)
        key.secret = secret
        return key

    @classmethod
    def _create(cls, model_class, *args, secret, **kwargs):
        key = super()._create(model_class, *args, **kwargs)
        key.secret = secret
        return key


def make_key(restaurant, scopes=None, name="Test key", **extra) -> tuple[ApiKey, str]:
    """A live key and its secret (the keys the tests authenticate with)."""
    if scopes is not None:
        extra["scopes"] = list(scopes)
    key = ApiKeyFactory(restaurant=restaurant, name=name, **extra)
    return key, key.secret


class UserFactory(factory.django.DjangoModelFactory):
    """A back-office (staff) user who can log in with `password` (PASSWORD by default; None
    for an unusable one), made as `create_user` makes it. The `superuser` trait: `create_superuser`."""

    class Meta:
        model = settings.AUTH_USER_MODEL

    class Params:
        superuser = factory.Trait(is_superuser=True)

    username = factory.Sequence(lambda n: f"staff-{n}")
    email = ""
    password = PASSWORD
    is_staff = True

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        manager = cls._get_manager(model_class)
        if kwargs.get("is_superuser"):
            return manager.create_superuser(*args, **kwargs)
        return manager.create_user(*args, **kwargs)


class MembershipFactory(factory.django.DjangoModelFactory):
    """A user's role at a restaurant; the user is a new staff user unless given."""

    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    restaurant = factory.SubFactory("tests.factories.reservations.RestaurantFactory")
    role = Role.OWNER


class InvitationFactory(factory.django.DjangoModelFactory):
    """A pending invitation to a restaurant's back office; its link's token is `invitation.token`."""

    class Meta:
        model = Invitation

    restaurant = factory.SubFactory("tests.factories.reservations.RestaurantFactory")
    email = factory.Sequence(lambda n: f"invited-{n}@example.com")
    role = Role.HOST
    token = factory.LazyFunction(lambda: random_token(40))
    token_hash = factory.LazyAttribute(lambda invitation: hashlib.sha256(invitation.token.encode()).hexdigest())
    expires_at = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(days=7))

    @classmethod
    def _create(cls, model_class, *args, token, **kwargs):
        invitation = super()._create(model_class, *args, **kwargs)
        invitation.token = token
        return invitation
