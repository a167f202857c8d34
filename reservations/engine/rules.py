"""Booking-rule violations: codes, fixed messages, `param`, `overridable`, and their order."""

from dataclasses import dataclass, field
from typing import NamedTuple


@dataclass(frozen=True)
class Rule:
    code: str
    overridable: bool
    param: str | None
    message: str


RULES: dict[str, Rule] = {
    rule.code: rule
    for rule in (
        Rule("no_service_at_this_time", False, None, "No service runs at this date and time."),
        Rule("start_time_off_grid", False, "start_time", ""),  # message names the times
        Rule("party_size_too_small", True, "party_size", "The party is smaller than the restaurant accepts online."),
        Rule("party_size_too_large", True, "party_size", "The party is larger than the restaurant accepts online."),
        Rule("advance_window_exceeded", True, None, "The date is beyond the restaurant's booking window."),
        Rule("cutoff_passed", True, None, "Online booking for this service has closed."),
        Rule("slot_no_longer_available", True, "party_size", "The service's covers limit is reached for this party."),
        Rule(
            "guarantee_required",
            True,
            None,
            "This slot needs a card guarantee, which the restaurant cannot ask for now.",
        ),
        Rule("date_in_past", False, None, "The requested seating time has passed."),
        Rule("no_table_available", False, None, "No table can seat this party at this time."),
        Rule(
            "no_table_available_in_section",
            False,
            "section_id",
            "No table in the requested section can seat this party at this time.",
        ),
        Rule("section_occupied", False, "entire_section_id", "Some tables of the section are occupied at this time."),
    )
}

# Rules checked together, after the service and grid checks, in this order.
POLICY_RULE_ORDER = (
    "party_size_too_small",
    "party_size_too_large",
    "advance_window_exceeded",
    "cutoff_passed",
    "slot_no_longer_available",
    "guarantee_required",
    "date_in_past",
)
OVERRIDABLE = frozenset(code for code, rule in RULES.items() if rule.overridable)
# The same, in the order of checks (how documents and refusals list them).
OVERRIDABLE_CODES = tuple(code for code in RULES if code in OVERRIDABLE)
# No restaurant seats more: a larger party is a typo or a probe, refused as input before any rule runs.
MAX_PARTY_SIZE = 1000


class Conflict(NamedTuple):
    """A table of the section occupied at the requested time (`section_occupied`)."""

    table: int
    start_time: str
    end_time: str


@dataclass(frozen=True)
class Violation:
    """A broken rule; reservations.shapes.violations renders it."""

    code: str
    message: str
    param: str | None
    overridable: bool
    conflicts: tuple[Conflict, ...] = field(default=())


def violation(code: str, *, message: str | None = None, conflicts: tuple = (), param: str | None = None) -> Violation:
    """A rule's violation; `param` names the field sent when the rule's usual one was not."""
    rule = RULES[code]
    return Violation(code, message or rule.message, param or rule.param, rule.overridable, conflicts)


def off_grid(sent: str, times: list[str]) -> Violation:
    listed = ", ".join(times)
    return violation(
        "start_time_off_grid",
        message=f"{sent} is not a seating time of this service; its seating times are {listed}.",
    )
