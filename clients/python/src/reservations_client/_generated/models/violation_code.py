from enum import StrEnum


class ViolationCode(StrEnum):
    ADVANCE_WINDOW_EXCEEDED = "advance_window_exceeded"
    CUTOFF_PASSED = "cutoff_passed"
    DATE_IN_PAST = "date_in_past"
    GUARANTEE_REQUIRED = "guarantee_required"
    NO_SERVICE_AT_THIS_TIME = "no_service_at_this_time"
    NO_TABLE_AVAILABLE = "no_table_available"
    NO_TABLE_AVAILABLE_IN_SECTION = "no_table_available_in_section"
    PARTY_SIZE_TOO_LARGE = "party_size_too_large"
    PARTY_SIZE_TOO_SMALL = "party_size_too_small"
    SECTION_OCCUPIED = "section_occupied"
    SLOT_NO_LONGER_AVAILABLE = "slot_no_longer_available"
    START_TIME_OFF_GRID = "start_time_off_grid"

    def __str__(self) -> str:
        return str(self.value)
