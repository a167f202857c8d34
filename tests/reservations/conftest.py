import datetime as dt
from dataclasses import dataclass

import pytest
import time_machine

from tests.factories import FloorPlanFactory, SectionFactory, ShiftFactory, TableFactory

# Tests in this folder run at a fixed instant: Tuesday 2026-12-01 10:00 in Paris.
NOW = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
DAY = "2026-12-05"


@dataclass
class Bistro:
    restaurant: object
    plan: object
    section: object
    tables: list
    shift: object


@pytest.fixture
def clock():
    with time_machine.travel(NOW, tick=True) as traveller:
        yield traveller


@pytest.fixture
def bistro(restaurant, clock) -> Bistro:
    """One section of three tables (2, 4, 6 seats), dinner 19:00-22:00 every 30 minutes, 2 h seatings."""
    plan = FloorPlanFactory(restaurant=restaurant)
    section = SectionFactory(floor_plan=plan, name="Salle")
    tables = [
        TableFactory(section=section, name="T2", min_capacity=1, max_capacity=2, position=1),
        TableFactory(section=section, name="T4", min_capacity=2, max_capacity=4, position=2),
        TableFactory(section=section, name="T6", min_capacity=4, max_capacity=6, position=3),
    ]
    shift = ShiftFactory(floor_plan=plan)
    # Tests book more than the default write burst of 20; the rate limit is tested elsewhere.
    restaurant.write_burst, restaurant.write_per_second = 10_000, 1_000.0
    restaurant.save(update_fields=["write_burst", "write_per_second"])
    return Bistro(restaurant, plan, section, tables, shift)


@pytest.fixture
def no_guests(restaurant, make_client):
    """Every scope but `guests:read`."""
    return make_client(restaurant, ["reservations:read", "reservations:write", "reservations:write:override"])


@pytest.fixture
def writer(restaurant, make_client):
    """Read and write, without the override scope nor `guests:read`."""
    return make_client(restaurant, ["reservations:read", "reservations:write"])


@pytest.fixture
def reader(restaurant, make_client):
    return make_client(restaurant, ["reservations:read"])


def booking_body(**overrides) -> dict:
    body = {
        "service_date": DAY,
        "start_time": "19:30",
        "party_size": 2,
        "guest": {"first_name": "Alice", "last_name": "Martin", "email": "alice@example.com"},
    }
    body.update(overrides)
    return body
