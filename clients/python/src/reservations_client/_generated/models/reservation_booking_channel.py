from enum import StrEnum


class ReservationBookingChannel(StrEnum):
    API = "api"
    BACK_OFFICE = "back_office"
    GOOGLE_RESERVE = "google_reserve"
    PARTNER_PLATFORM = "partner_platform"
    PHONE = "phone"
    WALK_IN = "walk_in"
    WEBSITE_WIDGET = "website_widget"

    def __str__(self) -> str:
        return str(self.value)
