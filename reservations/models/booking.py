from django.contrib.postgres.constraints import ExclusionConstraint
from django.contrib.postgres.fields import DateTimeRangeField, RangeOperators
from django.db import models
from django.db.models import F, Func, Q
from django.utils.translation import gettext_lazy as _

from config.constraints import one_of, tenant_key
from config.ids import new_event_id, new_reservation_id
from webhooks import types as webhook


class ReservationStatus(models.TextChoices):
    """The contract's statuses; the labels are what staff read (translated)."""

    AWAITING_GUARANTEE = "awaiting_guarantee", _("Waiting for card")
    AWAITING_GUEST = "awaiting_guest", _("On the card step")  # never served: a widget booking mid card step
    HELD = "held", _("Held")  # never served
    PENDING = "pending", _("To approve")
    CONFIRMED = "confirmed", _("Confirmed")
    PARTIALLY_SEATED = "partially_seated", _("Partly seated")
    SEATED = "seated", _("Seated")
    COMPLETED = "completed", _("Completed")
    CANCELLED = "cancelled", _("Cancelled")
    NO_SHOW = "no_show", _("No-show")


# Bookings in these states hold their tables and count against caps.
OCCUPYING_STATUSES = ("awaiting_guarantee", "awaiting_guest", "pending", "confirmed", "partially_seated", "seated")
FINAL_STATUSES = ("completed", "cancelled", "no_show")
# What the API serves (`held` and `awaiting_guest` never are).
SERVED_STATUSES = tuple(s for s in ReservationStatus.values if s not in ("held", "awaiting_guest"))


class Source(models.TextChoices):
    """The mechanism that created a booking."""

    MANUAL = "manual"
    WIDGET = "widget"
    WALK_IN = "walk_in"
    IMPORT = "import"
    WAITLIST = "waitlist"
    API = "api"


class Channel(models.TextChoices):
    """The channel the demand arrived through."""

    BACK_OFFICE = "back_office"
    WEBSITE_WIDGET = "website_widget"
    PHONE = "phone"
    WALK_IN = "walk_in"
    GOOGLE_RESERVE = "google_reserve"
    PARTNER_PLATFORM = "partner_platform"
    API = "api"


class GuestNotifications(models.TextChoices):
    SERVICE_MANAGED = "service_managed"
    PARTNER_MANAGED = "partner_managed"  # no discretionary guest message, fixed for the booking's life


class GuaranteeKind(models.TextChoices):
    IMPRINT = "imprint"  # a saved card, charged only on a no-show or a late cancellation
    PREPAYMENT = "prepayment"  # reserved by the contract, never issued


class GuaranteeStatus(models.TextChoices):
    REQUESTED = "requested"
    ACTIVE = "active"
    CHARGED = "charged"
    REFUNDED = "refunded"
    RELEASED = "released"
    FAILED = "failed"


class EventType(models.TextChoices):
    """A booking's history: the `reservation.*` webhook types, from their one declaration
    (webhooks/types.py), in its order; tests/webhooks/test_types.py holds the two together."""

    CREATED = webhook.RESERVATION_CREATED
    PENDING = webhook.RESERVATION_PENDING
    CONFIRMED = webhook.RESERVATION_CONFIRMED
    DECLINED = webhook.RESERVATION_DECLINED
    UPDATED = webhook.RESERVATION_UPDATED
    PARTIALLY_SEATED = webhook.RESERVATION_PARTIALLY_SEATED
    SEATED = webhook.RESERVATION_SEATED
    COMPLETED = webhook.RESERVATION_COMPLETED
    CANCELLED = webhook.RESERVATION_CANCELLED
    NO_SHOW = webhook.RESERVATION_NO_SHOW
    # The card guarantee's life (docs/api-decisions.md "Card guarantees"): in the booking's history too.
    GUARANTEE_REQUESTED = webhook.RESERVATION_GUARANTEE_REQUESTED
    GUARANTEE_CHARGED = webhook.RESERVATION_GUARANTEE_CHARGED
    GUARANTEE_REFUNDED = webhook.RESERVATION_GUARANTEE_REFUNDED
    GUARANTEE_RELEASED = webhook.RESERVATION_GUARANTEE_RELEASED
    GUARANTEE_PAYMENT_FAILED = webhook.RESERVATION_GUARANTEE_PAYMENT_FAILED


