"""Domain exceptions of the waitlist (back office and support commands)."""

from config.error_codes import ErrorCode, register
from config.exceptions import Conflict, InvalidInput


class WaitlistEntryClosed(Conflict):
    """A move of an entry that is promoted, cancelled or expired, or not in a state the move starts from."""

    code = "waitlist_entry_closed"


class WaitlistWindowInvalid(InvalidInput):
    """A window that ends before it starts, even past midnight."""

    code = "waitlist_window_invalid"


register(
    ErrorCode(
        "waitlist_entry_closed",
        409,
        "The waitlist entry is promoted, cancelled or expired (or not in a state this move starts from).",
        "Read the entry; nothing to retry.",
        group="staff",
    ),
    ErrorCode(
        "waitlist_window_invalid",
        400,
        "The waitlist window ends before it starts, even counting the service's post-midnight tail.",
        "Send a window whose end is at or after its start.",
        group="staff",
    ),
)
