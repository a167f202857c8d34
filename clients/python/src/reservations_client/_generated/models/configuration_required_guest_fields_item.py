from enum import StrEnum


class ConfigurationRequiredGuestFieldsItem(StrEnum):
    EMAIL = "email"
    FIRST_NAME = "first_name"
    LAST_NAME = "last_name"
    PHONE = "phone"

    def __str__(self) -> str:
        return str(self.value)
