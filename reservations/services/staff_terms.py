"""Who acts for the restaurant (apikeys.roles.Actor), and on what terms: the staff side of the booking step.

A booking staff take or change goes through the same create and modify services as the API's,
under the same lock, with `StaffTerms` instead of the online rules: the engine's staff answer
(reservations.engine.staff) refuses only what is physically impossible, and lists the online rules
it would break as warnings. `settle` turns that answer into a refusal, the warnings still to
confirm, or the codes confirmed (recorded as `overrides_accepted`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q

from apikeys.roles import SUPPORT, Actor
from config.exceptions import Forbidden, Refused
from config.formats import zone
from reservations.engine.staff import StaffDecision, StaffWarning
from reservations.engine.staff_warnings import WARNING_CODES
from reservations.exceptions import TableConflict
from reservations.models import TableAllocation

ROLES = ("host", "manager", "co_owner", "owner")
# Everything a support command confirms with --confirm-warnings.
ALL_WARNINGS = frozenset(WARNING_CODES)


@dataclass(frozen=True)
class StaffTerms:
    """What a staff write brings to the booking step: who acts, the warnings they confirmed (a
    re-check under the lock may find new ones, which are asked again), the tables they chose."""

    actor: Actor = SUPPORT
    confirmed: frozenset[str] = frozenset()
    table_ids: tuple[int, ...] = ()
    walk_in: bool = False


class WarningsToConfirm(Refused):
    """Only online rules stand against the change: staff confirm them (or a manager must)."""

    code = "warnings_to_confirm"

    def __init__(self, warnings: list[StaffWarning], needs_manager: list[str]):
        listed = " ".join(warning.message for warning in warnings)
        super().__init__(
            f"Confirm to go ahead: {listed}",
            warnings=[
                {"code": w.code, "message": w.message, "needs_manager": w.code in needs_manager} for w in warnings
            ],
        )
        self.warnings = warnings
        self.needs_manager = needs_manager

    @property
    def codes(self) -> list[str]:
        return [warning.code for warning in self.warnings]


class WarningNeedsManager(Forbidden):
    code = "warning_needs_manager"


class StaffRefusal(Refused):
    """What is physically impossible (no service, a service over, tables too small or elsewhere)."""


def settle(decision: StaffDecision, terms: StaffTerms, restaurant, *, extra=(), now, exclude=None) -> list[str]:
    """The warning codes the staff confirmed, or the refusal: physical first, then the warnings
    not confirmed (all of them listed), then those this actor's role may not confirm."""
    if decision.refusal == "table_conflict":
        tables = sorted({table_id for table_id, _, _ in decision.clashes})
        start = dt.datetime.fromtimestamp(min(a for _, a, _ in decision.clashes), dt.UTC)
        end = dt.datetime.fromtimestamp(max(b for _, _, b in decision.clashes), dt.UTC)
        raise TableConflict(exclude, conflicts_for(restaurant, tables, start, end, now, exclude=exclude))
    if decision.refusal:
        raise StaffRefusal(decision.refusal_message, code=decision.refusal)
    warnings = [*decision.warnings, *extra]
    needs_manager = [w.code for w in warnings if not terms.actor.may_confirm(w.code, restaurant)]
    if any(w.code not in terms.confirmed for w in warnings):
        raise WarningsToConfirm(warnings, needs_manager)
    if needs_manager:
        names = ", ".join(needs_manager)
        raise WarningNeedsManager(f"At {restaurant.name}, only a manager can accept this: {names}.")
    return list(dict.fromkeys(w.code for w in warnings))


def conflicts_for(restaurant, table_ids, start: dt.datetime, end: dt.datetime, now: dt.datetime, exclude=None):
    """Who else holds these tables during [start, end): one entry per clashing row, for a refusal
    a host can act on (the table, the times, the booking or hold, the guest)."""
    tz = zone(restaurant.timezone)
    rows = (
        TableAllocation.objects.filter(
            restaurant=restaurant, table_id__in=list(table_ids), during__overlap=(start, end)
        )
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .select_related("table", "reservation__guest", "hold")
        .order_by("table__position", "table_id")
    )
    if exclude is not None:
        rows = rows.exclude(reservation=exclude)
    found = []
    for row in rows:
        owner = row.reservation or row.hold
        if row.reservation is not None:
            label = f"{row.reservation.guest}, party of {row.reservation.party_size} ({owner.public_id})"
        else:
            label = f"a hold ({owner.public_id})"
        found.append(
            {
                "table": row.table.name,
                "table_id": row.table.public_id,
                "start_time": row.during.lower.astimezone(tz).strftime("%H:%M"),
                "end_time": row.during.upper.astimezone(tz).strftime("%H:%M"),
                "held_by": owner.public_id,
                "label": label,
            }
        )
    return found
