"""Waitlist writes (docs/design.md, "Reservations, holds, the waitlist and the guest book"): entries
added, changed and cancelled by staff (entries), offers, bookings and seats from the waitlist
(offers), the sweeps (sweeps), and the guest's own side (widget, offers.accept_offer)."""

from waitlist.services.entries import (
    CHANNEL_OF,
    DEFAULT_OFFER_MINUTES,
    add_entry,
    announce,
    cancel_entry,
    change_entry,
    record_service,
    service_for,
    set_window,
    snapshot,
    window_minutes,
    window_offsets,
)
from waitlist.services.offers import OFFER_WAIVES, accept_offer, next_seating, offer_entry, promote_entry, seat_entry
from waitlist.services.sweeps import expire_entries, suggest_after_cancellation
from waitlist.services.widget import join_from_widget, waitlist_open_for

__all__ = [
    "CHANNEL_OF",
    "DEFAULT_OFFER_MINUTES",
    "OFFER_WAIVES",
    "accept_offer",
    "add_entry",
    "announce",
    "cancel_entry",
    "change_entry",
    "expire_entries",
    "join_from_widget",
    "next_seating",
    "offer_entry",
    "promote_entry",
    "record_service",
    "seat_entry",
    "service_for",
    "set_window",
    "snapshot",
    "suggest_after_cancellation",
    "waitlist_open_for",
    "window_minutes",
    "window_offsets",
]
