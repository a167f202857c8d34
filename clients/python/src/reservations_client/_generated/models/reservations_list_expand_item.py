from enum import StrEnum


class ReservationsListExpandItem(StrEnum):
    EVENTS = "events"
    GUEST = "guest"

    def __str__(self) -> str:
        return str(self.value)
