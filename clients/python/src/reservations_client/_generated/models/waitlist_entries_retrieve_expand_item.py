from enum import StrEnum


class WaitlistEntriesRetrieveExpandItem(StrEnum):
    GUEST = "guest"

    def __str__(self) -> str:
        return str(self.value)
