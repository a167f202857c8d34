"""The engine's answer for a write, read inside the restaurant lock."""

import datetime as dt

from reservations.engine import BookingRequest, Decision, evaluate
from reservations.engine_data import policy_for, section_group_id
from reservations.occupancy_data import load_occupancy
from reservations.services.errors import not_found, rules_violated


def resolve_group(policy, public_id: str | None, param: str) -> int | None:
    if public_id is None:
        return None
    group = section_group_id(policy, public_id)
    if group is None:
        raise not_found(param, public_id)
    return group


def decide(restaurant, request: BookingRequest, now: dt.datetime, exclude=None) -> Decision:
    """Evaluate a booking against fresh occupancy; raise 422 with the violations when refused."""
    policy = policy_for(restaurant)
    occupancy = load_occupancy(restaurant, request.service_date, request.service_date, now, exclude)
    decision = evaluate(policy, occupancy, request, now)
    if not decision.accepted:
        raise rules_violated(decision.violations)
    return decision
