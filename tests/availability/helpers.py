"""Rows the availability tests build with the factories, as the write services will leave them;
the requests and fixtures more than one module shares."""

import datetime as dt
import uuid
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from holds.models import Hold
from reservations.models import Reservation, Restaurant
from reservations.selectors import kept_occupancy
from reservations.services.availability_version import bump_availability_version
from tests.factories import (
    FloorPlanFactory,
    HoldFactory,
    ReservationFactory,
    SectionFactory,
    ShiftFactory,
    TableFactory,
)

PARIS = ZoneInfo("Europe/Paris")
NOW = dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)  # 11:00 in Paris, a Tuesday
DATE = dt.date(2026, 12, 5)  # a Saturday
DINNER = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]
FAR = dt.date(2026, 12, 20)  # past any cutoff: the minute does not matter there
AT_SEVEN = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.UTC)  # 19:00 in Paris, the first dinner seating


def local(date: dt.date, text: str) -> dt.datetime:
    hours, minutes = (int(part) for part in text.split(":"))
    return dt.datetime(date.year, date.month, date.day, hours, minutes, tzinfo=PARIS)


class Floor:
    """One floor plan: section A (leader) + A2 (member of A's group), section B; a dinner service.

    Tables: a1 (1-2) and a2 (2-4) in A, a3 (2-4) in A2, b1 (4-6) in B.
    """

    def __init__(self, restaurant, **shift_fields):
        self.restaurant = restaurant
        self.plan = FloorPlanFactory(restaurant=restaurant, name=f"Main {uuid.uuid4().hex[:6]}")
        self.a = SectionFactory(floor_plan=self.plan, name="Salle", position=1)
        self.a2 = SectionFactory(floor_plan=self.plan, name="Salle fond", group_leader=self.a, position=2)
        self.b = SectionFactory(floor_plan=self.plan, name="Terrasse", area_type="terrace", position=3)
        self.a1 = TableFactory(section=self.a, name="A1", min_capacity=1, max_capacity=2)
        self.a2_table = TableFactory(section=self.a, name="A2", min_capacity=2, max_capacity=4)
        self.a3 = TableFactory(section=self.a2, name="A3", min_capacity=2, max_capacity=4)
        self.b1 = TableFactory(section=self.b, name="B1", min_capacity=4, max_capacity=6)
        self.tables = [self.a1, self.a2_table, self.a3, self.b1]
        self.shift = ShiftFactory(floor_plan=self.plan, **shift_fields)


def floor_without_cutoffs(restaurant) -> "Floor":
    """A Floor whose dinner and restaurant have no cutoff: only seating times pass with the clock."""
    Restaurant.objects.filter(pk=restaurant.pk).update(default_cutoff_minutes=None)
    return Floor(restaurant, cutoff_minutes=None)


def unlimited(floor):
    """These tests ask hundreds of questions: the rate limit is tested elsewhere."""
    floor.restaurant.read_burst, floor.restaurant.read_per_second = 100_000, 10_000.0
    floor.restaurant.save(update_fields=["read_burst", "read_per_second"])
    return floor


@pytest.fixture(name="floor")
def carry_floor(restaurant, settings):
    """The `floor` of test_occupancy_carry.py and test_occupancy_log.py, which import it (it overrides
    conftest.py's): no cutoffs, no read rate limit, no answer cache."""
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0  # every answer worked out: what is kept is the occupancy
    kept_occupancy.clear()
    return unlimited(floor_without_cutoffs(restaurant))


def book(
    restaurant,
    tables,
    *,
    date=DATE,
    time="19:00",
    minutes=120,
    size=2,
    status="confirmed",
    shift=None,
    excluded=False,
    bump=True,
) -> Reservation:
    """A booking at `tables`, with their allocations while it occupies them (the write services
    delete them when a booking ends)."""
    booking = ReservationFactory(
        restaurant=restaurant,
        shift=shift,
        status=status,
        party_size=size,
        service_date=date,
        at=dt.time.fromisoformat(time),
        minutes=minutes,
        guest__first_name="Ada",
        guest__last_name="Lovelace",
        excluded_from_shift_limits=excluded,
        tables=tables,
    )
    if bump:
        bump_availability_version(restaurant.pk, policy_changed=False)
    return booking


def hold(
    restaurant,
    tables,
    *,
    date=DATE,
    time="19:00",
    minutes=120,
    size=2,
    status="held",
    kind="basket",
    expires_at=None,
    shift=None,
    excluded=False,
    reservation=None,
    bump=True,
) -> Hold:
    """A hold at `tables`, with their allocations while it is live (an ended hold's rows are deleted)."""
    taken = HoldFactory(
        restaurant=restaurant,
        shift=shift,
        kind=kind,
        status=status,
        party_size=size,
        service_date=date,
        at=dt.time.fromisoformat(time),
        minutes=minutes,
        expires_at=expires_at or NOW + dt.timedelta(minutes=10),
        excluded_from_shift_limits=excluded,
        reservation=reservation,
        tables=tables,
    )
    if bump:
        bump_availability_version(restaurant.pk, policy_changed=False)
    return taken


def slot_times(body: dict, index: int = 0) -> list[str]:
    return [slot["time"] for slot in body["shifts"][index]["slots"]]


def get(api, **params):
    """GET /v1/availability for DATE and a party of two, changed by `params` (None leaves one out)."""
    query = {"service_date": DATE.isoformat(), "party_size": 2, **params}
    return api.get("/v1/availability", {k: v for k, v in query.items() if v is not None})


def ok(api, **params) -> dict:
    """The body of get()'s answer, a 200."""
    response = get(api, **params)
    assert response.status_code == 200, response.content
    return response.json()


# What the kept-occupancy tests ask: a far date (past every cutoff), a party of 5 (B1 alone seats it).
DAY = "/v1/availability"
MONTH = "/v1/availability/months"
TAKEN_BY_B1 = ["19:00", "19:30", "20:00", "20:30"]  # the slots a booking of B1 at 19:00 takes from a party of 5


def ask(api, path=DAY, **query):
    """The answer and what its occupancy came from: "all" (read), "changes" (the one kept, carried
    through what changed since) or None (the one kept)."""
    query = query or {"service_date": FAR.isoformat(), "party_size": 5}
    carried = []
    real = kept_occupancy.Kept.carried

    def carry(kept, *args):
        found = real(kept, *args)
        carried.append(found is not None)
        return found

    with CaptureQueriesContext(connection) as captured, mock.patch.object(kept_occupancy.Kept, "carried", carry):
        response = api.get(path, query)
    assert response.status_code == 200, response.content
    sent = " ".join(q["sql"] for q in captured.captured_queries)
    read = "all" if "occupancy_intervals" in sent else "changes" if any(carried) else None
    return response.json(), read


def unavailable(body) -> list[str]:
    return body["shifts"][0]["unavailable_slots"]
