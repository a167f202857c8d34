from enum import StrEnum


class ReservationsListStatus(StrEnum):
    AWAITING_GUARANTEE = "awaiting_guarantee"
    AWAITING_GUEST = "awaiting_guest"
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    CONFIRMED = "confirmed"
    HELD = "held"
    NO_SHOW = "no_show"
    PARTIALLY_SEATED = "partially_seated"
    PENDING = "pending"
    SEATED = "seated"

    def __str__(self) -> str:
        return str(self.value)
