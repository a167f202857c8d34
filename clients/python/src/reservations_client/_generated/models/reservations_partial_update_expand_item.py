from enum import StrEnum


class ReservationsPartialUpdateExpandItem(StrEnum):
    GUEST = "guest"
    MODIFICATION_TOKEN = "modification_token"

    def __str__(self) -> str:
        return str(self.value)
