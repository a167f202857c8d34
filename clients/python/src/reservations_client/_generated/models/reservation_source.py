from enum import StrEnum


class ReservationSource(StrEnum):
    API = "api"
    IMPORT = "import"
    MANUAL = "manual"
    WAITLIST = "waitlist"
    WALK_IN = "walk_in"
    WIDGET = "widget"

    def __str__(self) -> str:
        return str(self.value)
