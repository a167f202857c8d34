from enum import StrEnum


class GuaranteeStatusType0(StrEnum):
    ACTIVE = "active"
    CHARGED = "charged"
    FAILED = "failed"
    REFUNDED = "refunded"
    RELEASED = "released"
    REQUESTED = "requested"

    def __str__(self) -> str:
        return str(self.value)
