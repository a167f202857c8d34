"""A small restaurant for the host's moves: tables T2, T4, T6, dinner 19:00-22:00 (2 h seatings)
every day, the clock on the service date (Saturday 2026-12-05) unless a test moves it."""

import datetime as dt
from dataclasses import dataclass

import pytest
import time_machine

from reservations.models import ReservationEvent, TableAllocation
from reservations.services.staff import Actor
from tests.factories import (
    FloorPlanFactory,
    ReservationEventFactory,
    ReservationFactory,
    SectionFactory,
    ShiftFactory,
    TableFactory,
    UserFactory,
)
from webhooks.models import Event

DAY = dt.date(2026, 12, 5)
# 18:00 in Paris on the service date.
EVENING = dt.datetime(2026, 12, 5, 17, 0, tzinfo=dt.UTC)
# Once the webhooks engine lands, record() also writes the webhook outbox row: assert it then.


@dataclass
class Floor:
    restaurant: object
    plan: object
    section: object
    t2: object
    t4: object
    t6: object
    shift: object

    def book(self, tables=(), status="confirmed", at=dt.time(19, 30), size=2, **fields):
        """A booking written with the ORM, announced (its `reservation.created` event) like any."""
        booking = ReservationFactory(
            restaurant=self.restaurant,
            shift=self.shift,
            service_date=DAY,
            at=at,
            party_size=size,
            status=status,
            tables=list(tables),
            **fields,
        )
        ReservationEventFactory(reservation=booking, data={"from_status": None, "to_status": status})
        return booking


@pytest.fixture
def clock():
    with time_machine.travel(EVENING, tick=True) as traveller:
        yield traveller


@pytest.fixture
def floor(restaurant, clock) -> Floor:
    plan = FloorPlanFactory(restaurant=restaurant)
    section = SectionFactory(floor_plan=plan, name="Salle")
    t2 = TableFactory(section=section, name="T2", min_capacity=1, max_capacity=2, position=1)
    t4 = TableFactory(section=section, name="T4", min_capacity=2, max_capacity=4, position=2)
    t6 = TableFactory(section=section, name="T6", min_capacity=4, max_capacity=6, position=3)
    shift = ShiftFactory(floor_plan=plan, name="Dinner")
    return Floor(restaurant, plan, section, t2, t4, t6, shift)


def tables_held(reservation) -> list[str]:
    return sorted(TableAllocation.objects.filter(reservation=reservation).values_list("table__name", flat=True))


def last_event(reservation) -> ReservationEvent:
    return ReservationEvent.objects.filter(reservation=reservation).order_by("-created_at", "-id").first()


def event_types(reservation) -> list[str]:
    return list(
        ReservationEvent.objects.filter(reservation=reservation)
        .order_by("created_at", "id")
        .values_list("type", flat=True)
    )


def assert_webhook(reservation, event_type: str, status: str) -> None:
    """The outbox row announcing the move, with the snapshot in its new status."""
    row = Event.objects.filter(subject=reservation.public_id, type=event_type).order_by("-id").first()
    assert row is not None, f"no {event_type} webhook"
    assert row.data["object"]["status"] == status


@pytest.fixture
def host(db):
    """A host acting (their role decides the warnings they may confirm)."""
    return Actor(user=UserFactory(username="hannah-host"), role="host")


@pytest.fixture
def manager(db):
    return Actor(user=UserFactory(username="max-manager"), role="manager")
