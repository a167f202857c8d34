"""Guest-book writes: find or create the profile a booking belongs to (match), edit a profile (edit),
merge and unmerge two profiles (merge), erase a guest for data protection (erase), and recompute the
visit statistics (statistics).

Every change announces itself with `guest.*` (webhooks.services.publish) in its own transaction.
What apps above guests keep of a guest (bookings, waitlist entries), they hand over at start-up
(handovers): guests never imports them.
"""

from guests.services.edit import create_guest, update_guest
from guests.services.erase import ERASED_NAME, erase_guest
from guests.services.events import announce, snapshot
from guests.services.match import GuestInput, GuestMatch, contact_of, match_or_create
from guests.services.merge import merge_guests, unmerge_guest
from guests.services.statistics import recompute_all_statistics, recompute_statistics

__all__ = [
    "ERASED_NAME",
    "GuestInput",
    "GuestMatch",
    "announce",
    "contact_of",
    "create_guest",
    "erase_guest",
    "match_or_create",
    "merge_guests",
    "recompute_all_statistics",
    "recompute_statistics",
    "snapshot",
    "unmerge_guest",
    "update_guest",
]
