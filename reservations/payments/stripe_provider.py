"""The Stripe provider, with the official `stripe` library (its `StripeClient`).

- A guarantee: a Customer (the guest's e-mail) and a SetupIntent for an off-session card
  (`usage=off_session`), the guarantee's amount and currency kept in its metadata with the
  restaurant and the booking's reference. The guest page confirms it with Stripe.js and the
  client secret, or hands a PaymentMethod id (`pm_...`) to `confirm_card`; a card number never
  reaches this code.
- A charge: a PaymentIntent with `off_session=true, confirm=true` on the saved card; the
  PaymentIntent's id is the charge's id (refunds name it).
- A refund: a Refund of that PaymentIntent.
- A release: the SetupIntent cancelled, or once it succeeded, its PaymentMethod detached.

Card errors (HTTP 402) become `declined` and `failed` results; the others become domain
exceptions (`resource_missing`: NotFound; an unexpected state: PaymentStateConflict; a reused
idempotency key: IdempotencyKeyReused; anything else: PaymentProviderError, logged). An
intent whose metadata names another restaurant is not found.
"""

import dataclasses
import logging

import stripe

from config.exceptions import NotFound
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
from reservations.payments.exceptions import (
    IdempotencyKeyReused,
    PaymentInputInvalid,
    PaymentProviderError,
    PaymentStateConflict,
)

logger = logging.getLogger(__name__)

STATE_ERRORS = {
    "setup_intent_unexpected_state",
    "payment_intent_unexpected_state",
    "payment_method_unexpected_state",
    "charge_already_refunded",
}
CANCELLABLE = {"requires_payment_method", "requires_confirmation", "requires_action"}


