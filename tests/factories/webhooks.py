"""Factories of the webhooks app."""

import factory
from django.utils import timezone

from config.versions import LATEST_VERSION
from tests.factories.reservations import RestaurantFactory
from webhooks.models import Delivery, Endpoint, Event, OutboxMessage
from webhooks.secrets import decrypt, encrypt, new_secret


class EndpointFactory(factory.django.DjangoModelFactory):
    """An enabled endpoint wanting every type; `endpoint.secret` is its signing secret in clear."""

    class Meta:
        model = Endpoint
        skip_postgeneration_save = True

    class Params:
        secret = factory.LazyFunction(new_secret)

    restaurant = factory.SubFactory(RestaurantFactory)
    url = "http://127.0.0.1:9/hooks"
    events = factory.LazyFunction(lambda: ["*"])
    api_version = LATEST_VERSION
    secret_encrypted = factory.LazyAttribute(lambda o: encrypt(o.secret))
    secret_last4 = factory.LazyAttribute(lambda o: o.secret[-4:])

    @factory.post_generation
    def in_clear(obj, create, extracted, **kwargs):
        obj.secret = decrypt(obj.secret_encrypted)


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    restaurant = factory.SubFactory(RestaurantFactory)
    type = "reservation.created"
    subject = factory.Sequence(lambda n: f"resv_factory{n:012d}")
    data = factory.LazyAttribute(lambda o: {"object": {"object": "reservation", "id": o.subject}})
    created = factory.LazyFunction(timezone.now)


class DeliveryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Delivery

    endpoint = factory.SubFactory(EndpointFactory)
    restaurant = factory.SelfAttribute("endpoint.restaurant")
    event = factory.SubFactory(EventFactory, restaurant=factory.SelfAttribute("..restaurant"))
    next_attempt_at = factory.LazyFunction(timezone.now)


class OutboxMessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OutboxMessage

    restaurant = factory.SubFactory(RestaurantFactory)
    handler = "guest_email"
    payload = factory.LazyFunction(dict)
    next_attempt_at = factory.LazyFunction(timezone.now)
