"""Factories of the waitlist app."""

import datetime as dt

import factory

from tests.factories.guests import GuestFactory
from waitlist.models import JoinedVia, WaitlistEntry, WaitlistStatus


class WaitlistEntryFactory(factory.django.DjangoModelFactory):
    """An active entry for two, 20:00 to 21:30 on 2026-12-05, joined through the widget."""

    class Meta:
        model = WaitlistEntry

    restaurant = factory.SubFactory("tests.factories.reservations.RestaurantFactory")
    guest = factory.SubFactory(GuestFactory, restaurant=factory.SelfAttribute("..restaurant"))
    status = WaitlistStatus.ACTIVE
    joined_via = JoinedVia.WIDGET
    service_date = dt.date(2026, 12, 5)
    party_size = 2
    window_start = dt.time(20, 0)
    window_end = dt.time(21, 30)