def field(obj, name: str):
    """A field of a Stripe object or of its JSON (a webhook's), None when the object or the field is absent."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None) if obj is not None else None


def metadata_of(obj) -> dict:
    metadata = field(obj, "metadata")
    if metadata is None or isinstance(metadata, dict):
        return metadata or {}
    return metadata.to_dict()


def failure_reason(error) -> str | None:
    """A provider-neutral reason from a Stripe error object: the issuer's decline code when it says
    more than `generic_decline`, else the error code."""
    if error is None:
        return None
    code = field(error, "code")
    decline = field(error, "decline_code")
    if code in ("setup_intent_authentication_failure", "payment_intent_authentication_failure"):
        return "authentication_failed"
    if decline and decline != "generic_decline":
        return decline
    return code or decline or "card_declined"


class StripeProvider(PaymentProvider):
    name = "stripe"

    def __init__(
        self,
        restaurant,
        *,
        api_key: str,
        api_base: str | None = None,
        max_network_retries: int = 2,
        http_client: "stripe.HTTPClient | None" = None,
    ):
        super().__init__(restaurant)
        self.client = stripe.StripeClient(
            api_key,
            base_addresses={"api": api_base} if api_base else None,
            max_network_retries=max_network_retries,
            http_client=http_client,
        )

    # Creating and attaching.

    def _create_guarantee(self, *, amount, currency, customer_email, reference, idempotency_key) -> GuaranteeIntent:
        metadata = self._metadata(reference)
        customer = self._call(
            self.client.v1.customers.create,
            params={"email": customer_email, "metadata": metadata},
            options={"idempotency_key": f"{idempotency_key}:customer"},
        )
        intent = self._call(
            self.client.v1.setup_intents.create,
            params={
                "customer": customer.id,
                "usage": "off_session",
                "payment_method_types": ["card"],
                "metadata": {**metadata, "guarantee_amount": str(amount), "guarantee_currency": currency},
            },
            options={"idempotency_key": f"{idempotency_key}:setup_intent"},
        )
        return GuaranteeIntent(
            provider=self.name,
            intent_id=intent.id,
            customer_id=customer.id,
            amount=amount,
            currency=currency,
            client_secret=intent.client_secret,
        )

    def _confirm_card(self, intent_id, *, card, return_url) -> CardResult:
        if not card.startswith("pm_"):
            # A card number must never pass through this service (PCI DSS): Stripe.js tokenises it.
            raise PaymentInputInvalid("Stripe takes a PaymentMethod id from Stripe.js (pm_...).", param="card")
        intent = self._retrieve(intent_id)
        params = {"payment_method": card, "expand": ["payment_method"]}
        if return_url:
            params["return_url"] = return_url
        try:
            confirmed = self._call(self.client.v1.setup_intents.confirm, intent_id, params=params)
        except stripe.CardError as error:
            declined = field(error.error, "setup_intent")
            return dataclasses.replace(
                self._card_result(declined or intent),
                status=CardStatus.DECLINED,
                payment_method_id=None,
                brand=None,
                last4=None,
                reason=failure_reason(error.error) or error.code,
                message=error.user_message,
                action=None,
            )
        return self._card_result(confirmed)

    def _card_status(self, intent_id) -> CardResult:
        return self._card_result(self._retrieve(intent_id))

    def _release(self, intent_id) -> CardResult:
        intent = self._retrieve(intent_id)
        payment_method = field(intent, "payment_method")
        if intent.status in CANCELLABLE:
            intent = self._call(
                self.client.v1.setup_intents.cancel,
                intent_id,
                params={"cancellation_reason": "abandoned", "expand": ["payment_method"]},
            )
        elif intent.status == "succeeded" and isinstance(payment_method, str):
            self._call(self.client.v1.payment_methods.detach, payment_method)
        elif intent.status == "succeeded" and field(payment_method, "customer"):
            self._call(self.client.v1.payment_methods.detach, payment_method.id)
        elif intent.status == "processing":
            raise PaymentStateConflict(f"The intent {intent_id} is being processed; release it once it is decided.")
        return dataclasses.replace(
            self._card_result(intent), status=CardStatus.RELEASED, payment_method_id=None, brand=None, last4=None
        )

    # Money.

    def _charge(self, card: SavedCard, *, amount, reference, idempotency_key) -> ChargeResult:
        params = {
            "amount": amount,
            "currency": card.currency.lower(),
            "customer": card.customer_id,
            "payment_method": card.payment_method_id,
            "payment_method_types": ["card"],
            "off_session": True,
            "confirm": True,
            "metadata": {**self._metadata(reference), "setup_intent": card.intent_id},
        }
        try:
            intent = self._call(
                self.client.v1.payment_intents.create, params=params, options={"idempotency_key": idempotency_key}
            )
        except stripe.CardError as error:
            return ChargeResult(
                provider=self.name,
                status=PaymentStatus.FAILED,
                charge_id=field(field(error.error, "payment_intent"), "id"),
                amount=amount,
                currency=card.currency,
                reason=failure_reason(error.error) or error.code,
                message=error.user_message,
            )
        status = {"succeeded": PaymentStatus.SUCCEEDED, "processing": PaymentStatus.PENDING}.get(
            intent.status, PaymentStatus.FAILED
        )
        reason = None
        last_error = field(intent, "last_payment_error")
        if status == PaymentStatus.FAILED:
            reason = failure_reason(last_error) or (
                "authentication_required" if intent.status == "requires_action" else intent.status
            )
        return ChargeResult(
            provider=self.name,
            status=status,
            charge_id=intent.id,
            amount=intent.amount,
            currency=intent.currency.upper(),
            reason=reason,
            message=field(last_error, "message") if reason else None,
        )

    def _refund(self, charge: Charge, *, amount, reference, idempotency_key) -> RefundResult:
        refund = self._call(
            self.client.v1.refunds.create,
            params={"payment_intent": charge.charge_id, "amount": amount, "metadata": self._metadata(reference)},
            options={"idempotency_key": idempotency_key},
        )
        status = {
            "succeeded": PaymentStatus.SUCCEEDED,
            "pending": PaymentStatus.PENDING,
            "requires_action": PaymentStatus.PENDING,
        }.get(refund.status, PaymentStatus.FAILED)
        return RefundResult(
            provider=self.name,
            status=status,
            refund_id=refund.id,
            charge_id=charge.charge_id,
            amount=refund.amount,
            currency=refund.currency.upper(),
            reason=(field(refund, "failure_reason") or refund.status) if status == PaymentStatus.FAILED else None,
        )

    # Stripe's objects and errors.

    def _metadata(self, reference: str) -> dict:
        return {"restaurant": self.restaurant.public_id, "reference": reference}

    def _retrieve(self, intent_id: str):
        intent = self._call(self.client.v1.setup_intents.retrieve, intent_id, params={"expand": ["payment_method"]})
        if metadata_of(intent).get("restaurant") != self.restaurant.public_id:
            raise NotFound(f"No such card intent: {intent_id}.", param="intent_id")
        return intent

    def _card_result(self, intent) -> CardResult:
        metadata = metadata_of(intent)
        payment_method = field(intent, "payment_method")
        if isinstance(payment_method, str):
            payment_method_id, card, attached = payment_method, None, True
        else:
            payment_method_id = field(payment_method, "id")
            card, attached = field(payment_method, "card"), bool(field(payment_method, "customer"))
        error = field(intent, "last_setup_error")
        status = {
            "succeeded": CardStatus.SAVED if attached else CardStatus.RELEASED,
            "requires_action": CardStatus.REQUIRES_ACTION,
            "processing": CardStatus.PROCESSING,
            "canceled": CardStatus.RELEASED,
        }.get(intent.status, CardStatus.DECLINED if error else CardStatus.REQUIRES_CARD)
        action = None
        next_action = field(intent, "next_action")
        if status == CardStatus.REQUIRES_ACTION and next_action is not None:
            action = NextAction(next_action.type, url=field(field(next_action, "redirect_to_url"), "url"))
        keep_card = status in (CardStatus.SAVED, CardStatus.REQUIRES_ACTION, CardStatus.PROCESSING)
        return CardResult(
            provider=self.name,
            status=status,
            intent_id=intent.id,
            customer_id=field(intent, "customer") or "",
            amount=int(metadata.get("guarantee_amount", 0)),
            currency=metadata.get("guarantee_currency", ""),
            payment_method_id=payment_method_id if keep_card else None,
            brand=field(card, "brand") if keep_card else None,
            last4=field(card, "last4") if keep_card else None,
            reason=failure_reason(error) if status == CardStatus.DECLINED else None,
            message=field(error, "message") if status == CardStatus.DECLINED else None,
            action=action,
        )

    def _call(self, method, *args, **kwargs):
        """One Stripe call; its errors other than a card's become domain exceptions."""
        try:
            return method(*args, **kwargs)
        except stripe.CardError:
            raise
        except stripe.IdempotencyError as error:
            raise IdempotencyKeyReused() from error
        except stripe.InvalidRequestError as error:
            if error.code == "resource_missing":
                raise NotFound(error.user_message or "No such object.", param=error.param) from error
            if error.code in STATE_ERRORS:
                raise PaymentStateConflict(error.user_message or error.code) from error
            logger.error("Stripe refused a request: %s (request %s)", error.user_message, error.request_id)
            raise PaymentProviderError(f"Stripe refused the request: {error.user_message}") from error
        except stripe.StripeError as error:
            logger.error("Stripe failed: %r", error)
            raise PaymentProviderError(
                f"Stripe could not be used: {error.user_message or type(error).__name__}"
            ) from error
