"""The webhook event types of the contract (30), declared here once; everything else derives from
them or is checked against them (tests/webhooks/test_types.py): `publish()` refuses any other type,
the back office and `clean_events` offer `EVENT_TYPES`, the booking's history types
(`reservations.models.booking.EventType`, hence the OpenAPI enum) are the `reservation.*` ones, and
the webhooks guide lists them in this order.

To add a type: a constant here, its place in `EVENT_TYPES` (the order partners see), a line in
docs/guides/webhooks.md; a `reservation.*` one also becomes an `EventType` member (with the migration
of its check constraint, and the clients regenerated for the enum).

Deliveries handle any type string: a type added later reaches `*` endpoints unchanged.
"""

RESERVATION_CREATED = "reservation.created"
RESERVATION_PENDING = "reservation.pending"
RESERVATION_CONFIRMED = "reservation.confirmed"
RESERVATION_DECLINED = "reservation.declined"
RESERVATION_UPDATED = "reservation.updated"
RESERVATION_PARTIALLY_SEATED = "reservation.partially_seated"
RESERVATION_SEATED = "reservation.seated"
RESERVATION_COMPLETED = "reservation.completed"
RESERVATION_CANCELLED = "reservation.cancelled"
RESERVATION_NO_SHOW = "reservation.no_show"
GUEST_CREATED = "guest.created"
GUEST_UPDATED = "guest.updated"
GUEST_DELETED = "guest.deleted"
GUEST_MERGED = "guest.merged"
GUEST_UNMERGED = "guest.unmerged"
RESERVATION_GUARANTEE_REQUESTED = "reservation.guarantee_requested"
RESERVATION_GUARANTEE_CHARGED = "reservation.guarantee_charged"
RESERVATION_GUARANTEE_REFUNDED = "reservation.guarantee_refunded"
RESERVATION_GUARANTEE_RELEASED = "reservation.guarantee_released"
RESERVATION_GUARANTEE_PAYMENT_FAILED = "reservation.guarantee_payment_failed"
FEEDBACK_RECEIVED = "feedback.received"
WAITLIST_ENTRY_CREATED = "waitlist_entry.created"
WAITLIST_ENTRY_PROMOTED = "waitlist_entry.promoted"
WAITLIST_ENTRY_UPDATED = "waitlist_entry.updated"
WAITLIST_ENTRY_CANCELLED = "waitlist_entry.cancelled"
WAITLIST_ENTRY_EXPIRED = "waitlist_entry.expired"
HOLD_CREATED = "hold.created"
HOLD_CONVERTED = "hold.converted"
HOLD_RELEASED = "hold.released"
HOLD_EXPIRED = "hold.expired"

# The order partners see (the back office's checkboxes, the guide's list).
EVENT_TYPES = (
    RESERVATION_CREATED,
    RESERVATION_PENDING,
    RESERVATION_CONFIRMED,
    RESERVATION_DECLINED,
    RESERVATION_UPDATED,
    RESERVATION_PARTIALLY_SEATED,
    RESERVATION_SEATED,
    RESERVATION_COMPLETED,
    RESERVATION_CANCELLED,
    RESERVATION_NO_SHOW,
    GUEST_CREATED,
    GUEST_UPDATED,
    GUEST_DELETED,
    GUEST_MERGED,
    GUEST_UNMERGED,
    RESERVATION_GUARANTEE_REQUESTED,
    RESERVATION_GUARANTEE_CHARGED,
    RESERVATION_GUARANTEE_REFUNDED,
    RESERVATION_GUARANTEE_RELEASED,
    RESERVATION_GUARANTEE_PAYMENT_FAILED,
    FEEDBACK_RECEIVED,
    WAITLIST_ENTRY_CREATED,
    WAITLIST_ENTRY_PROMOTED,
    WAITLIST_ENTRY_UPDATED,
    WAITLIST_ENTRY_CANCELLED,
    WAITLIST_ENTRY_EXPIRED,
    HOLD_CREATED,
    HOLD_CONVERTED,
    HOLD_RELEASED,
    HOLD_EXPIRED,
)
# The booking's history records these too (reservations.models.booking.EventType), in this order.
RESERVATION_TYPES = tuple(t for t in EVENT_TYPES if t.startswith("reservation."))
ALL = "*"
# Sent only by "send a test event" in the back office; never produced by a change (nor by publish()).
TEST_EVENT = "webhook_endpoint.test"
