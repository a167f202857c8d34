from enum import StrEnum


class ReservationCreateRequestGuestNotifications(StrEnum):
    PARTNER_MANAGED = "partner_managed"
    SERVICE_MANAGED = "service_managed"

    def __str__(self) -> str:
        return str(self.value)
