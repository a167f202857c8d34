"""The built-in test provider: Stripe-like test cards, its state in the database, its money rules."""

import threading
from dataclasses import replace

import pytest
from django.db import connections

from config.exceptions import NotFound
from reservations.models import Restaurant
from reservations.models.payments import SimulatedCardIntent, SimulatedCharge, SimulatedRefund
from reservations.payments.base import CardStatus, Charge, NextAction, PaymentStatus
from reservations.payments.exceptions import IdempotencyKeyReused, PaymentAmountInvalid, PaymentStateConflict
from reservations.payments.test_provider import TEST_CARDS, TestProvider, deterministic_id, luhn_valid
from tests.factories import RestaurantFactory, SimulatedCardIntentFactory, SimulatedChargeFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def provider(restaurant):
    return TestProvider(restaurant)


def new_intent(provider, key="resv_1:guarantee", amount=5000, **fields):
    params = {"amount": amount, "currency": "EUR", "customer_email": "ada@example.com", "reference": "resv_1"}
    return provider.create_guarantee(**{**params, **fields}, idempotency_key=key)


def saved(provider, number="4242424242424242", key="resv_1:guarantee", amount=5000):
    intent = new_intent(provider, key, amount)
    result = provider.confirm_card(intent.intent_id, card=number)
    assert result.status == CardStatus.SAVED, result
    return result.card()


# Creating an intent.


def test_an_intent_has_deterministic_prefixed_ids_and_needs_nothing_on_the_guest_page(provider, restaurant):
    intent = new_intent(provider)
    assert intent.intent_id == deterministic_id("seti", restaurant.public_id, "resv_1:guarantee")
    assert intent.intent_id.startswith("seti_test_") and len(intent.intent_id) == len("seti_test_") + 24
    assert intent.customer_id.startswith("cus_test_")
    assert (intent.provider, intent.amount, intent.currency, intent.client_secret) == ("test", 5000, "EUR", None)
    row = SimulatedCardIntent.objects.get(intent_id=intent.intent_id)
    assert (row.restaurant, row.status, row.customer_email, row.reference) == (
        restaurant,
        "requires_card",
        "ada@example.com",
        "resv_1",
    )
    assert provider.card_status(intent.intent_id).status == CardStatus.REQUIRES_CARD


def test_a_retry_with_the_same_key_returns_the_same_intent_and_different_parameters_are_refused(provider):
    first = new_intent(provider)
    assert new_intent(provider) == first
    assert SimulatedCardIntent.objects.count() == 1
    with pytest.raises(IdempotencyKeyReused) as refused:
        new_intent(provider, amount=6000)
    assert (refused.value.kind, refused.value.code) == ("conflict", "payment_idempotency_key_reused")
    assert new_intent(provider, key="resv_2:guarantee").intent_id != first.intent_id


def test_the_same_key_at_two_restaurants_makes_two_intents_each_invisible_to_the_other(provider):
    other = TestProvider(RestaurantFactory())
    mine, theirs = new_intent(provider), new_intent(other)
    assert mine.intent_id != theirs.intent_id
    with pytest.raises(NotFound):
        provider.card_status(theirs.intent_id)
    with pytest.raises(NotFound):
        provider.confirm_card(theirs.intent_id, card="4242424242424242")


# Attaching a card: the test-card table.


