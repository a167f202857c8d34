"""The host's moves on a booking, and the bookings staff take (docs/host-guide.md).

One function per move, keyword-only, each in one transaction under the restaurant's lock, used
alike by the timeline and the list (backoffice/), the admin's actions and `manage.py booking`; the
registry (`registry.MOVES`) declares each move once. Every move writes its reservation event
(which publishes its webhook) and a `StatusChange` row that keeps, internally, who made the move
(the contract strips staff identity from events), the warnings they confirmed and what the booking
occupied before, for the undo.

Staff are bound only by what is physically true; the online rules are warnings they confirm
(reservations.services.staff_terms, reservations.engine.staff).

Allowed moves (anything else is 409 `status_move_not_allowed`):

    pending            -> confirmed (approve), cancelled (decline)
    confirmed          -> partially_seated, seated (from the service date on), no_show (after the start)
    partially_seated   -> seated, completed
    seated             -> completed
    the last of seat / partially seat / complete / no-show / decline -> undone within UNDO_WINDOW
    any live booking   -> moved (table, time, date, party size), cancelled
"""

from reservations.services.staff.approval import approve_reservation, decline_reservation
from reservations.services.staff.bookings import STAFF_CHANNEL_SOURCES, StaffBooking, create_staff_booking
from reservations.services.staff.common import UNDO_WINDOW, UNDOABLE
from reservations.services.staff.floor import (
    complete_reservation,
    no_show_reservation,
    partially_seat_reservation,
    seat_reservation,
    undo_last_move,
)
from reservations.services.staff.moves import move_booking, staff_cancel_reservation
from reservations.services.staff_terms import (
    ALL_WARNINGS,
    SUPPORT,
    Actor,
    StaffRefusal,
    StaffTerms,
    WarningNeedsManager,
    WarningsToConfirm,
    conflicts_for,
)

__all__ = [
    "ALL_WARNINGS",
    "STAFF_CHANNEL_SOURCES",
    "SUPPORT",
    "UNDOABLE",
    "UNDO_WINDOW",
    "Actor",
    "StaffBooking",
    "StaffRefusal",
    "StaffTerms",
    "WarningNeedsManager",
    "WarningsToConfirm",
    "approve_reservation",
    "complete_reservation",
    "conflicts_for",
    "create_staff_booking",
    "decline_reservation",
    "move_booking",
    "no_show_reservation",
    "partially_seat_reservation",
    "seat_reservation",
    "staff_cancel_reservation",
    "undo_last_move",
]
