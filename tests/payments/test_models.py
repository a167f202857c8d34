"""What the database holds the providers' rows to, and the factories that build them."""

import pytest
from django.db import IntegrityError, connection, transaction

from reservations.models.payments import ProviderEvent, SimulatedCharge
from reservations.payments.test_provider import TestProvider
from tests.factories import (
    ProviderEventFactory,
    RestaurantFactory,
    SimulatedCardIntentFactory,
    SimulatedChargeFactory,
)

pytestmark = pytest.mark.django_db


def test_the_intent_factory_leaves_a_card_saved_as_the_test_provider_does():
    intent = SimulatedCardIntentFactory()
    result = TestProvider(intent.restaurant).card_status(intent.intent_id)
    assert (result.status, result.last4, result.amount, result.currency) == ("saved", "4242", 5000, "EUR")
    assert result.payment_method_id == intent.payment_method_id != ""
    charge = TestProvider(intent.restaurant).charge(result.card(), amount=100, idempotency_key="k")
    assert charge.succeeded
    unsaved = SimulatedCardIntentFactory(status="requires_card")
    assert (unsaved.card_number, unsaved.payment_method_id) == ("", "")


def test_the_charge_factory_charges_its_intents_guarantee_at_its_restaurant():
    charge = SimulatedChargeFactory()
    assert (charge.restaurant, charge.amount, charge.status) == (charge.intent.restaurant, 5000, "succeeded")
    assert charge.charge_id.startswith("ch_test_")


@pytest.mark.parametrize(
    "changes",
    [
        {"amount": 0},
        {"currency": "eur"},
        {"status": "paid"},
    ],
)
def test_an_intent_row_is_held_to_its_rules(changes):
    intent = SimulatedCardIntentFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        type(intent).objects.filter(pk=intent.pk).update(**changes)


def test_a_charge_refunds_no_more_than_it_took_and_stays_within_its_restaurant():
    charge = SimulatedChargeFactory(amount=1000)
    with pytest.raises(IntegrityError), transaction.atomic():
        SimulatedCharge.objects.filter(pk=charge.pk).update(refunded_amount=1001)
    with pytest.raises(IntegrityError), transaction.atomic():
        SimulatedCharge.objects.filter(pk=charge.pk).update(status="pending")
    elsewhere = SimulatedCardIntentFactory(restaurant=RestaurantFactory())
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the composite keys are deferred to commit
        SimulatedCharge.objects.filter(pk=charge.pk).update(intent=elsewhere)


def test_an_event_is_recorded_once_per_provider():
    event = ProviderEventFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        ProviderEventFactory(event_id=event.event_id)
    ProviderEventFactory(event_id=event.event_id, provider="test")
    with pytest.raises(IntegrityError), transaction.atomic():
        ProviderEvent.objects.filter(pk=event.pk).update(provider="paypal")
