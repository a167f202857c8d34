"""The payment-provider interface: what a booking's card guarantee asks of a card processor.

A guarantee's life, in provider-neutral terms:

1. `create_guarantee`: an intent to save the guest's card for a guarantee of `amount` (integer
   minor units) in `currency`; it returns the ids to keep and what the guest page needs
   (Stripe: a client secret for Stripe.js; the test provider: nothing).
2. `confirm_card`: the guest's card is attached (the test provider takes a test card number;
   Stripe a PaymentMethod id made by Stripe.js, never a card number). Outcomes: `saved`,
   `declined` with a reason (another card may be tried), or `requires_action`: an extra step
   (3-D Secure) the guest completes or fails, after which `card_status` tells the outcome.
3. `charge`: an off-session charge of a saved card for a no-show or a late cancellation, of
   the whole guarantee or part of it: `succeeded` or `failed` with a reason.
4. `refund`: a charge given back, fully or partially.
5. `release`: the card is let go with no charge (the intent cancelled, the card detached).

The provider does not store the booking's side: the caller keeps the `SavedCard` and
`Charge` handles (ids and amounts) with the booking and hands them back. Every amount is
validated here, the same for every provider, before any provider is called: a whole number
(never a float) above zero, at most the guarantee's remainder for a charge and the charge's
remainder for a refund. Writes take an idempotency key: retrying a call with the same key
never charges twice.
"""

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from reservations.payments.exceptions import PaymentAmountInvalid, PaymentInputInvalid, PaymentStateConflict

# Stripe's ceiling for one amount (eight digits of minor units); far above any guarantee.
MAX_AMOUNT = 99_999_999
MAX_IDEMPOTENCY_KEY = 200  # Stripe takes 255; the Stripe provider adds suffixes to some keys
MAX_REFERENCE = 100


class CardStatus(StrEnum):
    REQUIRES_CARD = "requires_card"  # no card attached yet
    REQUIRES_ACTION = "requires_action"  # the guest must complete an extra step (3-D Secure)
    PROCESSING = "processing"  # the provider has not decided yet
    SAVED = "saved"
    DECLINED = "declined"  # the last card was refused; another may be tried on the same intent
    RELEASED = "released"


class PaymentStatus(StrEnum):
    """The outcome of a charge or a refund."""

    SUCCEEDED = "succeeded"
    PENDING = "pending"  # the provider will conclude later (its webhook says how)
    FAILED = "failed"


@dataclass(frozen=True)
class GuaranteeIntent:
    """A card-saving intent, as created."""

    provider: str
    intent_id: str
    customer_id: str
    amount: int
    currency: str
    # What the guest page hands the provider's script (Stripe.js); None when nothing is needed.
    client_secret: str | None = None


@dataclass(frozen=True)
class NextAction:
    """The extra step a card needs. `type`: `test_authentication` (the test provider's simulated
    challenge, completed with `TestProvider.authenticate`), `use_stripe_sdk` (Stripe.js handles it
    with the client secret) or `redirect_to_url` (send the guest to `url`)."""

    type: str
    url: str | None = None


@dataclass(frozen=True)
class SavedCard:
    """What a booking keeps of its saved card to charge it later.

    `amount` is the guarantee (the most that may ever be charged on it), `charged` what
    successful charges have taken already.
    """

    provider: str
    intent_id: str
    customer_id: str
    payment_method_id: str
    amount: int
    currency: str
    charged: int = 0


@dataclass(frozen=True)
class CardResult:
    """Where a card-saving intent stands after an attempt (or when asked)."""

    provider: str
    status: CardStatus
    intent_id: str
    customer_id: str
    amount: int
    currency: str
    payment_method_id: str | None = None
    brand: str | None = None
    last4: str | None = None
    reason: str | None = None  # why the card was declined: `card_declined`, `expired_card`, ...
    message: str | None = None  # the provider's message, fit to show the guest
    action: NextAction | None = None

    @property
    def saved(self) -> bool:
        return self.status == CardStatus.SAVED

    def card(self) -> SavedCard:
        """The handle to keep with the booking once the card is saved."""
        if not self.saved or not self.payment_method_id:
            raise PaymentStateConflict(f"No card is saved on {self.intent_id} (it is {self.status}).")
        return SavedCard(
            provider=self.provider,
            intent_id=self.intent_id,
            customer_id=self.customer_id,
            payment_method_id=self.payment_method_id,
            amount=self.amount,
            currency=self.currency,
        )


