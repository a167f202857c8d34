from enum import StrEnum


class HoldStatus(StrEnum):
    CONVERTED = "converted"
    EXPIRED = "expired"
    HELD = "held"
    RELEASED = "released"

    def __str__(self) -> str:
        return str(self.value)
