from enum import StrEnum


class WaitlistEntryStatus(StrEnum):
    ACTIVE = "active"
    CANCELLED = "cancelled"
    EXPIRED = "expired"
    OFFERED = "offered"
    PROMOTED = "promoted"
    SUGGESTED = "suggested"

    def __str__(self) -> str:
        return str(self.value)
