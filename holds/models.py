from django.db import models
from django.db.models import Q

from config.constraints import one_of, tenant_key
from config.ids import new_hold_id


class HoldKind(models.TextChoices):
    BASKET = "basket"  # minutes, while a guest checks out; lapses at its deadline without a worker
    COMMITMENT = "commitment"  # up to 48 hours; ends at the next five-minute sweep after its deadline


class HoldStatus(models.TextChoices):
    HELD = "held"
    EXPIRED = "expired"
    RELEASED = "released"
    CONVERTED = "converted"


class Hold(models.Model):
    """A slot taken off sale without a booking: it occupies real tables until it ends."""

    public_id = models.CharField(max_length=40, unique=True, default=new_hold_id, editable=False)
    # hold_tenant_key (restaurant, id) serves it.
    restaurant = models.ForeignKey(
        "reservations.Restaurant", on_delete=models.CASCADE, related_name="holds", db_index=False
    )
    shift = models.ForeignKey("reservations.Shift", null=True, on_delete=models.SET_NULL, related_name="+")
    kind = models.CharField(max_length=20, choices=HoldKind.choices, default=HoldKind.BASKET)
    status = models.CharField(max_length=20, choices=HoldStatus.choices, default=HoldStatus.HELD)
    party_size = models.PositiveIntegerField()
    service_date = models.DateField()
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True)
    # The deadline; the API shows it only while the hold is live.
    expires_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    reservation = models.OneToOneField(
        "reservations.Reservation", null=True, blank=True, on_delete=models.SET_NULL, related_name="from_hold"
    )
    tables = models.ManyToManyField("reservations.Table", blank=True, related_name="holds")
    section_group = models.ForeignKey(
        "reservations.Section", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    excluded_from_shift_limits = models.BooleanField(default=False)
    # Rules waived when the hold was taken; a conversion does not re-check them.
    overrides_accepted = models.JSONField(default=list, blank=True)
    guarantee_waived = models.BooleanField(default=False)
    metadata = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["restaurant", "-created_at", "-id"], name="hold_list_idx"),
            models.Index(fields=["restaurant", "status", "expires_at"], name="hold_live_idx"),
        ]
        constraints = [
            models.CheckConstraint(name="hold_party_positive", condition=Q(party_size__gte=1)),
            tenant_key("hold_tenant_key"),
            one_of("kind", HoldKind.values, "hold_kind_valid"),
            one_of("status", HoldStatus.values, "hold_status_valid"),
            models.CheckConstraint(
                name="hold_converted_has_reservation",
                condition=~Q(status="converted") | Q(reservation__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.public_id
