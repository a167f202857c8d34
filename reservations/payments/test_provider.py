"""The built-in test provider: card guarantees without a card processor, for development, the demo and tests.

It runs inside the service and keeps its side (what Stripe would keep) in the database
(`reservations.models.payments`), so web processes and workers share one state. Test card
numbers behave like Stripe's test cards (`TEST_CARDS`, documented in docs/design.md
"Payments"); any other number is declined and never stored. Ids are deterministic: the
prefix, `test_`, and 24 hex digits of a hash of the restaurant and the idempotency key (a
payment method: of its intent and attempt), so a retry finds the same row.
"""

import hashlib
from dataclasses import dataclass

from django.db import transaction

from config.exceptions import NotFound
from reservations.models.payments import (
    SimulatedCardIntent,
    SimulatedCharge,
    SimulatedChargeStatus,
    SimulatedIntentStatus,
    SimulatedRefund,
)
from reservations.payments.base import (
    CardResult,
    CardStatus,
    Charge,
    ChargeResult,
    GuaranteeIntent,
    NextAction,
    PaymentProvider,
    PaymentStatus,
    RefundResult,
    SavedCard,
)
from reservations.payments.exceptions import IdempotencyKeyReused, PaymentAmountInvalid, PaymentStateConflict

MESSAGES = {
    "card_declined": "Your card was declined.",
    "insufficient_funds": "Your card has insufficient funds.",
    "lost_card": "Your card was declined.",
    "stolen_card": "Your card was declined.",
    "expired_card": "Your card has expired.",
    "incorrect_cvc": "Your card's security code is incorrect.",
    "processing_error": "An error occurred while processing your card. Try again in a little bit.",
    "incorrect_number": "Your card number is incorrect.",
    "test_mode_live_card": "Your card was declined: only test card numbers are accepted here.",
    "authentication_failed": "We are unable to authenticate your payment method. Choose another one and try again.",
    "authentication_required": "Your card was declined: this transaction requires authentication.",
}


@dataclass(frozen=True)
class TestCard:
    """How one test card number behaves: `declines` on saving, `needs_authentication` (the extra
    step) on saving, and `charge_fails` on an off-session charge (None: the step succeeds)."""

    __test__ = False  # not a pytest test class

    number: str
    brand: str
    declines: str | None = None
    needs_authentication: bool = False
    charge_fails: str | None = None
    description: str = ""


TEST_CARDS = {
    card.number: card
    for card in (
        TestCard("4242424242424242", "visa", description="saved; charges succeed"),
        TestCard("5555555555554444", "mastercard", description="saved; charges succeed"),
        TestCard("4000000000000002", "visa", declines="card_declined", description="declined"),
        TestCard("4000000000009987", "visa", declines="lost_card", description="declined (lost card)"),
        TestCard("4000000000009979", "visa", declines="stolen_card", description="declined (stolen card)"),
        TestCard("4000000000000069", "visa", declines="expired_card", description="declined (expired)"),
        TestCard("4000000000000127", "visa", declines="incorrect_cvc", description="declined (security code)"),
        TestCard("4000000000000119", "visa", declines="processing_error", description="declined (processing error)"),
        TestCard(
            "4000000000009995", "visa", charge_fails="insufficient_funds", description="saved; charges fail (funds)"
        ),
        TestCard("4000000000000341", "visa", charge_fails="card_declined", description="saved; charges are declined"),
        TestCard(
            "4000002500003155",
            "visa",
            needs_authentication=True,
            description="extra step to save; charges then succeed off-session",
        ),
        TestCard(
            "4000002760003184",
            "visa",
            needs_authentication=True,
            charge_fails="authentication_required",
            description="extra step to save; off-session charges fail (authentication required)",
        ),
        TestCard(
            "4000008260003178",
            "visa",
            needs_authentication=True,
            charge_fails="insufficient_funds",
            description="extra step to save; charges fail (funds)",
        ),
    )
}


def luhn_valid(number: str) -> bool:
    total = 0
    for position, digit in enumerate(reversed(number)):
        value = int(digit)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def normalise_card_number(text: str) -> str:
    return "".join(ch for ch in text if ch not in " -")


def deterministic_id(prefix: str, *parts: str) -> str:
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:24]
    return f"{prefix}_test_{digest}"