@dataclass(frozen=True)
class Charge:
    """What a booking keeps of a successful charge to refund it later."""

    provider: str
    charge_id: str
    amount: int
    currency: str
    refunded: int = 0


@dataclass(frozen=True)
class ChargeResult:
    provider: str
    status: PaymentStatus
    charge_id: str | None  # None when the provider created nothing to refer to
    amount: int
    currency: str
    reason: str | None = None  # why it failed: `insufficient_funds`, `authentication_required`, ...
    message: str | None = None

    @property
    def succeeded(self) -> bool:
        return self.status == PaymentStatus.SUCCEEDED

    def charge(self) -> Charge:
        if not self.succeeded or not self.charge_id:
            raise PaymentStateConflict(f"This charge {self.status}; there is nothing to refund.")
        return Charge(provider=self.provider, charge_id=self.charge_id, amount=self.amount, currency=self.currency)


@dataclass(frozen=True)
class RefundResult:
    provider: str
    status: PaymentStatus
    refund_id: str | None
    charge_id: str
    amount: int
    currency: str
    reason: str | None = None
    message: str | None = None

    @property
    def succeeded(self) -> bool:
        return self.status == PaymentStatus.SUCCEEDED


def check_amount(amount, *, limit: int | None = None, limit_name: str = "", code: str | None = None) -> int:
    """A whole number of minor units, above zero, at most `limit` (and Stripe's ceiling)."""
    if type(amount) is not int:  # noqa: E721  a bool, a float or a Decimal is refused, not rounded
        raise PaymentAmountInvalid(
            f"Amounts are whole numbers of minor units (e.g. 2500 for 25.00), not {amount!r}.", code=code
        )
    if amount < 1:
        raise PaymentAmountInvalid(f"The amount must be above zero, not {amount}.", code=code)
    if amount > MAX_AMOUNT:
        raise PaymentAmountInvalid(f"The amount must be at most {MAX_AMOUNT}, not {amount}.", code=code)
    if limit is not None and amount > limit:
        raise PaymentAmountInvalid(f"The amount {amount} is above {limit_name} ({limit}).", code=code)
    return amount


def amount_of(asked: int | None, left: int, full: str, limit_name: str) -> int:
    """`asked` minor units, or (None) all that is `left`; refused when nothing is left (`full` says so)."""
    if left < 1:
        raise PaymentAmountInvalid(full)
    return check_amount(left if asked is None else asked, limit=left, limit_name=limit_name)


def check_currency(currency) -> str:
    if not isinstance(currency, str) or not re.fullmatch(r"[A-Z]{3}", currency):
        raise PaymentInputInvalid(
            f"A currency is three capital letters (ISO 4217), not {currency!r}.", param="currency"
        )
    return currency


def check_idempotency_key(key) -> str:
    if not isinstance(key, str) or not key or len(key) > MAX_IDEMPOTENCY_KEY or not key.isprintable():
        raise PaymentInputInvalid(
            f"An idempotency key is 1 to {MAX_IDEMPOTENCY_KEY} printable characters.", param="idempotency_key"
        )
    return key


def check_reference(reference) -> str:
    if not isinstance(reference, str) or len(reference) > MAX_REFERENCE:
        raise PaymentInputInvalid(f"A reference is text of at most {MAX_REFERENCE} characters.", param="reference")
    return reference


def check_email(email) -> str:
    if not isinstance(email, str) or len(email) > 254 or not re.fullmatch(r"[^@\s]+@[^@\s]+", email):
        raise PaymentInputInvalid("The guarantee needs the guest's e-mail address.", param="customer_email")
    return email


