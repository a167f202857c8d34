"""Factories of the card guarantee's rows, as the services leave them (reservations.models.guarantee).

`CardGuaranteeFactory()`: a booking whose test card 4242 is saved (guarantee `active`, 30.00 EUR
by default), its test-provider intent and its `CardGuarantee` row. `GuaranteeChargeFactory(card=...)`:
a successful charge recorded on both sides. `FeedbackFactory()`: a completed visit's feedback.
"""

import datetime as dt

import factory
from django.utils import timezone

from reservations.models import CardGuarantee, Feedback, GuaranteeCharge
from reservations.models.booking import GuaranteeStatus
from tests.factories.payments import SimulatedCardIntentFactory, SimulatedChargeFactory
from tests.factories.reservations import ReservationFactory


class GuaranteedReservationFactory(ReservationFactory):
    """A confirmed booking with an active imprint guarantee (its card saved)."""

    guarantee_kind = "imprint"
    guarantee_status = GuaranteeStatus.ACTIVE
    guarantee_amount = 3000
    guarantee_currency = factory.SelfAttribute("restaurant.currency")
    guarantee_cancel_hours = 24


class CardGuaranteeFactory(factory.django.DjangoModelFactory):
    reservation = factory.SubFactory(GuaranteedReservationFactory)
    restaurant = factory.SelfAttribute("reservation.restaurant")
    intent = factory.SubFactory(
        SimulatedCardIntentFactory,
        restaurant=factory.SelfAttribute("..restaurant"),
        amount=factory.SelfAttribute("..reservation.guarantee_amount"),
        reference=factory.SelfAttribute("..reservation.public_id"),
    )
    provider = "test"
    intent_id = factory.SelfAttribute("intent.intent_id")
    customer_id = factory.SelfAttribute("intent.customer_id")
    payment_method_id = factory.SelfAttribute("intent.payment_method_id")
    brand = "visa"
    last4 = "4242"
    amount = factory.SelfAttribute("reservation.guarantee_amount")
    currency = factory.SelfAttribute("reservation.guarantee_currency")
    saved_at = factory.LazyFunction(lambda: timezone.now() - dt.timedelta(days=1))

    class Meta:
        model = CardGuarantee
        exclude = ("intent",)


class GuaranteeChargeFactory(factory.django.DjangoModelFactory):
    """A successful charge of the whole guarantee (the card's `charged` follows)."""

    class Meta:
        model = GuaranteeCharge
        exclude = ("provider_charge",)
        skip_postgeneration_save = True  # `charged` updates the card, not this row

    card = factory.SubFactory(CardGuaranteeFactory)
    restaurant = factory.SelfAttribute("card.restaurant")
    amount = factory.SelfAttribute("card.amount")
    currency = factory.SelfAttribute("card.currency")
    status = "succeeded"
    provider_charge = factory.LazyAttribute(
        lambda o: SimulatedChargeFactory(intent=_intent_of(o.card), amount=o.amount, restaurant=o.restaurant)
    )
    charge_id = factory.SelfAttribute("provider_charge.charge_id")

    @factory.post_generation
    def charged(self, create, extracted, **kwargs):
        if create and self.status == "succeeded":
            CardGuarantee.objects.filter(pk=self.card_id).update(charged=self.card.charged + self.amount)
            self.card.refresh_from_db()


def _intent_of(card):
    from reservations.models import SimulatedCardIntent

    return SimulatedCardIntent.objects.get(intent_id=card.intent_id)


class FeedbackFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Feedback

    reservation = factory.SubFactory(ReservationFactory, status="completed")
    restaurant = factory.SelfAttribute("reservation.restaurant")
    rating = 4
    comment = "Very good"
