"""What a payment provider refuses, as domain exceptions (config.exceptions renders them).

A card declined or a charge failed is not an exception: it is an ordinary result
(`reservations.payments.base`), since the caller must record it. These are for requests
that cannot be carried out at all.
"""

from config.exceptions import Conflict, InvalidInput, Refused


class PaymentsSuspended(Refused):
    """The restaurant cannot take card payments now (its switch is off, or its provider is unusable)."""

    code = "payments_suspended"

    def __init__(self, message: str = "This restaurant cannot take card payments now."):
        super().__init__(message)


class PaymentAmountInvalid(Refused):
    """An amount that is not a whole number of minor units above zero, or above what may be taken or given back."""

    code = "payment_amount_invalid"

    def __init__(self, message: str, *, code: str | None = None):
        super().__init__(message, code=code, param="amount")


class PaymentStateConflict(Conflict):
    """The card, intent or charge is not in a state that allows this (e.g. charging a released card)."""

    code = "payment_state_conflict"


class IdempotencyKeyReused(Conflict):
    """An idempotency key already used for a different request."""

    code = "idempotency_key_reused"

    def __init__(self, message: str = "This idempotency key was already used with different parameters."):
        super().__init__(message, param="idempotency_key")


class PaymentInputInvalid(InvalidInput):
    """A malformed argument (currency, idempotency key, a card number sent where a token belongs)."""


class PaymentProviderError(Refused):
    """The provider could not be reached, refused our credentials, or failed in a way that is not the card's."""

    code = "payment_provider_error"