class Reservation(models.Model):
    public_id = models.CharField(max_length=40, unique=True, default=new_reservation_id, editable=False)
    # reservation_tenant_key (restaurant, id) serves it.
    restaurant = models.ForeignKey(
        "reservations.Restaurant", on_delete=models.CASCADE, related_name="reservations", db_index=False
    )
    shift = models.ForeignKey("reservations.Shift", null=True, blank=True, on_delete=models.SET_NULL)
    status = models.CharField(max_length=20, choices=ReservationStatus.choices)
    source = models.CharField(max_length=20, choices=Source.choices, default=Source.API)
    booking_channel = models.CharField(max_length=20, choices=Channel.choices, default=Channel.API)
    party_size = models.PositiveIntegerField()
    service_date = models.DateField()
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True)
    guest = models.ForeignKey("guests.Guest", on_delete=models.PROTECT, related_name="reservations")
    guest_notes = models.TextField(null=True, blank=True)
    internal_notes = models.TextField(null=True, blank=True)
    contact_email = models.CharField(max_length=254, null=True, blank=True)
    contact_phone = models.CharField(max_length=40, null=True, blank=True)
    guest_notifications = models.CharField(
        max_length=20, choices=GuestNotifications.choices, default=GuestNotifications.SERVICE_MANAGED
    )
    excluded_from_shift_limits = models.BooleanField(default=False)
    company = models.ForeignKey("reservations.Company", null=True, blank=True, on_delete=models.SET_NULL)
    tables = models.ManyToManyField("reservations.Table", blank=True, related_name="reservations")
    # The guest's seating preference: the leading section of a group.
    section_group = models.ForeignKey(
        "reservations.Section", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entire_section = models.BooleanField(default=False)
    metadata = models.JSONField(default=dict, blank=True)
    # Card guarantee; kind is empty when the booking has none.
    guarantee_kind = models.CharField(max_length=20, blank=True, default="", choices=GuaranteeKind.choices)
    guarantee_status = models.CharField(max_length=20, blank=True, default="", choices=GuaranteeStatus.choices)
    guarantee_amount = models.PositiveIntegerField(null=True, blank=True)
    guarantee_currency = models.CharField(max_length=3, blank=True, default="")
    guarantee_expires_at = models.DateTimeField(null=True, blank=True)
    guarantee_cancel_on_expiry = models.BooleanField(default=True)
    guarantee_cancel_hours = models.PositiveIntegerField(null=True, blank=True)
    # Set when an override waived the card: the guest is never asked for one.
    guarantee_waived = models.BooleanField(default=False)
    modification_token = models.CharField(max_length=64, unique=True)
    cancellation_reason = models.CharField(max_length=200, blank=True, default="")
    # What the booker typed where it differed from the matched profile; kept for the
    # created event, which a booking awaiting its card guarantee writes only later.
    submitted_guest = models.JSONField(default=dict, blank=True)
    overrides_accepted = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-service_date", "-created_at", "-id"]
        indexes = [
            models.Index(fields=["restaurant", "service_date", "status"], name="resv_day_idx"),
            models.Index(fields=["restaurant", "-service_date", "-created_at", "-id"], name="resv_list_idx"),
            models.Index(fields=["restaurant", "updated_at", "id"], name="resv_updated_idx"),
            models.Index(fields=["restaurant", "guest"], name="resv_guest_idx"),
            # The covers a month charges to caps (selectors/occupancy.COVERS): read from the index
            # alone, already in its GROUP BY order, live bookings only.
            models.Index(
                fields=["restaurant", "service_date", "shift", "starts_at"],
                include=["party_size", "id"],
                name="resv_covers_idx",
                condition=Q(status__in=OCCUPYING_STATUSES, excluded_from_shift_limits=False, shift__isnull=False),
            ),
        ]
        constraints = [
            models.CheckConstraint(name="reservation_party_positive", condition=Q(party_size__gte=1)),
            tenant_key("reservation_tenant_key"),
            one_of("status", ReservationStatus.values, "reservation_status_valid"),
            one_of("source", Source.values, "reservation_source_valid"),
            one_of("booking_channel", Channel.values, "reservation_channel_valid"),
            one_of("guest_notifications", GuestNotifications.values, "reservation_notifications_valid"),
            one_of("guarantee_kind", GuaranteeKind.values, "reservation_guarantee_kind_valid", blank=True),
            one_of("guarantee_status", GuaranteeStatus.values, "reservation_guarantee_status_valid", blank=True),
        ]

    def __str__(self) -> str:
        return self.public_id


class ReservationEvent(models.Model):
    """One change of a reservation, written in the transaction that made it."""

    public_id = models.CharField(max_length=40, unique=True, default=new_event_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    # resv_event_order_idx (reservation, created_at, id) serves it.
    reservation = models.ForeignKey(Reservation, on_delete=models.CASCADE, related_name="events", db_index=False)
    type = models.CharField(max_length=40, choices=EventType.choices)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["reservation", "created_at", "id"], name="resv_event_order_idx")]
        constraints = [one_of("type", EventType.values, "reservation_event_type_valid")]

    def __str__(self) -> str:
        return f"{self.type} {self.public_id}"


