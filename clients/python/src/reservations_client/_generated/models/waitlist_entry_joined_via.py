from enum import StrEnum


class WaitlistEntryJoinedVia(StrEnum):
    PARTNER_PLATFORM = "partner_platform"
    STAFF = "staff"
    WIDGET = "widget"

    def __str__(self) -> str:
        return str(self.value)
