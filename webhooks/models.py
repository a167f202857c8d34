"""The outbox and what delivers it.

- `Event`: one row per event, written in the transaction of the change it announces
  (`webhooks.services.publish.publish`).
- `Endpoint`: a restaurant's webhook receiver (URL, wanted types, pinned version, secret).
- `Delivery`: one event owed to one endpoint; its retry schedule lives on the row
  (`next_attempt_at`), never in a Celery ETA.
- `DeliveryAttempt`: every HTTP attempt of a delivery, as the back office shows it.
- `OutboxMessage`: anything else the worker sends on an app's behalf (guest e-mails),
  written in the transaction of the change and sent with the same retries.

The webhooks app knows envelopes and endpoints, not the other apps' models.
"""

from django.db import models
from django.db.models import Q

from config.constraints import one_of, tenant_key
from config.ids import new_event_id, new_id
from config.versions import LATEST_VERSION


def new_endpoint_id() -> str:
    return new_id("we")


def new_delivery_id() -> str:
    return new_id("whd")


def new_message_id() -> str:
    return new_id("msg")


class Event(models.Model):
    """An event as partners receive it: `data.object` is the snapshot, rendered with full guest data."""

    public_id = models.CharField(max_length=40, unique=True, default=new_event_id, editable=False)
    # event_restaurant_created_idx (restaurant, created, id) serves it.
    restaurant = models.ForeignKey(
        "reservations.Restaurant", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    type = models.CharField(max_length=60)
    # The id of the object the event is about (res_, hld_, gst_, wle_...), for look-ups and ordering.
    subject = models.CharField(max_length=40, db_index=True)
    # {"object": {...}} and, for reservation.updated only, "previous_attributes".
    data = models.JSONField()
    created = models.DateTimeField()
    # Set once the dispatcher has written the event's deliveries (one per matching endpoint).
    dispatched_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "id"]
        indexes = [
            models.Index(fields=["restaurant", "created", "id"], name="event_restaurant_created_idx"),
            models.Index(fields=["id"], condition=Q(dispatched_at__isnull=True), name="event_undispatched_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.type} {self.public_id}"


class Endpoint(models.Model):
    """Where a restaurant wants its events. Not tied to an API key: deliveries carry guest data in full."""

    public_id = models.CharField(max_length=40, unique=True, default=new_endpoint_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    url = models.URLField(max_length=2000)
    description = models.CharField(max_length=200, blank=True, default="")
    # Event types wanted; ["*"] means every type (today's and tomorrow's).
    events = models.JSONField(default=list)
    api_version = models.CharField(max_length=10, default=LATEST_VERSION)
    enabled = models.BooleanField(default=True)
    disabled_reason = models.CharField(max_length=200, blank=True, default="")
    # Signing secrets, encrypted (webhooks/secrets.py); the previous one verifies until it expires.
    secret_encrypted = models.TextField()
    secret_last4 = models.CharField(max_length=4)
    previous_secret_encrypted = models.TextField(blank=True, default="")
    previous_secret_expires_at = models.DateTimeField(null=True, blank=True)
    # First failure of the current run of failures; cleared by any success.
    failing_since = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "webhook endpoint"
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["restaurant", "enabled"], name="endpoint_restaurant_idx")]
        constraints = [tenant_key("endpoint_tenant_key")]

    def __str__(self) -> str:
        return self.url

    def wants(self, event_type: str) -> bool:
        return "*" in self.events or event_type in self.events


class DeliveryStatus(models.TextChoices):
    PENDING = "pending"  # due at next_attempt_at
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # every scheduled attempt failed, or the endpoint was disabled or deleted


class Delivery(models.Model):
    public_id = models.CharField(max_length=40, unique=True, default=new_delivery_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deliveries")
    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    status = models.CharField(max_length=12, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    # When the next attempt is due (the schedule is stored here, never in a Celery ETA).
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveIntegerField(null=True, blank=True)
    succeeded_at = models.DateTimeField(null=True, blank=True)
    # True for a test event or a re-send by hand (kept apart from the schedule's count).
    manual = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "deliveries"
        ordering = ["-id"]
        constraints = [one_of("status", DeliveryStatus.values, "delivery_status_valid")]
        indexes = [
            models.Index(
                fields=["endpoint", "next_attempt_at", "id"],
                condition=Q(status="pending"),
                name="delivery_due_idx",
            ),
            models.Index(fields=["next_attempt_at"], condition=Q(status="pending"), name="delivery_pending_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.public_id} ({self.status})"


class DeliveryAttempt(models.Model):
    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="attempt_rows")
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField()
    succeeded = models.BooleanField()
    status_code = models.PositiveIntegerField(null=True, blank=True)
    duration_ms = models.PositiveIntegerField()
    response_body = models.TextField(blank=True, default="")  # the first 1 KB
    error = models.CharField(max_length=300, blank=True, default="")
    manual = models.BooleanField(default=False)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.status_code or self.error}"


class MessageStatus(models.TextChoices):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"


class OutboxMessage(models.Model):
    """A message an app hands to the worker (a guest e-mail): a named handler and its arguments."""

    public_id = models.CharField(max_length=40, unique=True, default=new_message_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    handler = models.CharField(max_length=60)  # registered by the app (webhooks.outbox.register)
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=12, choices=MessageStatus.choices, default=MessageStatus.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [one_of("status", MessageStatus.values, "outbox_message_status_valid")]
        indexes = [
            models.Index(fields=["next_attempt_at", "id"], condition=Q(status="pending"), name="message_due_idx")
        ]

    def __str__(self) -> str:
        return f"{self.handler} {self.public_id} ({self.status})"