def epoch_of(bound: str) -> models.GeneratedField:
    """`during`'s `bound` ("lower" or "upper") in epoch seconds, stored and kept by PostgreSQL.

    Through reservations_epoch_seconds (migration reservations.0012), an IMMUTABLE function a
    generated column may call: date_part is only STABLE, for the fields that depend on the
    session's time zone; the epoch does not."""
    return models.GeneratedField(
        expression=Func(Func(F("during"), function=bound), function="reservations_epoch_seconds"),
        output_field=models.BigIntegerField(),
        db_persist=True,
    )


# An allocation at most this long is found by its start alone (allocation_start_idx); longer ones (a
# seating held to the end of a long service, say) by the partial allocation_long_idx.
LONG_ALLOCATION_SECONDS = 12 * 3600
# What the occupancy reads filter on and return besides the indexes' keys: carried in both.
OCCUPANCY_COLUMNS = ["table", "expires_at", "reservation", "hold"]


class TableAllocation(models.Model):
    """A table occupied for a time range by one booking or one hold.

    The exclusion constraint makes "two parties on one table at once" impossible
    in the database, whatever the application code does.
    """

    # No single-column indexes for these two: allocation_start_idx (restaurant, start_epoch) and the
    # exclusion constraint's allocation_no_overlap (table, during) serve their look-ups.
    restaurant = models.ForeignKey(
        "reservations.Restaurant", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    table = models.ForeignKey(
        "reservations.Table", on_delete=models.CASCADE, related_name="allocations", db_index=False
    )
    reservation = models.ForeignKey(
        Reservation, null=True, blank=True, on_delete=models.CASCADE, related_name="allocations"
    )
    hold = models.ForeignKey("holds.Hold", null=True, blank=True, on_delete=models.CASCADE, related_name="allocations")
    during = DateTimeRangeField()
    # `during`'s bounds in epoch seconds, kept by PostgreSQL on every write: what the occupancy reads
    # return (a range's bounds cost the server more to take apart and convert than to find the row).
    start_epoch = epoch_of("lower")
    end_epoch = epoch_of("upper")
    # A basket hold stops occupying at this instant, swept or not; empty for the rest.
    expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The occupancy reads (reservations.selectors.occupancy): a restaurant's intervals by start,
            # index-only. A B-tree range on start_epoch finds a day's rows in a fraction of what the
            # GiST range search over `during` took, and costs a write less; an interval longer than
            # LONG_ALLOCATION_SECONDS is found through the second, partial index instead.
            models.Index(
                fields=["restaurant", "start_epoch"],
                include=["end_epoch", *OCCUPANCY_COLUMNS],
                name="allocation_start_idx",
            ),
            models.Index(
                fields=["restaurant", "end_epoch"],
                include=["start_epoch", *OCCUPANCY_COLUMNS],
                name="allocation_long_idx",
                condition=Q(end_epoch__gt=F("start_epoch") + LONG_ALLOCATION_SECONDS),
            ),
            # Only basket holds' rows carry a deadline: finding the lapsed ones stays tiny.
            models.Index(
                fields=["restaurant", "expires_at"], name="allocation_expiry_idx", condition=Q(expires_at__isnull=False)
            ),
        ]
        constraints = [
            ExclusionConstraint(
                name="allocation_no_overlap",
                expressions=[("table", RangeOperators.EQUAL), ("during", RangeOperators.OVERLAPS)],
            ),
            models.CheckConstraint(
                name="allocation_one_owner",
                condition=(Q(reservation__isnull=False) & Q(hold__isnull=True))
                | (Q(reservation__isnull=True) & Q(hold__isnull=False)),
            ),
        ]
