"""The online rules as staff meet them: warnings a host or manager confirms with one tap.

Staff are bound only by what is physically true (a table in one place at a time, a party that fits
the tables chosen, no past service); every other rule a guest or partner is refused by is, for
staff, a warning. Its code is recorded, once confirmed, as `overrides_accepted` on the booking's
event. The codes are the contract's violation codes where one exists; `approval_required` and
`table_blocked` are staff-only (docs/host-guide.md, "Warnings").
"""

# code -> what the host reads (the code's warning, in words; figures are added where they are known)
WARNINGS: dict[str, str] = {
    "cutoff_passed": "Online booking for this service has closed.",
    "advance_window_exceeded": "The date is beyond the online booking window.",
    "party_size_too_small": "The party is smaller than the restaurant accepts online.",
    "party_size_too_large": "The party is larger than the restaurant accepts online.",
    "slot_no_longer_available": "The service's covers limit or pacing is reached.",
    "start_time_off_grid": "The time is not one of the service's seating times.",
    "approval_required": "Online, this booking would wait for a manager's approval.",
    "guarantee_required": "Online, this booking would need a card guarantee; it will have none.",
    "date_in_past": "The time has already passed.",
    "table_blocked": "A table is blocked by the restaurant at this time.",
}
WARNING_CODES = tuple(WARNINGS)

# Short names for the setting "warnings only a manager may confirm".
WARNING_LABELS: dict[str, str] = {
    "cutoff_passed": "Past the online cut-off",
    "advance_window_exceeded": "Beyond the online booking window",
    "party_size_too_small": "Party smaller than online",
    "party_size_too_large": "Party larger than online",
    "slot_no_longer_available": "Over the covers caps or pacing",
    "start_time_off_grid": "Off the seating times",
    "approval_required": "Would need approval online",
    "guarantee_required": "Without the card guarantee",
    "date_in_past": "A time already passed",
    "table_blocked": "On a blocked table",
}
