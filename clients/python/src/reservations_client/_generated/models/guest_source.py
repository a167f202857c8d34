from enum import StrEnum


class GuestSource(StrEnum):
    API = "api"
    HOST_ASSERTION = "host_assertion"
    IMPORT = "import"
    MANUAL = "manual"
    WEBSITE_NEWSLETTER = "website_newsletter"
    WIDGET = "widget"

    def __str__(self) -> str:
        return str(self.value)
