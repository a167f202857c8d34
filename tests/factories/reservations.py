"""Factories of the reservations app: the restaurant, its floor and schedule, companies and bookings."""

import datetime as dt
import uuid

import factory
from django.utils import timezone

from config.formats import zone
from config.ids import random_token
from reservations.models import (
    Block,
    Closure,
    Combination,
    Company,
    DayNote,
    FloorPlan,
    Reservation,
    ReservationEvent,
    Restaurant,
    Section,
    Shift,
    Table,
    TableAllocation,
)
from reservations.models.booking import OCCUPYING_STATUSES, EventType, ReservationStatus
from reservations.models.schedule import DayNoteMode
from reservations.selectors.engine_policy import local_midnight
from tests.factories.guests import GuestFactory


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


def link_tables(relation, tables) -> None:
    """Post-generation body of the `tables` option: `Factory(tables=[t1, t2])` links those tables."""
    if tables:
        relation.set(tables)


class CombinationFactory(factory.django.DjangoModelFactory):
    """Joined tables: `CombinationFactory(floor_plan=plan, tables=[t1, t2])`."""

    class Meta:
        model = Combination
        skip_postgeneration_save = True

    floor_plan = factory.SubFactory(FloorPlanFactory)
    restaurant = factory.SelfAttribute("floor_plan.restaurant")
    min_capacity = 1
    max_capacity = 4

    @factory.post_generation
    def tables(self, create, extracted, **kwargs):
        if create:
            link_tables(self.tables, extracted)


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


class ClosureFactory(factory.django.DjangoModelFactory):
    """Closed dates, inclusive; one day unless `end_date` is given."""

    class Meta:
        model = Closure

    restaurant = factory.SubFactory(RestaurantFactory)
    name = None
    start_date = dt.date(2026, 12, 24)
    end_date = factory.SelfAttribute("start_date")
    guest_message = None


class DayNoteFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DayNote

    restaurant = factory.SubFactory(RestaurantFactory)
    date = dt.date(2026, 12, 31)
    message = "Note"
    mode = DayNoteMode.BANNER


class BlockFactory(factory.django.DjangoModelFactory):
    """Tables off sale for a time: `BlockFactory(restaurant=r, tables=[t])`; no tables means every table."""

    class Meta:
        model = Block
        skip_postgeneration_save = True

    restaurant = factory.SubFactory(RestaurantFactory)
    date = dt.date(2026, 12, 5)
    start_time = dt.time(19, 0)
    end_time = dt.time(21, 0)
    reason = ""

    @factory.post_generation
    def tables(self, create, extracted, **kwargs):
        if create:
            link_tables(self.tables, extracted)


class CompanyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Company

    restaurant = factory.SubFactory(RestaurantFactory)
    name = factory.Sequence(lambda n: f"Company {n}")


def seating_range(owner) -> tuple[dt.datetime, dt.datetime | None]:
    """The range a booking or a hold occupies its tables for: half-open, [starts_at, ends_at)."""
    return (owner.starts_at, owner.ends_at)


class TableAllocationFactory(factory.django.DjangoModelFactory):
    """One occupied table for a half-open range [start, end) of its owner, a booking by default
    (give `hold=` for a hold's row)."""

    class Meta:
        model = TableAllocation

    table = factory.SubFactory(TableFactory)
    restaurant = factory.SelfAttribute("table.restaurant")
    hold = None
    reservation = factory.Maybe(
        "hold",
        yes_declaration=None,
        no_declaration=factory.SubFactory(
            "tests.factories.reservations.ReservationFactory", restaurant=factory.SelfAttribute("..restaurant")
        ),
    )
    during = factory.LazyAttribute(lambda row: seating_range(row.reservation or row.hold))
    expires_at = None


def local_start(owner) -> dt.datetime:
    """`at` on the service date, in the restaurant's zone (what a seating time means)."""
    midnight = local_midnight(owner.service_date, zone(owner.restaurant.timezone))
    return midnight + dt.timedelta(hours=owner.at.hour, minutes=owner.at.minute)


def local_today(owner) -> dt.date:
    return timezone.localdate(timezone=zone(owner.restaurant.timezone))


class SeatingFactory(factory.django.DjangoModelFactory):
    """What a booking and a hold share: a party at a seating time of a service of one restaurant.

    Parameters: `at` (the local seating time, 19:30 by default) and `minutes` (the seating's
    length, 120 by default; None for no end). Give `starts_at`/`ends_at` to set them directly.
    """

    class Meta:
        abstract = True
        skip_postgeneration_save = True

    class Params:
        at = dt.time(19, 30)
        minutes = 120

    restaurant = factory.SubFactory(RestaurantFactory)
    shift = factory.SubFactory(ShiftFactory, floor_plan__restaurant=factory.SelfAttribute("...restaurant"))
    party_size = 2
    service_date = factory.LazyAttribute(lambda o: local_today(o) + dt.timedelta(days=7))
    starts_at = factory.LazyAttribute(local_start)
    ends_at = factory.LazyAttribute(
        lambda o: None if o.minutes is None else o.starts_at + dt.timedelta(minutes=o.minutes)
    )

    @factory.post_generation
    def tables(self, create, extracted, **kwargs):
        """`tables=[t1, t2]`: the tables it sits at (the M2M links)."""
        if create:
            link_tables(self.tables, extracted)


class ReservationFactory(SeatingFactory):
    """A confirmed booking written with the ORM.

    `ReservationFactory(restaurant=r, shift=s)` has no table and no allocation (for lists and
    states the API cannot make). `tables=[t1, t2]` links the tables and, while the booking
    occupies them (OCCUPYING_STATUSES), writes their TableAllocation rows as the booking
    service does: one half-open range [starts_at, ends_at) per table. `allocations=False`
    links the tables without writing any row.
    """

    class Meta:
        model = Reservation

    status = ReservationStatus.CONFIRMED
    guest = factory.SubFactory(GuestFactory, restaurant=factory.SelfAttribute("..restaurant"))
    modification_token = factory.LazyFunction(lambda: random_token(32))

    @factory.post_generation
    def allocations(self, create, extracted, **kwargs):
        if not create or extracted is False or self.status not in OCCUPYING_STATUSES:
            return
        for table in self.tables.all():
            TableAllocationFactory(restaurant=self.restaurant, table=table, reservation=self)


class ReservationEventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ReservationEvent

    reservation = factory.SubFactory(ReservationFactory)
    restaurant = factory.SelfAttribute("reservation.restaurant")
    type = EventType.CREATED
    data = factory.LazyFunction(dict)
