"""The event types of the contract (30). An endpoint subscribes to some of them or to `*`.

Deliveries handle any type string: a type added later reaches `*` endpoints unchanged.
"""

EVENT_TYPES = (
    "reservation.created",
    "reservation.pending",
    "reservation.confirmed",
    "reservation.declined",
    "reservation.updated",
    "reservation.partially_seated",
    "reservation.seated",
    "reservation.completed",
    "reservation.cancelled",
    "reservation.no_show",
    "guest.created",
    "guest.updated",
    "guest.deleted",
    "guest.merged",
    "guest.unmerged",
    "reservation.guarantee_requested",
    "reservation.guarantee_charged",
    "reservation.guarantee_refunded",
    "reservation.guarantee_released",
    "reservation.guarantee_payment_failed",
    "feedback.received",
    "waitlist_entry.created",
    "waitlist_entry.promoted",
    "waitlist_entry.updated",
    "waitlist_entry.cancelled",
    "waitlist_entry.expired",
    "hold.created",
    "hold.converted",
    "hold.released",
    "hold.expired",
)
ALL = "*"
# Sent only by "send a test event" in the back office; never produced by a change.
TEST_EVENT = "webhook_endpoint.test"
