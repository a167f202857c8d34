"""Factories of the payment providers' rows (reservations.models.payments), as the test provider leaves them."""

import factory

from reservations.models.payments import (
    ProviderEvent,
    SimulatedCardIntent,
    SimulatedCharge,
    SimulatedChargeStatus,
    SimulatedIntentStatus,
)
from reservations.payments.test_provider import deterministic_id
from tests.factories.reservations import RestaurantFactory


class SimulatedCardIntentFactory(factory.django.DjangoModelFactory):
    """A test-provider intent with the card 4242 4242 4242 4242 saved on it (`status=...` for another stage;
    a card is on it only while it is saved or awaiting the extra step)."""

    class Meta:
        model = SimulatedCardIntent

    restaurant = factory.SubFactory(RestaurantFactory)
    idempotency_key = factory.Sequence(lambda n: f"guarantee-{n}")
    intent_id = factory.LazyAttribute(lambda o: deterministic_id("seti", o.restaurant.public_id, o.idempotency_key))
    customer_id = factory.LazyAttribute(lambda o: deterministic_id("cus", o.restaurant.public_id, o.idempotency_key))
    customer_email = "guest@example.com"
    reference = factory.Sequence(lambda n: f"resv_{n:024d}")
    amount = 5000
    currency = factory.SelfAttribute("restaurant.currency")
    status = SimulatedIntentStatus.SAVED
    attempts = 1
    card_number = factory.LazyAttribute(
        lambda o: (
            "4242424242424242"
            if o.status in (SimulatedIntentStatus.SAVED, SimulatedIntentStatus.REQUIRES_ACTION)
            else ""
        )
    )
    payment_method_id = factory.LazyAttribute(
        lambda o: deterministic_id("pm", o.intent_id, str(o.attempts)) if o.card_number else ""
    )


class SimulatedChargeFactory(factory.django.DjangoModelFactory):
    """A successful charge of the whole guarantee."""

    class Meta:
        model = SimulatedCharge

    intent = factory.SubFactory(SimulatedCardIntentFactory)
    restaurant = factory.SelfAttribute("intent.restaurant")
    idempotency_key = factory.Sequence(lambda n: f"charge-{n}")
    charge_id = factory.LazyAttribute(lambda o: deterministic_id("ch", o.restaurant.public_id, o.idempotency_key))
    amount = factory.SelfAttribute("intent.amount")
    currency = factory.SelfAttribute("intent.currency")
    status = SimulatedChargeStatus.SUCCEEDED


class ProviderEventFactory(factory.django.DjangoModelFactory):
    """A recorded Stripe event (its payload a minimal event body)."""

    class Meta:
        model = ProviderEvent

    provider = "stripe"
    event_id = factory.Sequence(lambda n: f"evt_{n:024d}")
    type = "customer.created"
    payload = factory.LazyAttribute(
        lambda o: {"id": o.event_id, "object": "event", "type": o.type, "data": {"object": {}}, "livemode": False}
    )
