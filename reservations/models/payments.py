"""Rows of the payment providers (reservations/payments).

- `SimulatedCardIntent`, `SimulatedCharge`, `SimulatedRefund`: the built-in test provider's side
  of the card processor (what Stripe keeps on its servers for the Stripe provider), in the
  database so that web processes and workers see one state. Only numbers of the test-card
  table are ever stored: any other number is refused before anything is written.
- `ProviderEvent`: each verified provider webhook, once per event id.
"""

from django.db import models
from django.db.models import F, Q

from config.constraints import one_of, tenant_key
from reservations.models.restaurant import PaymentProviderName


class SimulatedIntentStatus(models.TextChoices):
    REQUIRES_CARD = "requires_card"  # created, or the last card was declined (another may be tried)
    REQUIRES_ACTION = "requires_action"  # the card needs the extra (3-D Secure-like) step
    SAVED = "saved"
    RELEASED = "released"


class SimulatedChargeStatus(models.TextChoices):
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class SimulatedCardIntent(models.Model):
    """The test provider's card-saving intent for one booking's guarantee (its SetupIntent)."""

    intent_id = models.CharField(max_length=64, unique=True)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    idempotency_key = models.CharField(max_length=200)
    reference = models.CharField(max_length=100, blank=True, default="")
    customer_id = models.CharField(max_length=64)
    customer_email = models.CharField(max_length=254)
    amount = models.PositiveIntegerField()
    currency = models.CharField(max_length=3)
    status = models.CharField(
        max_length=20, choices=SimulatedIntentStatus.choices, default=SimulatedIntentStatus.REQUIRES_CARD
    )
    # The test card tried last (a number of the table, never any other) and its payment method.
    card_number = models.CharField(max_length=19, blank=True, default="")
    payment_method_id = models.CharField(max_length=64, blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=60, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            tenant_key("simulated_intent_tenant_key"),
            models.UniqueConstraint(fields=["restaurant", "idempotency_key"], name="simulated_intent_idempotency"),
            models.CheckConstraint(name="simulated_intent_amount_positive", condition=Q(amount__gte=1)),
            models.CheckConstraint(name="simulated_intent_currency_upper", condition=Q(currency__regex=r"^[A-Z]{3}$")),
            one_of("status", SimulatedIntentStatus.values, "simulated_intent_status_valid"),
        ]

    def __str__(self) -> str:
        return self.intent_id


class SimulatedCharge(models.Model):
    """An off-session charge attempt on a saved test card; a failed attempt is kept with its reason."""

    charge_id = models.CharField(max_length=64, unique=True)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    intent = models.ForeignKey(SimulatedCardIntent, on_delete=models.PROTECT, related_name="charges")
    idempotency_key = models.CharField(max_length=200)
    reference = models.CharField(max_length=100, blank=True, default="")
    amount = models.PositiveIntegerField()
    currency = models.CharField(max_length=3)
    status = models.CharField(max_length=20, choices=SimulatedChargeStatus.choices)
    failure_reason = models.CharField(max_length=60, blank=True, default="")
    refunded_amount = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            tenant_key("simulated_charge_tenant_key"),
            models.UniqueConstraint(fields=["restaurant", "idempotency_key"], name="simulated_charge_idempotency"),
            models.CheckConstraint(name="simulated_charge_amount_positive", condition=Q(amount__gte=1)),
            models.CheckConstraint(
                name="simulated_charge_refunds_within_amount", condition=Q(refunded_amount__lte=F("amount"))
            ),
            one_of("status", SimulatedChargeStatus.values, "simulated_charge_status_valid"),
        ]

    def __str__(self) -> str:
        return self.charge_id


class SimulatedRefund(models.Model):
    refund_id = models.CharField(max_length=64, unique=True)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    charge = models.ForeignKey(SimulatedCharge, on_delete=models.PROTECT, related_name="refunds")
    idempotency_key = models.CharField(max_length=200)
    reference = models.CharField(max_length=100, blank=True, default="")
    amount = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["restaurant", "idempotency_key"], name="simulated_refund_idempotency"),
            models.CheckConstraint(name="simulated_refund_amount_positive", condition=Q(amount__gte=1)),
        ]

    def __str__(self) -> str:
        return self.refund_id


class ProviderEvent(models.Model):
    """A verified provider webhook event, recorded once per (provider, event id).

    `processed_at` stays empty until the guarantee's state machine (a later piece of work)
    has acted on the event's outcome (`reservations.payments.webhooks.outcome_of`).
    """

    provider = models.CharField(max_length=20, choices=PaymentProviderName.choices)
    event_id = models.CharField(max_length=255)
    type = models.CharField(max_length=100)
    livemode = models.BooleanField(default=False)
    payload = models.JSONField()
    received_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["received_at", "id"]
        indexes = [
            models.Index(
                fields=["received_at"], name="provider_event_unprocessed_idx", condition=Q(processed_at__isnull=True)
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["provider", "event_id"], name="provider_event_once"),
            one_of("provider", PaymentProviderName.values, "provider_event_provider_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.event_id} {self.type}"
