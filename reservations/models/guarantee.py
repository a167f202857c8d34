"""The money side of a booking's card guarantee, the guest's feedback, and the widget's submissions.

- `CardGuarantee`: one per booking that was asked for a card, created when the guest first opens
  the card step: the provider's handles (intent, customer, saved payment method), what the guest
  sees of the card (brand, last 4), and the money moved (`charged`, `refunded`). The booking's own
  `guarantee_*` columns stay the contract's view (kind, status, amount, currency, deadline).
- `GuaranteeCharge`: each charge attempt by staff, a failed one kept with its reason.
- `Feedback`: the guest's rating and comment after a completed visit, once per booking.
- `WidgetSubmission`: one row per booking form shown on the public booking page, so that the
  same form posted twice books once.
"""

from django.db import models
from django.db.models import F, Q

from config.constraints import one_of, tenant_key
from config.ids import new_id
from reservations.models.restaurant import PaymentProviderName


def new_feedback_id() -> str:
    return new_id("fbk")


class GuaranteeChargeStatus(models.TextChoices):
    SUCCEEDED = "succeeded"
    PENDING = "pending"  # the provider concludes later (its webhook)
    FAILED = "failed"


class CardGuarantee(models.Model):
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    reservation = models.OneToOneField("reservations.Reservation", on_delete=models.CASCADE, related_name="card")
    provider = models.CharField(max_length=20, choices=PaymentProviderName.choices, default=PaymentProviderName.TEST)
    intent_id = models.CharField(max_length=255, blank=True, default="")  # empty until the card step opens
    customer_id = models.CharField(max_length=255, blank=True, default="")
    # What Stripe.js needs on the guest page (empty for the test provider).
    client_secret = models.CharField(max_length=255, blank=True, default="")
    payment_method_id = models.CharField(max_length=255, blank=True, default="")
    brand = models.CharField(max_length=20, blank=True, default="")
    last4 = models.CharField(max_length=4, blank=True, default="")
    amount = models.PositiveIntegerField()
    currency = models.CharField(max_length=3)
    charged = models.PositiveIntegerField(default=0)
    refunded = models.PositiveIntegerField(default=0)
    # Attempts at saving a card (each gets its own provider idempotency key).
    attempts = models.PositiveIntegerField(default=0)
    last_decline = models.CharField(max_length=60, blank=True, default="")
    awaiting_action = models.BooleanField(default=False)  # the extra (3-D Secure-like) step is open
    saved_at = models.DateTimeField(null=True, blank=True)
    released_at = models.DateTimeField(null=True, blank=True)
    reminded_at = models.DateTimeField(null=True, blank=True)  # the 24-hour reminder e-mail
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            tenant_key("card_guarantee_tenant_key"),
            one_of("provider", PaymentProviderName.values, "card_guarantee_provider_valid"),
            models.CheckConstraint(name="card_guarantee_amount_positive", condition=Q(amount__gte=1)),
            models.CheckConstraint(name="card_guarantee_charged_within", condition=Q(charged__lte=F("amount"))),
            models.CheckConstraint(name="card_guarantee_refunded_within", condition=Q(refunded__lte=F("charged"))),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.intent_id}"


class GuaranteeCharge(models.Model):
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    card = models.ForeignKey(CardGuarantee, on_delete=models.CASCADE, related_name="charges")
    charge_id = models.CharField(max_length=255, blank=True, default="")
    amount = models.PositiveIntegerField()
    currency = models.CharField(max_length=3)
    status = models.CharField(max_length=20, choices=GuaranteeChargeStatus.choices)
    reason = models.CharField(max_length=60, blank=True, default="")
    refunded = models.PositiveIntegerField(default=0)
    staff = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            tenant_key("guarantee_charge_tenant_key"),
            one_of("status", GuaranteeChargeStatus.values, "guarantee_charge_status_valid"),
            models.CheckConstraint(name="guarantee_charge_amount_positive", condition=Q(amount__gte=1)),
            models.CheckConstraint(name="guarantee_charge_refunded_within", condition=Q(refunded__lte=F("amount"))),
        ]

    def __str__(self) -> str:
        return self.charge_id or f"charge {self.pk}"


class Feedback(models.Model):
    public_id = models.CharField(max_length=40, unique=True, default=new_feedback_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    reservation = models.OneToOneField("reservations.Reservation", on_delete=models.CASCADE, related_name="feedback")
    rating = models.PositiveSmallIntegerField()
    comment = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "feedback"
        ordering = ["-created_at", "-id"]
        constraints = [
            tenant_key("feedback_tenant_key"),
            models.CheckConstraint(name="feedback_rating_range", condition=Q(rating__gte=1, rating__lte=5)),
        ]

    def __str__(self) -> str:
        return self.public_id


class WidgetSubmission(models.Model):
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=64)
    reservation = models.ForeignKey(
        "reservations.Reservation", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["restaurant", "token"], name="widget_submission_once")]


class FeedbackInvitation(models.Model):
    """The feedback invitation e-mailed after a completed visit: once per booking."""

    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    reservation = models.OneToOneField(
        "reservations.Reservation", on_delete=models.CASCADE, related_name="feedback_invitation"
    )
    sent_at = models.DateTimeField()
