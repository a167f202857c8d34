"""Two restaurants with a full policy each, and back-office users of every role.

Everything of restaurant B carries the marker BRAVO in its visible text, so a test
can assert that no page shown to a user of A leaks anything of B.
"""

import datetime as dt
from dataclasses import dataclass, field

import pytest
from django.test import Client

from apikeys.models import Membership
from tests.factories import (
    PASSWORD,  # noqa: F401  (every user's password here; the tests import it from this file)
    BlockFactory,
    ClosureFactory,
    CombinationFactory,
    CompanyFactory,
    DayNoteFactory,
    FloorPlanFactory,
    InvitationFactory,
    MembershipFactory,
    RestaurantFactory,
    SectionFactory,
    ShiftFactory,
    TableFactory,
    UserFactory,
    make_key,
)


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
    combination = CombinationFactory(floor_plan=floor, min_capacity=3, max_capacity=6, tables=[table1, table2])
    shift = ShiftFactory(floor_plan=floor, name=f"{label} dinner")
    closure = ClosureFactory(
        restaurant=restaurant, name=f"{label} closure", start_date=dt.date(2026, 12, 24), end_date=dt.date(2026, 12, 26)
    )
    day_note = DayNoteFactory(restaurant=restaurant, date=dt.date(2026, 12, 31), message=f"{label} note")
    block = BlockFactory(
        restaurant=restaurant,
        date=dt.date(2026, 12, 5),
        start_time=dt.time(19),
        end_time=dt.time(21),
        reason=f"{label} block",
        tables=[table1],
    )
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
        "owner": MembershipFactory(user__username="alpha-owner", restaurant=a, role="owner").user,
        "co_owner": MembershipFactory(user__username="alpha-co-owner", restaurant=a, role="co_owner").user,
        "manager": MembershipFactory(user__username="alpha-manager", restaurant=a, role="manager").user,
        "host": MembershipFactory(user__username="alpha-host", restaurant=a, role="host").user,
        "nobody": UserFactory(username="alpha-nobody"),
        "owner_b": MembershipFactory(user__username="bravo-owner", restaurant=b, role="owner").user,
        "superuser": UserFactory(username="root", superuser=True),
    }
    world_a.objects["membership"] = Membership.objects.get(user=users["owner"])
    world_b.objects["membership"] = Membership.objects.get(user=users["owner_b"])
    world_a.objects["invitation"] = InvitationFactory(restaurant=world_a.restaurant, email="alpha-invited@example.com")
    world_b.objects["invitation"] = InvitationFactory(restaurant=world_b.restaurant, email="bravo-invited@example.com")
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
