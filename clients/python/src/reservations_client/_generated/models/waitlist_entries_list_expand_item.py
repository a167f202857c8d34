from enum import StrEnum


class WaitlistEntriesListExpandItem(StrEnum):
    GUEST = "guest"

    def __str__(self) -> str:
        return str(self.value)
