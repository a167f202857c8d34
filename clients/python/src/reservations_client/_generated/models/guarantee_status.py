from enum import StrEnum


class GuaranteeStatus(StrEnum):
    ACTIVE = "active"
    CHARGED = "charged"
    FAILED = "failed"
    REFUNDED = "refunded"
    RELEASED = "released"
    REQUESTED = "requested"

    def __str__(self) -> str:
        return str(self.value)