@pytest.mark.parametrize(
    "number, status, reason",
    [
        ("4242424242424242", "saved", None),
        ("4242 4242 4242 4242", "saved", None),
        ("5555555555554444", "saved", None),
        ("4000000000009995", "saved", None),
        ("4000000000000341", "saved", None),
        ("4000000000000002", "declined", "card_declined"),
        ("4000000000009987", "declined", "lost_card"),
        ("4000000000009979", "declined", "stolen_card"),
        ("4000000000000069", "declined", "expired_card"),
        ("4000000000000127", "declined", "incorrect_cvc"),
        ("4000000000000119", "declined", "processing_error"),
        ("4000002500003155", "requires_action", None),
        ("4000002760003184", "requires_action", None),
        ("4000008260003178", "requires_action", None),
        ("4242424242424241", "declined", "incorrect_number"),
        ("4242", "declined", "incorrect_number"),
        ("not a card", "declined", "incorrect_number"),
        ("4111111111111111", "declined", "test_mode_live_card"),
    ],
)
def test_each_test_card_saves_declines_or_asks_for_the_extra_step(provider, number, status, reason):
    intent = new_intent(provider)
    result = provider.confirm_card(intent.intent_id, card=number)
    assert (result.status, result.reason) == (status, reason)
    row = SimulatedCardIntent.objects.get(intent_id=intent.intent_id)
    if status == "declined":
        assert result.message and result.payment_method_id is None and not result.saved
        assert row.status == "requires_card" and row.payment_method_id == ""
    else:
        assert result.payment_method_id.startswith("pm_test_") and result.last4 == number[-4:]
        assert result.brand == ("mastercard" if number.startswith("5") else "visa")
    # Only numbers of the table are ever written down.
    assert row.card_number in ("", *TEST_CARDS)
    if number.replace(" ", "") not in TEST_CARDS:
        assert row.card_number == ""


def test_every_table_number_is_a_valid_card_number():
    assert all(luhn_valid(number) and len(number) == 16 for number in TEST_CARDS)


def test_a_declined_guest_may_try_another_card_on_the_same_intent(provider):
    intent = new_intent(provider)
    assert provider.confirm_card(intent.intent_id, card="4000000000000002").status == CardStatus.DECLINED
    status = provider.card_status(intent.intent_id)
    assert (status.status, status.reason, status.message) == ("declined", "card_declined", "Your card was declined.")
    result = provider.confirm_card(intent.intent_id, card="4242424242424242")
    assert result.saved and result.reason is None
    assert SimulatedCardIntent.objects.get(intent_id=intent.intent_id).attempts == 2


def test_the_extra_step_completed_saves_the_card(provider):
    intent = new_intent(provider)
    result = provider.confirm_card(intent.intent_id, card="4000002500003155", return_url="https://x.example/back")
    assert result.action == NextAction("test_authentication", url="https://x.example/back")
    assert provider.card_status(intent.intent_id).action == NextAction("test_authentication")
    done = provider.authenticate(intent.intent_id, approve=True)
    assert done.saved and done.payment_method_id == result.payment_method_id and done.action is None
    assert provider.card_status(intent.intent_id).saved


def test_the_extra_step_failed_declines_and_another_card_may_be_tried(provider):
    intent = new_intent(provider)
    provider.confirm_card(intent.intent_id, card="4000002500003155")
    failed = provider.authenticate(intent.intent_id, approve=False)
    assert (failed.status, failed.reason, failed.payment_method_id) == ("declined", "authentication_failed", None)
    with pytest.raises(PaymentStateConflict):
        provider.authenticate(intent.intent_id, approve=True)
    assert provider.confirm_card(intent.intent_id, card="5555555555554444").saved


def test_a_saved_or_released_intent_takes_no_further_card(provider):
    card = saved(provider)
    with pytest.raises(PaymentStateConflict):
        provider.confirm_card(card.intent_id, card="5555555555554444")
    provider.release(card.intent_id)
    with pytest.raises(PaymentStateConflict):
        provider.confirm_card(card.intent_id, card="5555555555554444")


def test_an_unknown_intent_is_not_found(provider):
    with pytest.raises(NotFound) as missing:
        provider.card_status("seti_test_nope")
    assert missing.value.param == "intent_id"


# Charges.


