"""Factories of the guests app."""

import factory

from guests.models import Guest, GuestMerge, GuestSource


class GuestFactory(factory.django.DjangoModelFactory):
    """A profile in one restaurant's guest book, entered by hand."""

    class Meta:
        model = Guest

    restaurant = factory.SubFactory("tests.factories.reservations.RestaurantFactory")
    first_name = "Alice"
    last_name = "Martin"
    source = GuestSource.MANUAL


class GuestMergeFactory(factory.django.DjangoModelFactory):
    """A merge record (the services write real ones; this is for admin and listing tests)."""

    class Meta:
        model = GuestMerge

    restaurant = factory.SubFactory("tests.factories.reservations.RestaurantFactory")
    survivor = factory.SubFactory(GuestFactory, restaurant=factory.SelfAttribute("..restaurant"))
    absorbed = factory.SubFactory(GuestFactory, restaurant=factory.SelfAttribute("..restaurant"), first_name="Bob")
