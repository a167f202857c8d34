from enum import StrEnum


class GuaranteeKind(StrEnum):
    IMPRINT = "imprint"
    PREPAYMENT = "prepayment"

    def __str__(self) -> str:
        return str(self.value)