def test_a_saved_card_is_charged_in_full_or_in_part(provider, restaurant):
    card = saved(provider)
    part = provider.charge(card, amount=2000, reference="resv_1", idempotency_key="resv_1:charge:1")
    assert (part.status, part.amount, part.currency, part.reason) == ("succeeded", 2000, "EUR", None)
    assert part.charge_id == deterministic_id("ch", restaurant.public_id, "resv_1:charge:1")
    rest = provider.charge(replace(card, charged=2000), reference="resv_1", idempotency_key="resv_1:charge:2")
    assert (rest.status, rest.amount) == ("succeeded", 3000)
    assert list(SimulatedCharge.objects.order_by("id").values_list("amount", "status")) == [
        (2000, "succeeded"),
        (3000, "succeeded"),
    ]


def test_no_charge_goes_above_the_guarantee_whatever_the_caller_believes(provider):
    card = saved(provider)
    with pytest.raises(PaymentAmountInvalid):
        provider.charge(card, amount=5001, idempotency_key="over")
    provider.charge(card, amount=4000, idempotency_key="first")
    # The caller forgot the first charge: the provider's own count refuses the second.
    with pytest.raises(PaymentAmountInvalid) as refused:
        provider.charge(card, amount=2000, idempotency_key="second")
    assert (refused.value.code, refused.value.param) == ("payment_amount_invalid", "amount")
    assert provider.charge(card, amount=1000, idempotency_key="third").succeeded


@pytest.mark.parametrize(
    "number, reason",
    [
        ("4000000000009995", "insufficient_funds"),
        ("4000000000000341", "card_declined"),
    ],
)
def test_cards_that_save_but_fail_off_session(provider, number, reason):
    card = saved(provider, number)
    result = provider.charge(card, idempotency_key="no-show")
    assert (result.status, result.reason, result.amount) == ("failed", reason, 5000)
    assert result.message and result.charge_id.startswith("ch_test_")
    with pytest.raises(PaymentStateConflict):
        result.charge()
    # A failed attempt takes nothing: the whole guarantee is still there (another attempt fails the same way).
    assert provider.charge(card, amount=5000, idempotency_key="retry").status == PaymentStatus.FAILED


@pytest.mark.parametrize(
    "number, outcome, reason",
    [
        ("4000002500003155", "succeeded", None),
        ("4000002760003184", "failed", "authentication_required"),
        ("4000008260003178", "failed", "insufficient_funds"),
    ],
)
def test_cards_saved_through_the_extra_step_then_charged_off_session(provider, number, outcome, reason):
    intent = new_intent(provider)
    provider.confirm_card(intent.intent_id, card=number)
    card = provider.authenticate(intent.intent_id, approve=True).card()
    result = provider.charge(card, amount=1500, idempotency_key="late-cancel")
    assert (result.status, result.reason) == (outcome, reason)


def test_a_charge_retried_with_its_key_is_not_taken_twice(provider):
    card = saved(provider)
    first = provider.charge(card, amount=2000, idempotency_key="resv_1:no-show")
    assert provider.charge(card, amount=2000, idempotency_key="resv_1:no-show") == first
    assert SimulatedCharge.objects.count() == 1
    with pytest.raises(IdempotencyKeyReused):
        provider.charge(card, amount=2500, idempotency_key="resv_1:no-show")


def test_a_card_not_saved_or_released_is_not_charged(provider):
    card = saved(provider)
    provider.release(card.intent_id)
    with pytest.raises(PaymentStateConflict):
        provider.charge(card, idempotency_key="after-release")
    intent = new_intent(provider, key="other")
    provider.confirm_card(intent.intent_id, card="4000002500003155")  # awaiting the extra step
    pending = replace(card, intent_id=intent.intent_id)
    with pytest.raises(PaymentStateConflict):
        provider.charge(pending, idempotency_key="before-authentication")
    assert not SimulatedCharge.objects.exists()


def test_a_card_of_another_restaurant_is_not_charged(provider):
    theirs = SimulatedCardIntentFactory()
    card = saved(provider)
    with pytest.raises(NotFound):
        provider.charge(replace(card, intent_id=theirs.intent_id), idempotency_key="x")


