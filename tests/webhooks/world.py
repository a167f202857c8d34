"""A restaurant with room for a few hundred bookings, at the real clock (the worker's)."""

import datetime as dt
import itertools

from django.utils import timezone

from tests.factories import FloorPlanFactory, RestaurantFactory, SectionFactory, ShiftFactory, TableFactory

TABLES = 40
SLOTS = [dt.time(h, m) for h in range(12, 22) for m in (0, 30)]


def big_restaurant(**fields):
    restaurant = RestaurantFactory(write_burst=100_000, write_per_second=10_000.0, **fields)
    plan = FloorPlanFactory(restaurant=restaurant)
    section = SectionFactory(floor_plan=plan, name="Salle")
    for i in range(TABLES):
        TableFactory(section=section, name=f"T{i}", min_capacity=1, max_capacity=4, position=i)
    ShiftFactory(
        floor_plan=plan, name="All day", start_time=dt.time(12, 0), end_time=dt.time(22, 0), seating_minutes=30
    )
    return restaurant


def booking_bodies(first_day_offset: int = 2):
    """Endless distinct bookings: every slot of every table of day after day, a new guest each."""
    today = timezone.localdate()
    for n in itertools.count():
        day, rest = divmod(n, TABLES * len(SLOTS))
        slot = SLOTS[rest // TABLES]
        yield {
            "service_date": (today + dt.timedelta(days=first_day_offset + day)).isoformat(),
            "start_time": slot.strftime("%H:%M"),
            "party_size": 2,
            "guest": {"first_name": "Guest", "last_name": f"N{n}", "email": f"guest{n}@example.com"},
        }
