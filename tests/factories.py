"""factory-boy factories shared by every test folder."""

import datetime as dt
import uuid

import factory

from apikeys.models import ApiKey
from apikeys.secrets import generate_secret, hash_secret
from reservations.models import Company, FloorPlan, Restaurant, Section, Shift, Table


class RestaurantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Restaurant

    name = factory.Sequence(lambda n: f"Restaurant {n}")
    slug = factory.LazyFunction(lambda: f"restaurant-{uuid.uuid4().hex[:12]}")
    timezone = "Europe/Paris"
    country = "FR"
    currency = "EUR"
    primary_language = "fr"
    guest_languages = factory.LazyFunction(lambda: ["fr", "en"])
    min_party_size = 1
    max_party_size = 10
    default_party_size = 2
    max_advance_days = 90


class FloorPlanFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FloorPlan

    restaurant = factory.SubFactory(RestaurantFactory)
    name = factory.Sequence(lambda n: f"Floor {n}")


class SectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Section

    floor_plan = factory.SubFactory(FloorPlanFactory)
    restaurant = factory.SelfAttribute("floor_plan.restaurant")
    name = factory.Sequence(lambda n: f"Section {n}")
    area_type = "indoor"


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    section = factory.SubFactory(SectionFactory)
    restaurant = factory.SelfAttribute("section.restaurant")
    name = factory.Sequence(lambda n: str(n))
    min_capacity = 1
    max_capacity = 4


class ShiftFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Shift

    floor_plan = factory.SubFactory(FloorPlanFactory)
    restaurant = factory.SelfAttribute("floor_plan.restaurant")
    name = "Dinner"
    start_time = dt.time(19, 0)
    end_time = dt.time(22, 0)
    slot_interval_minutes = 30
    seating_minutes = 120


class CompanyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Company

    restaurant = factory.SubFactory(RestaurantFactory)
    name = factory.Sequence(lambda n: f"Company {n}")


ALL_SCOPES = ["reservations:read", "reservations:write", "reservations:write:override", "guests:read"]


def make_key(restaurant, scopes=None, name="Test key", **extra) -> tuple[ApiKey, str]:
    """A live key and its secret (the factory of keys the tests authenticate with)."""
    secret = generate_secret()
    key = ApiKey.objects.create(
        restaurant=restaurant,
        name=name,
        scopes=list(scopes) if scopes is not None else ["reservations:read"],
        secret_hash=hash_secret(secret),
        last4=secret[-4:],
        **extra,
    )
    return key, secret
