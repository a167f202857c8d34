"""Where a higher app takes over in a booking write, registered by that app at start-up (its
AppConfig.ready), so that reservations never imports it:

- a cancellation that frees a table lets the waitlist suggest the parties it can seat (waitlist.apps);
- a create naming `hold_id` converts that hold: holds claims it and its slot, and ends it once the
  booking holds its tables (holds.apps, holds.conversion).
"""

from collections.abc import Callable

from config.exceptions import not_found

_after_cancellation: list[Callable] = []
_hold_conversion = []  # the one conversion of holds, when registered


def on_cancellation(handler: Callable) -> Callable:
    """Register `handler(reservation=...)`, called inside a cancellation's transaction, tables freed."""
    if handler not in _after_cancellation:
        _after_cancellation.append(handler)
    return handler


def cancelled(reservation) -> None:
    for handler in _after_cancellation:
        handler(reservation=reservation)


def converts_holds(conversion) -> None:
    """Register the conversion of holds: `claim(step, params) -> (hold, Slot)` under the create's lock,
    `converted(hold, reservation, now)` once the booking is saved and holds the hold's tables."""
    _hold_conversion[:] = [conversion]


def claim_hold(step, params):
    if not _hold_conversion:
        raise not_found("hold_id", params.hold_id)
    return _hold_conversion[0].claim(step, params)


def hold_converted(hold, reservation, now) -> None:
    _hold_conversion[0].converted(hold, reservation, now)