class TestProvider(PaymentProvider):
    """Test cards only; see `TEST_CARDS`. The extra step is simulated by `authenticate`."""

    __test__ = False  # not a pytest test class
    name = "test"

    # Creating and attaching.

    def _create_guarantee(self, *, amount, currency, customer_email, reference, idempotency_key) -> GuaranteeIntent:
        key = self.restaurant.public_id
        wanted = {"amount": amount, "currency": currency, "customer_email": customer_email, "reference": reference}
        with transaction.atomic():
            intent, created = SimulatedCardIntent.objects.get_or_create(
                restaurant=self.restaurant,
                idempotency_key=idempotency_key,
                defaults={
                    **wanted,
                    "intent_id": deterministic_id("seti", key, idempotency_key),
                    "customer_id": deterministic_id("cus", key, idempotency_key),
                },
            )
        if not created and any(getattr(intent, field) != value for field, value in wanted.items()):
            raise IdempotencyKeyReused()
        return GuaranteeIntent(
            provider=self.name,
            intent_id=intent.intent_id,
            customer_id=intent.customer_id,
            amount=intent.amount,
            currency=intent.currency,
        )

    def _confirm_card(self, intent_id, *, card, return_url) -> CardResult:
        number = normalise_card_number(card)
        with transaction.atomic():
            intent = self._intent(intent_id, lock=True)
            if intent.status not in (SimulatedIntentStatus.REQUIRES_CARD, SimulatedIntentStatus.REQUIRES_ACTION):
                raise PaymentStateConflict(f"The intent {intent_id} is {intent.status}; no card can be attached now.")
            intent.attempts += 1
            intent.card_number = ""
            test_card = TEST_CARDS.get(number)
            if not number.isdigit() or not 12 <= len(number) <= 19 or not luhn_valid(number):
                return self._decline(intent, "incorrect_number")
            if test_card is None:
                return self._decline(intent, "test_mode_live_card")  # a real card number: never stored
            intent.card_number = number
            if test_card.declines:
                return self._decline(intent, test_card.declines)
            intent.payment_method_id = deterministic_id("pm", intent.intent_id, str(intent.attempts))
            intent.last_error = ""
            if test_card.needs_authentication:
                intent.status = SimulatedIntentStatus.REQUIRES_ACTION
                intent.save()
                return self._result(intent, action=NextAction("test_authentication", url=return_url))
            intent.status = SimulatedIntentStatus.SAVED
            intent.save()
            return self._result(intent)

    def authenticate(self, intent_id: str, *, approve: bool) -> CardResult:
        """The guest's answer to the simulated extra step (what a bank's 3-D Secure page decides
        for Stripe): approved, the card is saved; failed, the intent waits for another card."""
        with transaction.atomic():
            intent = self._intent(intent_id, lock=True)
            if intent.status != SimulatedIntentStatus.REQUIRES_ACTION:
                raise PaymentStateConflict(f"The intent {intent_id} is {intent.status}; it awaits no extra step.")
            if not approve:
                return self._decline(intent, "authentication_failed")
            intent.status = SimulatedIntentStatus.SAVED
            intent.save()
            return self._result(intent)

    def _card_status(self, intent_id) -> CardResult:
        intent = self._intent(intent_id)
        action = NextAction("test_authentication") if intent.status == SimulatedIntentStatus.REQUIRES_ACTION else None
        return self._result(intent, action=action)

    def _release(self, intent_id) -> CardResult:
        with transaction.atomic():
            intent = self._intent(intent_id, lock=True)
            if intent.status != SimulatedIntentStatus.RELEASED:
                intent.status = SimulatedIntentStatus.RELEASED
                intent.save()
            return self._result(intent)

    # Money.

    def _charge(self, card: SavedCard, *, amount, reference, idempotency_key) -> ChargeResult:
        with transaction.atomic():
            intent = self._intent(card.intent_id, lock=True)
            previous = SimulatedCharge.objects.filter(
                restaurant=self.restaurant, idempotency_key=idempotency_key
            ).first()
            if previous is not None:
                if (previous.intent_id, previous.amount) != (intent.pk, amount):
                    raise IdempotencyKeyReused()
                return self._charge_result(previous)
            if intent.status != SimulatedIntentStatus.SAVED or intent.payment_method_id != card.payment_method_id:
                raise PaymentStateConflict(f"No card is saved on {card.intent_id} (it is {intent.status}).")
            # The provider's own count, whatever the caller believes was charged already.
            taken = sum(intent.charges.filter(status=SimulatedChargeStatus.SUCCEEDED).values_list("amount", flat=True))
            if amount > intent.amount - taken:
                raise PaymentAmountInvalid(
                    f"The amount {amount} is above what is left of the guarantee ({intent.amount - taken})."
                )
            failure = TEST_CARDS[intent.card_number].charge_fails
            charge = SimulatedCharge.objects.create(
                charge_id=deterministic_id("ch", self.restaurant.public_id, idempotency_key),
                restaurant=self.restaurant,
                intent=intent,
                idempotency_key=idempotency_key,
                reference=reference,
                amount=amount,
                currency=intent.currency,
                status=SimulatedChargeStatus.FAILED if failure else SimulatedChargeStatus.SUCCEEDED,
                failure_reason=failure or "",
            )
            return self._charge_result(charge)

    def _refund(self, charge: Charge, *, amount, reference, idempotency_key) -> RefundResult:
        with transaction.atomic():
            try:
                row = SimulatedCharge.objects.select_for_update().get(
                    restaurant=self.restaurant, charge_id=charge.charge_id
                )
            except SimulatedCharge.DoesNotExist:
                raise NotFound(f"No such charge: {charge.charge_id}.", param="charge_id") from None
            previous = SimulatedRefund.objects.filter(
                restaurant=self.restaurant, idempotency_key=idempotency_key
            ).first()
            if previous is not None:
                if (previous.charge_id, previous.amount) != (row.pk, amount):
                    raise IdempotencyKeyReused()
                return self._refund_result(previous, row)
            if row.status != SimulatedChargeStatus.SUCCEEDED:
                raise PaymentStateConflict(f"The charge {charge.charge_id} failed; there is nothing to refund.")
            if amount > row.amount - row.refunded_amount:
                raise PaymentAmountInvalid(
                    f"The amount {amount} is above what is left of the charge to refund "
                    f"({row.amount - row.refunded_amount})."
                )
            refund = SimulatedRefund.objects.create(
                refund_id=deterministic_id("re", self.restaurant.public_id, idempotency_key),
                restaurant=self.restaurant,
                charge=row,
                idempotency_key=idempotency_key,
                reference=reference,
                amount=amount,
            )
            row.refunded_amount += amount
            row.save(update_fields=["refunded_amount"])
            return self._refund_result(refund, row)

    # Rows and results.

    def _intent(self, intent_id: str, *, lock: bool = False) -> SimulatedCardIntent:
        rows = SimulatedCardIntent.objects.filter(restaurant=self.restaurant, intent_id=intent_id)
        intent = (rows.select_for_update() if lock else rows).first()
        if intent is None:
            raise NotFound(f"No such card intent: {intent_id}.", param="intent_id")
        return intent

    def _decline(self, intent: SimulatedCardIntent, reason: str) -> CardResult:
        intent.status = SimulatedIntentStatus.REQUIRES_CARD
        intent.payment_method_id = ""
        intent.last_error = reason
        intent.save()
        return self._result(intent)

    def _result(self, intent: SimulatedCardIntent, *, action: NextAction | None = None) -> CardResult:
        status = {
            SimulatedIntentStatus.REQUIRES_CARD: CardStatus.DECLINED if intent.last_error else CardStatus.REQUIRES_CARD,
            SimulatedIntentStatus.REQUIRES_ACTION: CardStatus.REQUIRES_ACTION,
            SimulatedIntentStatus.SAVED: CardStatus.SAVED,
            SimulatedIntentStatus.RELEASED: CardStatus.RELEASED,
        }[intent.status]
        with_card = intent.payment_method_id and status in (CardStatus.SAVED, CardStatus.REQUIRES_ACTION)
        card = TEST_CARDS.get(intent.card_number) if with_card else None
        return CardResult(
            provider=self.name,
            status=status,
            intent_id=intent.intent_id,
            customer_id=intent.customer_id,
            amount=intent.amount,
            currency=intent.currency,
            payment_method_id=intent.payment_method_id if with_card else None,
            brand=card.brand if card else None,
            last4=intent.card_number[-4:] if card else None,
            reason=(intent.last_error or None) if status == CardStatus.DECLINED else None,
            message=MESSAGES.get(intent.last_error) if status == CardStatus.DECLINED else None,
            action=action,
        )

    def _charge_result(self, charge: SimulatedCharge) -> ChargeResult:
        failed = charge.status == SimulatedChargeStatus.FAILED
        return ChargeResult(
            provider=self.name,
            status=PaymentStatus.FAILED if failed else PaymentStatus.SUCCEEDED,
            charge_id=charge.charge_id,
            amount=charge.amount,
            currency=charge.currency,
            reason=charge.failure_reason or None,
            message=MESSAGES.get(charge.failure_reason) if failed else None,
        )

    def _refund_result(self, refund: SimulatedRefund, charge: SimulatedCharge) -> RefundResult:
        return RefundResult(
            provider=self.name,
            status=PaymentStatus.SUCCEEDED,
            refund_id=refund.refund_id,
            charge_id=charge.charge_id,
            amount=refund.amount,
            currency=charge.currency,
        )
