"""Provider webhooks: verified, recorded once, and read as provider-neutral outcomes.

Stripe signs each delivery (`Stripe-Signature`: a timestamp and an HMAC-SHA256 of
"{timestamp}.{body}" with the endpoint's signing secret, `STRIPE_WEBHOOK_SECRET`).
`receive_stripe_event` verifies it with `stripe.Webhook.construct_event` (a tampered body, a
wrong secret or a timestamp older than `STRIPE_WEBHOOK_TOLERANCE`, 300 s, is refused: a
replay), then records the event once by its id (`ProviderEvent`; a redelivery is reported as
a duplicate and changes nothing).

`outcome_of(event)` reads what an event means for a guarantee, whichever provider sent it:
`card_saved`, `charge_succeeded`, `charge_failed`, `charge_refunded`; None for any other event.
Acting on it (the booking's state, its events, `processed_at`) belongs to the guarantee's
state machine, built on this seam.
"""

import json
from dataclasses import dataclass
from enum import StrEnum

import stripe
from django.conf import settings

from reservations.models.payments import ProviderEvent
from reservations.models.restaurant import PaymentProviderName
from reservations.payments.stripe_provider import failure_reason, field, metadata_of


class WebhookRefused(Exception):
    """A delivery that is not a genuine, fresh provider event (the endpoint answers 400)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class OutcomeKind(StrEnum):
    CARD_SAVED = "card_saved"
    CHARGE_SUCCEEDED = "charge_succeeded"
    CHARGE_FAILED = "charge_failed"
    CHARGE_REFUNDED = "charge_refunded"


@dataclass(frozen=True)
class ProviderOutcome:
    """What a provider event says about a guarantee, in the interface's terms (`base`).

    `restaurant` and `reference` are the restaurant's public id and the booking's reference the
    provider was given (None when the object was not made by this service). `intent_id` is a
    card-saving intent, `charge_id` a charge as `ChargeResult.charge_id` names it. `amount`: the
    guarantee for `card_saved`, the amount charged or attempted, the total refunded so far for
    `charge_refunded`.
    """

    kind: OutcomeKind
    provider: str
    event_id: str
    restaurant: str | None
    reference: str | None
    intent_id: str | None = None
    payment_method_id: str | None = None
    charge_id: str | None = None
    amount: int | None = None
    currency: str | None = None
    reason: str | None = None
    message: str | None = None


@dataclass(frozen=True)
class ReceivedEvent:
    event: ProviderEvent
    created: bool  # False: a redelivery of an event already recorded
    outcome: ProviderOutcome | None


def verify_stripe_event(payload: bytes, signature: str | None, *, secret: str, tolerance: int) -> dict:
    """The event a genuine, fresh Stripe delivery carries; WebhookRefused otherwise."""
    if not secret:
        raise ValueError("No Stripe webhook signing secret is configured.")
    try:
        stripe.Webhook.construct_event(payload, signature, secret, tolerance)
    except stripe.SignatureVerificationError as error:
        raise WebhookRefused("invalid_signature", f"The Stripe-Signature header does not verify: {error}") from None
    except (ValueError, TypeError, AttributeError, KeyError):
        # The library parses the body only once its signature verified: a genuine body, not an event.
        raise WebhookRefused("invalid_payload", "The body is not a JSON event.") from None
    event = json.loads(payload)
    if not isinstance(event, dict) or not isinstance(event.get("id"), str) or not isinstance(event.get("type"), str):
        raise WebhookRefused("invalid_payload", "The body is not a Stripe event.")
    return event


def record_event(provider: str, event: dict) -> tuple[ProviderEvent, bool]:
    """The event's row, written the first time its id is seen (concurrent deliveries write one)."""
    return ProviderEvent.objects.get_or_create(
        provider=provider,
        event_id=event["id"],
        defaults={"type": event["type"], "livemode": bool(event.get("livemode")), "payload": event},
    )


def receive_stripe_event(payload: bytes, signature: str | None) -> ReceivedEvent:
    """Verify a Stripe delivery, record it once, and say what it means."""
    event = verify_stripe_event(
        payload, signature, secret=settings.STRIPE_WEBHOOK_SECRET, tolerance=settings.STRIPE_WEBHOOK_TOLERANCE
    )
    row, created = record_event(PaymentProviderName.STRIPE, event)
    return ReceivedEvent(event=row, created=created, outcome=outcome_of(row))


def outcome_of(event: ProviderEvent) -> ProviderOutcome | None:
    """The provider-neutral outcome of a recorded event; None when it means nothing to a guarantee."""
    if event.provider != PaymentProviderName.STRIPE:
        return None
    obj = (event.payload.get("data") or {}).get("object") or {}
    metadata = metadata_of(obj)
    common = {
        "provider": event.provider,
        "event_id": event.event_id,
        "restaurant": metadata.get("restaurant"),
        "reference": metadata.get("reference"),
    }
    currency = (field(obj, "currency") or "").upper() or None
    if event.type == "setup_intent.succeeded":
        payment_method = field(obj, "payment_method")
        amount = metadata.get("guarantee_amount")
        return ProviderOutcome(
            OutcomeKind.CARD_SAVED,
            **common,
            intent_id=field(obj, "id"),
            payment_method_id=field(payment_method, "id") if isinstance(payment_method, dict) else payment_method,
            amount=int(amount) if amount and str(amount).isdigit() else None,
            currency=metadata.get("guarantee_currency"),
        )
    if event.type == "payment_intent.succeeded":
        return ProviderOutcome(
            OutcomeKind.CHARGE_SUCCEEDED,
            **common,
            intent_id=metadata.get("setup_intent"),
            charge_id=field(obj, "id"),
            amount=field(obj, "amount_received") or field(obj, "amount"),
            currency=currency,
        )
    if event.type == "payment_intent.payment_failed":
        error = field(obj, "last_payment_error")
        return ProviderOutcome(
            OutcomeKind.CHARGE_FAILED,
            **common,
            intent_id=metadata.get("setup_intent"),
            charge_id=field(obj, "id"),
            amount=field(obj, "amount"),
            currency=currency,
            reason=failure_reason(error),
            message=field(error, "message"),
        )
    if event.type == "charge.refunded":
        return ProviderOutcome(
            OutcomeKind.CHARGE_REFUNDED,
            **common,
            intent_id=metadata.get("setup_intent"),
            charge_id=field(obj, "payment_intent") or field(obj, "id"),
            amount=field(obj, "amount_refunded"),
            currency=currency,
        )
    return None
