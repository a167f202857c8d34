from enum import StrEnum


class ReservationEventType(StrEnum):
    RESERVATION_CANCELLED = "reservation.cancelled"
    RESERVATION_COMPLETED = "reservation.completed"
    RESERVATION_CONFIRMED = "reservation.confirmed"
    RESERVATION_CREATED = "reservation.created"
    RESERVATION_DECLINED = "reservation.declined"
    RESERVATION_GUARANTEE_CHARGED = "reservation.guarantee_charged"
    RESERVATION_GUARANTEE_PAYMENT_FAILED = "reservation.guarantee_payment_failed"
    RESERVATION_GUARANTEE_REFUNDED = "reservation.guarantee_refunded"
    RESERVATION_GUARANTEE_RELEASED = "reservation.guarantee_released"
    RESERVATION_GUARANTEE_REQUESTED = "reservation.guarantee_requested"
    RESERVATION_NO_SHOW = "reservation.no_show"
    RESERVATION_PARTIALLY_SEATED = "reservation.partially_seated"
    RESERVATION_PENDING = "reservation.pending"
    RESERVATION_SEATED = "reservation.seated"
    RESERVATION_UPDATED = "reservation.updated"

    def __str__(self) -> str:
        return str(self.value)
