from enum import StrEnum


class HoldsListStatus(StrEnum):
    EXPIRED = "expired"
    HELD = "held"
    RELEASED = "released"

    def __str__(self) -> str:
        return str(self.value)
