"""Domain exceptions of the guest book (back office and support commands; `/v1` only reads guests)."""

from config.error_codes import ErrorCode, register
from config.exceptions import Conflict, Refused


class GuestMergeRefused(Refused):
    """Two profiles that cannot be merged (the same profile, one already merged away or erased)."""

    code = "guest_merge_refused"


class GuestNotMerged(Conflict):
    """Unmerging a profile that is not merged into another."""

    code = "guest_not_merged"


class GuestErased(Conflict):
    """A change to a profile erased for data protection."""

    code = "guest_erased"


register(
    ErrorCode(
        "guest_merge_refused",
        422,
        "The two profiles cannot be merged: they are the same profile, or one was already merged away or erased.",
        "Merge into the survivor named in the message, or pick another profile.",
        group="staff",
    ),
    ErrorCode(
        "guest_not_merged",
        409,
        "The profile is not merged into another, so there is nothing to undo.",
        "Nothing to retry.",
        group="staff",
    ),
    ErrorCode(
        "guest_erased",
        409,
        "The profile was erased for data protection; it can no longer change.",
        "Nothing to retry.",
        group="staff",
    ),
)
