from enum import StrEnum


class HoldCreateRequestKind(StrEnum):
    BASKET = "basket"
    COMMITMENT = "commitment"

    def __str__(self) -> str:
        return str(self.value)
