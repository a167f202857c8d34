"""Factories of the guests app."""

import factory

from guests.models import Guest, GuestSource


class GuestFactory(factory.django.DjangoModelFactory):
    """A profile in one restaurant's guest book, entered by hand."""

    class Meta:
        model = Guest

    restaurant = factory.SubFactory("tests.factories.reservations.RestaurantFactory")
    first_name = "Alice"
    last_name = "Martin"
    source = GuestSource.MANUAL
