from enum import StrEnum


class ReservationCreateRequestGuestNotificationsType0(StrEnum):
    PARTNER_MANAGED = "partner_managed"
    SERVICE_MANAGED = "service_managed"

    def __str__(self) -> str:
        return str(self.value)
