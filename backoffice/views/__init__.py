"""The host's pages (docs/host-guide.md): thin views over reservations.selectors (the day, the
timeline, the search) and the staff services (reservations.services.staff, through its registry of
moves; waitlist.services)."""

from backoffice.views.bookings import edit_booking, new_booking
from backoffice.views.card import booking_card
from backoffice.views.common import lands_on_timeline
from backoffice.views.moves import move
from backoffice.views.pages import day_sheet, home_cards, timeline
from backoffice.views.queues import pending, search
from backoffice.views.waitlist import release_hold, waitlist_add, waitlist_move

__all__ = [
    "booking_card",
    "day_sheet",
    "edit_booking",
    "home_cards",
    "lands_on_timeline",
    "move",
    "new_booking",
    "pending",
    "release_hold",
    "search",
    "timeline",
    "waitlist_add",
    "waitlist_move",
]
