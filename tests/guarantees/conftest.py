"""A restaurant whose dinner asks a card, at a fixed instant, and bookings made by the real services."""

import datetime as dt
from dataclasses import dataclass

import pytest
import time_machine
from django.core import mail

from guests.services import GuestInput
from reservations.services.availability_version import bump_availability_version
from reservations.services.create import CreateParams, create_reservation
from tests.factories import FloorPlanFactory, RestaurantFactory, SectionFactory, ShiftFactory, TableFactory

# Tuesday 2026-12-01 10:00 in Paris; dinner on Saturday 2026-12-05 at 19:30 is 105.5 h ahead.
NOW = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
DAY = dt.date(2026, 12, 5)
CARD_OK = "4242 4242 4242 4242"
CARD_DECLINED = "4000 0000 0000 0002"
CARD_3DS = "4000 0025 0000 3155"
CARD_NO_FUNDS = "4000 0000 0000 9995"


@dataclass
class Place:
    restaurant: object
    shift: object
    tables: list


@pytest.fixture
def clock():
    with time_machine.travel(NOW, tick=True) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def locmem_mail(settings):
    """E-mails into mail.outbox, their task run in-process (tests/conftest.py sets that for the session,
    but a test that imports the Celery app's modules again reads CELERY_TASK_ALWAYS_EAGER back)."""
    from config.celery import app

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox = []
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    if getattr(getattr(app, "_pool", None), "_closed", False):  # closed by a broker-outage test before
        from kombu import pools

        pools.reset()  # new connection and producer pools on next use
        app._pool = None
        app.amqp._producer_pool = None
    yield
    app.conf.task_always_eager = eager


def sent_mail() -> list:
    """The guest e-mails sent so far, after sending now what the changes queued: with the e-mail
    outbox (webhooks.services.messages) that is the worker's step; without it the Celery task
    already ran in-process when the change committed."""
    try:
        from webhooks.services.messages import send_due
    except ImportError:
        send_due = None
    if send_due is not None:
        send_due()
    return mail.outbox


def build_place(restaurant=None, **shift_fields) -> Place:
    """Dinner 19:00-22:00 every 30 min; a card of 15.00 EUR per guest from 1 guest, free cancellation to 24 h."""
    restaurant = restaurant or RestaurantFactory(name="Chez Garantie", write_burst=10_000, write_per_second=1_000.0)
    plan = FloorPlanFactory(restaurant=restaurant)
    section = SectionFactory(floor_plan=plan, name="Salle")
    tables = [
        TableFactory(section=section, name="T2", min_capacity=1, max_capacity=2, position=1),
        TableFactory(section=section, name="T4", min_capacity=2, max_capacity=4, position=2),
    ]
    fields = {"guarantee_per_guest_amount": 1500, "guarantee_from_party_size": 1, "guarantee_cancel_hours": 24}
    shift = ShiftFactory(floor_plan=plan, **{**fields, **shift_fields})
    bump_availability_version(restaurant.pk)
    restaurant.refresh_from_db()
    return Place(restaurant, shift, tables)


@pytest.fixture
def place(db, clock) -> Place:
    return build_place()


def book(place: Place, *, party_size=2, at=dt.time(19, 30), email="ana@example.com", language="en", **fields):
    """A booking made by the create service (the API's path unless `source`/`guest_present` say otherwise)."""
    params = CreateParams(
        service_date=fields.pop("service_date", DAY),
        start_time=at,
        party_size=party_size,
        guest=GuestInput(first_name="Ana", last_name="Lopez", email=email, language=language),
        **fields,
    )
    return create_reservation(restaurant=place.restaurant, params=params)


def event_types(reservation) -> list[str]:
    return list(reservation.events.order_by("created_at", "id").values_list("type", flat=True))
