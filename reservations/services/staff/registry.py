"""Every staff move on a booking, declared once: its name, its service, the statuses it is allowed
from, the words on its button and after it, the warnings it may carry, whether it asks for a reason
or a confirmation. The timeline, the list, the booking's card, the admin's actions and
`manage.py booking` all read this table (docs/host-guide.md lists it).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from reservations.engine.staff_warnings import WARNING_CODES
from reservations.services.staff.approval import APPROVAL_WARNINGS, approve_reservation, decline_reservation
from reservations.services.staff.common import MOVABLE, S
from reservations.services.staff.floor import (
    complete_reservation,
    no_show_reservation,
    partially_seat_reservation,
    seat_reservation,
    undo_last_move,
)
from reservations.services.staff.moves import move_booking, staff_cancel_reservation

# When a move is offered: any time; from the service date on; after the booking's start time.
ANY, ON_THE_DAY, AFTER_START = "any", "on_the_day", "after_start"


@dataclass(frozen=True)
class StaffMove:
    name: str
    label: object  # the button (translated)
    done: object  # past tense, after the booking's name: "Marie Curie: seated."
    service: Callable
    from_statuses: tuple[str, ...]
    warnings: tuple[str, ...] = ()  # the warnings it may ask to confirm
    reason: str = ""  # "", "optional" or "required": the reason typed with it
    confirm: object = ""  # the question asked before it is made ("" : one tap)
    when: str = ANY
    tone: str = ""  # "go" (the next step of the evening), "danger" (ends the booking)
    admin: bool = True  # offered as an action on the admin's list of bookings
    on_card: bool = True  # a button of its own on the booking's card (`move` and `undo` have their own place)

    @property
    def command(self) -> str:
        """The subcommand of `manage.py booking`."""
        return self.name.replace("_", "-")

    def allowed(self, status: str, service_date: dt.date, today: dt.date, starts_at: dt.datetime, now) -> bool:
        """Whether the button is worth showing (the service decides, under the lock)."""
        if self.from_statuses and status not in self.from_statuses:
            return False
        if self.when == ON_THE_DAY:
            return service_date <= today
        if self.when == AFTER_START:
            return service_date <= today and starts_at <= now
        return True

    def kwargs(self, *, reason: str = "", confirmed=frozenset()) -> dict:
        """What this move's service takes beside the booking and the actor."""
        found: dict = {}
        if self.reason:
            found["reason"] = reason
        if self.warnings:
            found["confirmed"] = frozenset(confirmed)
        return found


CANCELLABLE = (S.PENDING, S.CONFIRMED, S.PARTIALLY_SEATED, S.SEATED, S.AWAITING_GUARANTEE)

MOVES: dict[str, StaffMove] = {
    move.name: move
    for move in (
        StaffMove(
            "approve", _("Approve"), _("approved"), approve_reservation, (S.PENDING,), APPROVAL_WARNINGS, tone="go"
        ),
        StaffMove(
            "decline",
            _("Decline"),
            _("declined"),
            decline_reservation,
            (S.PENDING,),
            reason="optional",
            confirm=_("Decline this request? The guest is told in five minutes, unless you undo it."),
            tone="danger",
        ),
        StaffMove(
            "seat",
            _("Seat"),
            _("seated"),
            seat_reservation,
            (S.CONFIRMED, S.PARTIALLY_SEATED),
            when=ON_THE_DAY,
            tone="go",
        ),
        StaffMove(
            "partially_seat",
            _("Part seated"),
            _("partly seated"),
            partially_seat_reservation,
            (S.CONFIRMED,),
            when=ON_THE_DAY,
        ),
        StaffMove(
            "complete", _("Complete"), _("completed"), complete_reservation, (S.SEATED, S.PARTIALLY_SEATED), tone="go"
        ),
        StaffMove(
            "no_show",
            _("No-show"),
            _("marked a no-show"),
            no_show_reservation,
            (S.CONFIRMED,),
            when=AFTER_START,
            tone="danger",
        ),
        StaffMove(
            "move",
            _("Move"),
            _("moved"),
            move_booking,
            MOVABLE,
            WARNING_CODES,
            admin=False,
            on_card=False,
        ),
        StaffMove("undo", _("Undo"), _("back to its previous status"), undo_last_move, (), on_card=False),
        StaffMove(
            "cancel",
            _("Cancel booking"),
            _("cancelled"),
            staff_cancel_reservation,
            CANCELLABLE,
            reason="required",
            confirm=_("Cancel this booking? The guest is told."),
            tone="danger",
            admin=False,
        ),
    )
}


def card_moves(status: str, service_date: dt.date, today: dt.date, starts_at: dt.datetime, now) -> list[StaffMove]:
    """The buttons of a booking's card (and list row), in the registry's order."""
    return [m for m in MOVES.values() if m.on_card and m.allowed(status, service_date, today, starts_at, now)]
