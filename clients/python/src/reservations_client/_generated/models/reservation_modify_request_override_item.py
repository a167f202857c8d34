from enum import StrEnum


class ReservationModifyRequestOverrideItem(StrEnum):
    ADVANCE_WINDOW_EXCEEDED = "advance_window_exceeded"
    CUTOFF_PASSED = "cutoff_passed"
    GUARANTEE_REQUIRED = "guarantee_required"
    PARTY_SIZE_TOO_LARGE = "party_size_too_large"
    PARTY_SIZE_TOO_SMALL = "party_size_too_small"
    SLOT_NO_LONGER_AVAILABLE = "slot_no_longer_available"

    def __str__(self) -> str:
        return str(self.value)
