from enum import StrEnum


class ReservationStatus(StrEnum):
    AWAITING_GUARANTEE = "awaiting_guarantee"
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    CONFIRMED = "confirmed"
    NO_SHOW = "no_show"
    PARTIALLY_SEATED = "partially_seated"
    PENDING = "pending"
    SEATED = "seated"

    def __str__(self) -> str:
        return str(self.value)
