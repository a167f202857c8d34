"""The event outbox: one row per event, written in the transaction of the change it announces.

Endpoints, deliveries and the worker that sends them live beside it (issue 9 builds them).
"""

from django.db import models

from config.ids import new_event_id


class Event(models.Model):
    """An event as partners receive it: `data.object` is the snapshot, rendered with full guest data."""

    public_id = models.CharField(max_length=40, unique=True, default=new_event_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    type = models.CharField(max_length=60)
    # The id of the object the event is about (res_, hld_, gst_, wle_...), for look-ups and ordering.
    subject = models.CharField(max_length=40, db_index=True)
    # {"object": {...}} and, for reservation.updated only, "previous_attributes".
    data = models.JSONField()
    created = models.DateTimeField()

    class Meta:
        ordering = ["created", "id"]
        indexes = [models.Index(fields=["restaurant", "created", "id"], name="event_restaurant_created_idx")]

    def __str__(self) -> str:
        return f"{self.type} {self.public_id}"
