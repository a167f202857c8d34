"""A guest's change of their own booking (the change form on its page), one row per form posted.

The row makes a second post of the same form change nothing twice (its `token` is unique at the
restaurant), and, when the new slot asks for a card the booking does not hold, it is the card step
the change waits on: the booking stays exactly as it was until the card is saved at the provider,
then the change is applied under the restaurant's lock (reservations.services.guest_change).
"""

from django.db import models
from django.db.models import Q

from config.constraints import one_of
from reservations.models.restaurant import PaymentProviderName


class GuestChangeStatus(models.TextChoices):
    APPLIED = "applied"  # the booking moved (or went back to pending)
    AWAITING_CARD = "awaiting_card"  # nothing moved yet: the new slot asks for a card first
    REFUSED = "refused"  # a card was saved, but the slot was gone by then; the card was let go
    ABANDONED = "abandoned"  # another change, a cancel or the service took the booking elsewhere


class GuestChange(models.Model):
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    reservation = models.ForeignKey("reservations.Reservation", on_delete=models.CASCADE, related_name="guest_changes")
    token = models.CharField(max_length=64)
    status = models.CharField(max_length=20, choices=GuestChangeStatus.choices)
    # What the guest asked for (the whole slot, as the form shows it).
    service_date = models.DateField()
    start_time = models.TimeField()
    party_size = models.PositiveSmallIntegerField()
    refusal = models.CharField(max_length=60, blank=True, default="")  # the rule a late card met
    # The card the new slot asks for, and its step at the provider.
    amount = models.PositiveIntegerField(null=True, blank=True)
    currency = models.CharField(max_length=3, blank=True, default="")
    provider = models.CharField(max_length=20, choices=PaymentProviderName.choices, blank=True, default="")
    intent_id = models.CharField(max_length=255, blank=True, default="")
    customer_id = models.CharField(max_length=255, blank=True, default="")
    client_secret = models.CharField(max_length=255, blank=True, default="")
    awaiting_action = models.BooleanField(default=False)
    attempts = models.PositiveIntegerField(default=0)
    last_decline = models.CharField(max_length=60, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["restaurant", "token"], name="guest_change_once"),
            one_of("status", GuestChangeStatus.values, "guest_change_status_valid"),
            models.CheckConstraint(
                name="guest_change_card_amount",
                condition=Q(amount__isnull=True) | Q(amount__gte=1),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.reservation_id} {self.status} {self.service_date} {self.start_time}"
