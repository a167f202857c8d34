"""Where a higher app takes over after a booking write, registered by that app at start-up (its
AppConfig.ready), so that reservations never imports it: a cancellation that frees a table lets the
waitlist suggest the parties it can seat (waitlist.apps)."""

from collections.abc import Callable

_after_cancellation: list[Callable] = []


def on_cancellation(handler: Callable) -> Callable:
    """Register `handler(reservation=...)`, called inside a cancellation's transaction, tables freed."""
    if handler not in _after_cancellation:
        _after_cancellation.append(handler)
    return handler


def cancelled(reservation) -> None:
    for handler in _after_cancellation:
        handler(reservation=reservation)
