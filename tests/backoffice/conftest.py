"""Two restaurants with a full policy each, and back-office users of every role.

Everything of restaurant B carries the marker BRAVO in its visible text, so a test
can assert that no page shown to a user of A leaks anything of B.
"""

import datetime as dt
from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from apikeys.models import Membership
from reservations.models import Block, Closure, Combination, DayNote
from tests.factories import (
    CompanyFactory,
    FloorPlanFactory,
    RestaurantFactory,
    SectionFactory,
    ShiftFactory,
    TableFactory,
    make_key,
)

PASSWORD = "correct horse battery staple"


@dataclass
class World:
    """One restaurant's policy objects, by admin model name."""

    restaurant: object
    objects: dict = field(default_factory=dict)


def build_world(label: str) -> World:
    restaurant = RestaurantFactory(name=f"{label} restaurant")
    floor = FloorPlanFactory(restaurant=restaurant, name=f"{label} floor")
    section = SectionFactory(floor_plan=floor, name=f"{label} section")
    table1 = TableFactory(section=section, name=f"{label}-T1", min_capacity=1, max_capacity=2)
    table2 = TableFactory(section=section, name=f"{label}-T2", min_capacity=2, max_capacity=4)
    combination = Combination.objects.create(restaurant=restaurant, floor_plan=floor, min_capacity=3, max_capacity=6)
    combination.tables.set([table1, table2])
    shift = ShiftFactory(floor_plan=floor, name=f"{label} dinner")
    closure = Closure.objects.create(
        restaurant=restaurant, name=f"{label} closure", start_date=dt.date(2026, 12, 24), end_date=dt.date(2026, 12, 26)
    )
    day_note = DayNote.objects.create(restaurant=restaurant, date=dt.date(2026, 12, 31), message=f"{label} note")
    block = Block.objects.create(
        restaurant=restaurant,
        date=dt.date(2026, 12, 5),
        start_time=dt.time(19),
        end_time=dt.time(21),
        reason=f"{label} block",
    )
    block.tables.set([table1])
    company = CompanyFactory(restaurant=restaurant, name=f"{label} company")
    key, _secret = make_key(restaurant, name=f"{label} key")
    return World(
        restaurant=restaurant,
        objects={
            "restaurant": restaurant,
            "floorplan": floor,
            "section": section,
            "table": table1,
            "combination": combination,
            "shift": shift,
            "closure": closure,
            "daynote": day_note,
            "block": block,
            "company": company,
            "apikey": key,
        },
    )


def make_user(username: str, *, restaurant=None, role=None, superuser=False):
    user_model = get_user_model()
    if superuser:
        return user_model.objects.create_superuser(username=username, password=PASSWORD, email="")
    user = user_model.objects.create_user(username=username, password=PASSWORD, is_staff=True)
    if restaurant is not None:
        Membership.objects.create(user=user, restaurant=restaurant, role=role)
    return user


@pytest.fixture
def world_a(db):
    return build_world("ALPHA")


@pytest.fixture
def world_b(db):
    return build_world("BRAVO")


@pytest.fixture
def users(world_a, world_b):
    a, b = world_a.restaurant, world_b.restaurant
    users = {
        "owner": make_user("alpha-owner", restaurant=a, role="owner"),
        "co_owner": make_user("alpha-co-owner", restaurant=a, role="co_owner"),
        "manager": make_user("alpha-manager", restaurant=a, role="manager"),
        "host": make_user("alpha-host", restaurant=a, role="host"),
        "nobody": make_user("alpha-nobody"),
        "owner_b": make_user("bravo-owner", restaurant=b, role="owner"),
        "superuser": make_user("root", superuser=True),
    }
    world_a.objects["membership"] = Membership.objects.get(user=users["owner"])
    world_b.objects["membership"] = Membership.objects.get(user=users["owner_b"])
    return users


@pytest.fixture
def login(users):
    """login(role) -> a test client logged in as that user of restaurant A (or "owner_b", "superuser")."""

    def make(role: str) -> Client:
        client = Client()
        client.force_login(users[role])
        return client

    return make


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