def check_id(value, param: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 255:
        raise PaymentInputInvalid(f"`{param}` must be a provider id.", param=param)
    return value


class PaymentProvider(ABC):
    """One restaurant's card processor. The public methods validate their arguments the same way
    for every provider, then hand over to the provider's `_` method."""

    name: ClassVar[str]

    def __init__(self, restaurant):
        self.restaurant = restaurant

    def create_guarantee(
        self, *, amount: int, currency: str, customer_email: str, reference: str, idempotency_key: str
    ) -> GuaranteeIntent:
        """An intent to save a card for a guarantee of `amount` minor units of `currency`.

        `reference` is the booking's id (kept by the provider for support); a retry with the same
        `idempotency_key` returns the same intent. An amount not above zero is 422
        `guarantee_amount_invalid`, as in the contract.
        """
        return self._create_guarantee(
            amount=check_amount(amount, code="guarantee_amount_invalid"),
            currency=check_currency(currency),
            customer_email=check_email(customer_email),
            reference=check_reference(reference),
            idempotency_key=check_idempotency_key(idempotency_key),
        )

    def confirm_card(self, intent_id: str, *, card: str, return_url: str | None = None) -> CardResult:
        """Attach the guest's card to the intent. `return_url`: where the extra step sends the guest back."""
        if not isinstance(card, str) or not card.strip():
            raise PaymentInputInvalid("Send the card to attach.", param="card")
        return self._confirm_card(check_id(intent_id, "intent_id"), card=card, return_url=return_url)

    def card_status(self, intent_id: str) -> CardResult:
        """Where the intent stands now (after the guest's extra step, or to check a webhook's word)."""
        return self._card_status(check_id(intent_id, "intent_id"))

    def charge(
        self, card: SavedCard, *, amount: int | None = None, reference: str = "", idempotency_key: str
    ) -> ChargeResult:
        """Charge a saved card off-session: `amount` minor units, or (None) all that is left of the guarantee."""
        self._check_handle(card.provider)
        full = f"The guarantee of {card.amount} has been charged in full already."
        amount = amount_of(amount, card.amount - card.charged, full, "what is left of the guarantee")
        reference, idempotency_key = check_reference(reference), check_idempotency_key(idempotency_key)
        return self._charge(card, amount=amount, reference=reference, idempotency_key=idempotency_key)

    def refund(
        self, charge: Charge, *, amount: int | None = None, reference: str = "", idempotency_key: str
    ) -> RefundResult:
        """Give back `amount` minor units of a charge, or (None) all of it that is not refunded yet."""
        self._check_handle(charge.provider)
        full = f"The charge {charge.charge_id} has been refunded in full already."
        amount = amount_of(amount, charge.amount - charge.refunded, full, "what is left of the charge to refund")
        reference, idempotency_key = check_reference(reference), check_idempotency_key(idempotency_key)
        return self._refund(charge, amount=amount, reference=reference, idempotency_key=idempotency_key)

    def release(self, intent_id: str) -> CardResult:
        """End the guarantee with no charge: the intent cancelled, a saved card detached. Twice is harmless."""
        return self._release(check_id(intent_id, "intent_id"))

    def _check_handle(self, provider: str) -> None:
        if provider != self.name:
            raise PaymentStateConflict(f"This card or charge belongs to the {provider} provider, not {self.name}.")

    @abstractmethod
    def _create_guarantee(
        self, *, amount: int, currency: str, customer_email: str, reference: str, idempotency_key: str
    ) -> GuaranteeIntent: ...

    @abstractmethod
    def _confirm_card(self, intent_id: str, *, card: str, return_url: str | None) -> CardResult: ...

    @abstractmethod
    def _card_status(self, intent_id: str) -> CardResult: ...

    @abstractmethod
    def _charge(self, card: SavedCard, *, amount: int, reference: str, idempotency_key: str) -> ChargeResult: ...

    @abstractmethod
    def _refund(self, charge: Charge, *, amount: int, reference: str, idempotency_key: str) -> RefundResult: ...

    @abstractmethod
    def _release(self, intent_id: str) -> CardResult: ...