# Refunds.


def test_a_charge_is_refunded_in_part_then_in_full_never_beyond(provider, restaurant):
    card = saved(provider)
    charge = provider.charge(card, amount=4000, idempotency_key="charge").charge()
    part = provider.refund(charge, amount=1500, reference="resv_1", idempotency_key="refund:1")
    assert (part.status, part.amount, part.currency, part.charge_id) == ("succeeded", 1500, "EUR", charge.charge_id)
    assert part.refund_id == deterministic_id("re", restaurant.public_id, "refund:1")
    # The caller forgot the first refund: the provider refuses more than is left.
    with pytest.raises(PaymentAmountInvalid):
        provider.refund(charge, amount=3000, idempotency_key="refund:2")
    rest = provider.refund(replace(charge, refunded=1500), idempotency_key="refund:3")
    assert (rest.status, rest.amount) == ("succeeded", 2500)
    assert SimulatedCharge.objects.get().refunded_amount == 4000
    assert sorted(SimulatedRefund.objects.values_list("amount", flat=True)) == [1500, 2500]


def test_a_refund_retried_with_its_key_gives_back_once(provider):
    card = saved(provider)
    charge = provider.charge(card, idempotency_key="charge").charge()
    first = provider.refund(charge, amount=1000, idempotency_key="refund")
    assert provider.refund(charge, amount=1000, idempotency_key="refund") == first
    assert SimulatedCharge.objects.get().refunded_amount == 1000
    with pytest.raises(IdempotencyKeyReused):
        provider.refund(charge, amount=500, idempotency_key="refund")


def test_a_failed_or_unknown_charge_is_not_refunded(provider):
    card = saved(provider, "4000000000009995")
    failed = provider.charge(card, idempotency_key="charge")
    with pytest.raises(PaymentStateConflict):
        provider.refund(Charge("test", failed.charge_id, 5000, "EUR"), idempotency_key="refund")
    with pytest.raises(NotFound):
        provider.refund(Charge("test", "ch_test_nope", 5000, "EUR"), idempotency_key="refund")
    theirs = SimulatedChargeFactory()
    with pytest.raises(NotFound):
        provider.refund(Charge("test", theirs.charge_id, 5000, "EUR"), idempotency_key="refund")


# Release.


def test_release_ends_a_guarantee_with_no_charge_and_twice_is_harmless(provider):
    card = saved(provider)
    released = provider.release(card.intent_id)
    assert (released.status, released.payment_method_id, released.last4) == ("released", None, None)
    assert provider.release(card.intent_id).status == CardStatus.RELEASED
    assert provider.card_status(card.intent_id).status == CardStatus.RELEASED
    unanswered = new_intent(provider, key="unanswered")
    assert provider.release(unanswered.intent_id).status == CardStatus.RELEASED
    assert not SimulatedCharge.objects.exists()


# Across processes: the state is the database's.


def test_a_card_saved_through_one_provider_object_is_charged_through_another(restaurant):
    card = saved(TestProvider(restaurant))
    fresh = Restaurant.objects.get(pk=restaurant.pk)
    assert TestProvider(fresh).charge(card, idempotency_key="worker").succeeded


@pytest.mark.django_db(transaction=True)
def test_concurrent_charges_never_take_more_than_the_guarantee():
    restaurant = RestaurantFactory()
    card = saved(TestProvider(restaurant))
    barrier = threading.Barrier(2)
    outcomes, errors = [], []

    def charge(key: str) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes.append(TestProvider(restaurant).charge(card, amount=3000, idempotency_key=key).status)
        except PaymentAmountInvalid:
            outcomes.append("refused")
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=charge, args=(f"worker-{i}",)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert sorted(outcomes) == ["refused", "succeeded"]
    assert list(SimulatedCharge.objects.values_list("amount", flat=True)) == [3000]
