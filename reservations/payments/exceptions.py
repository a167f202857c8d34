"""What a payment provider refuses, as domain exceptions (config.exceptions renders them).

A card declined or a charge failed is not an exception: it is an ordinary result
(`reservations.payments.base`), since the caller must record it. These are for requests
that cannot be carried out at all.
"""

from config.error_codes import ErrorCode, register
from config.exceptions import Conflict, InvalidInput, Refused, Upstream


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
    """An idempotency key of a provider call already used for a different request."""

    code = "payment_idempotency_key_reused"

    def __init__(self, message: str = "This idempotency key was already used with different parameters."):
        super().__init__(message, param="idempotency_key")


class CardStepClosed(Conflict):
    """The booking no longer awaits a card: saved already, its deadline passed, or it ended."""

    code = "card_step_closed"

    def __init__(self, message: str = "This booking no longer awaits a card."):
        super().__init__(message)


class GuaranteeNotChargeable(Conflict):
    """A charge, refund or release the booking's guarantee does not allow now."""

    code = "guarantee_not_chargeable"


class FeedbackNotAllowed(Conflict):
    """Feedback is taken once per booking, after a completed visit."""

    code = "feedback_not_allowed"


class PaymentInputInvalid(InvalidInput):
    """A malformed argument (currency, idempotency key, a card number sent where a token belongs)."""


class PaymentProviderError(Upstream):
    """The provider could not be reached, refused our credentials, or failed in a way that is not the card's."""


register(
    ErrorCode(
        "payments_suspended",
        422,
        "The restaurant cannot take card payments now, so a card guarantee cannot be requested.",
        "Book without a card request (or waive `guarantee_required` with the override scope).",
        group="guarantee",
    ),
    ErrorCode(
        "payment_amount_invalid",
        422,
        "An amount to charge or refund is not a whole number of minor units above zero, or exceeds what may be "
        "charged or given back.",
        "Send an integer amount within the guarantee (or the charge, for a refund).",
        group="guarantee",
    ),
    ErrorCode(
        "payment_state_conflict",
        409,
        "The saved card or the charge is not in a state that allows this (e.g. charging a released card).",
        "Read the booking's guarantee again; nothing was charged.",
        group="guarantee",
    ),
    ErrorCode(
        "payment_idempotency_key_reused",
        409,
        "A payment provider call was repeated with the same key and different parameters.",
        "A fault of the caller: use a new key for a new charge or refund.",
        group="guarantee",
    ),
    ErrorCode(
        "card_step_closed",
        409,
        "The booking no longer awaits a card: the card was saved already, the deadline passed, or the booking ended.",
        "Read the booking again; nothing was saved.",
        group="guarantee",
    ),
    ErrorCode(
        "guarantee_not_chargeable",
        409,
        "The booking's guarantee does not allow this now: a charge needs a saved card on a no-show or cancelled "
        "booking, a refund a successful charge, a release a guarantee with nothing charged.",
        "Read the booking's guarantee again; nothing was charged or given back.",
        group="guarantee",
    ),
    ErrorCode(
        "feedback_not_allowed",
        409,
        "Feedback is taken once per booking, after a completed visit.",
        "Nothing to do: the booking is not completed, or its feedback was given already.",
        group="guarantee",
    ),
)
