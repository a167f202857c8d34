"""Rules a form, the setup-file loader and any other writer must agree on, checked on the
model (`clean()`, which the admin's forms call) and said in restaurant terms, next to the field.
The database's CHECK constraints stay the last guard; their names never reach a person.
"""

import datetime as dt

from django.core.exceptions import ValidationError

from reservations.models.codes import COUNTRIES, CURRENCIES

CUTOFF_HELP = (
    "Minutes before the start when online booking closes: 0 up to the start, -1 until the last seating, "
    "empty for no rule."
)


def _minutes_after(start: dt.time, value: dt.time) -> int:
    """Minutes from `start` to `value` on the service's clock (a time before the start is after midnight)."""
    a, b = start.hour * 60 + start.minute, value.hour * 60 + value.minute
    return b - a if b >= a else b - a + 24 * 60


def restaurant_errors(restaurant) -> dict[str, str]:
    errors = {}
    if restaurant.country and restaurant.country not in COUNTRIES:
        errors["country"] = f"“{restaurant.country}” is not a country code: use ISO 3166 alpha-2, e.g. FR, GB, US."
    if restaurant.currency and restaurant.currency not in CURRENCIES:
        errors["currency"] = f"“{restaurant.currency}” is not a currency code: use ISO 4217, e.g. EUR, GBP, USD."
    low, high, default = restaurant.min_party_size, restaurant.max_party_size, restaurant.default_party_size
    cutoff = restaurant.default_cutoff_minutes
    if cutoff is not None and cutoff < -1:
        errors["default_cutoff_minutes"] = CUTOFF_HELP
    if low == 0:
        errors["min_party_size"] = "The smallest party is at least one guest (leave it empty for no floor)."
    elif default is not None and default < 1:
        errors["default_party_size"] = "The suggested party size is at least one guest."
    elif low is not None and high is not None and high < low:
        errors["max_party_size"] = f"The largest party ({high}) is smaller than the smallest ({low})."
    elif default is not None and low is not None and default < low:
        errors["default_party_size"] = f"The suggested party size must be at least the smallest party ({low})."
    elif default is not None and high is not None and default > high:
        errors["default_party_size"] = f"The suggested party size must be at most the largest party ({high})."
    return errors


def shift_errors(shift) -> dict[str, str]:
    errors = {}
    start, end, last = shift.start_time, shift.end_time, shift.last_seating
    if start is not None and end is not None and last is not None:
        length = _minutes_after(start, end) or 24 * 60
        if _minutes_after(start, last) > length:
            errors["last_seating"] = (
                f"The last seating ({last:%H:%M}) must fall within the service, {start:%H:%M} to {end:%H:%M}."
            )
    if shift.valid_from and shift.valid_until and shift.valid_until < shift.valid_from:
        errors["valid_until"] = "The service cannot end before it starts (valid until is before valid from)."
    if shift.slot_interval_minutes is not None and shift.slot_interval_minutes < 1:
        errors["slot_interval_minutes"] = "Seatings need at least a minute between them."
    if shift.seating_minutes is not None and shift.seating_minutes < 1:
        errors["seating_minutes"] = "A seating lasts at least a minute (leave it empty for no set length)."
    if shift.cutoff_minutes is not None and shift.cutoff_minutes < -1:
        errors["cutoff_minutes"] = CUTOFF_HELP
    amount = shift.guarantee_per_guest_amount
    if amount is not None and amount < 1:
        errors["guarantee_per_guest_amount"] = "The card guarantee per guest is above zero (leave it empty for none)."
    return errors


def closure_errors(closure) -> dict[str, str]:
    start, end = closure.start_date, closure.end_date
    if start is not None and end is not None and end < start:
        return {
            "end_date": f"The closure cannot end before it starts: the end date ({end:%Y-%m-%d}) is before the "
            f"start date ({start:%Y-%m-%d}). For a single day, give the same date twice."
        }
    return {}


def block_errors(block) -> dict[str, str]:
    start, end = block.start_time, block.end_time
    if start is not None and end is not None and (start.hour, start.minute) == (end.hour, end.minute):
        return {
            "end_time": f"The block ends when it starts ({start:%H:%M}): give a later end time (an end time "
            "before the start runs past midnight, e.g. 22:00 to 02:00)."
        }
    return {}


def duplicate_errors(obj, field: str, message, **scope) -> dict[str, str]:
    """`field` taken by another row of the same scope (a unique constraint the form would otherwise
    report at the top, or not at all when part of the scope is not a form field). `message` is the
    text, or a function making it (when it needs a query)."""
    value = getattr(obj, field)
    if value in (None, "") or any(v is None for v in scope.values()):
        return {}
    others = type(obj)._default_manager.filter(**scope, **{field: value})
    if obj.pk is not None:
        others = others.exclude(pk=obj.pk)
    if not others.exists():
        return {}
    return {field: message() if callable(message) else message}


def capacity_errors(obj, what: str) -> dict[str, str]:
    errors = {}
    low, high = obj.min_capacity, obj.max_capacity
    if low is not None and low < 1:
        errors["min_capacity"] = f"A {what} seats at least one guest."
    elif low is not None and high is not None and high < low:
        errors["max_capacity"] = f"A {what} cannot seat fewer guests at most ({high}) than at least ({low})."
    return errors


# Numbers a form field refuses below its floor (Django's "greater than or equal to 0"), in
# restaurant terms; the admin's forms put them next to the field (reservations/admin/policy.py).
PARTY = "a number of guests, 1 or more"
RATE_LIMIT = "A rate limit cannot be negative; leave it empty for the contract's default."
NUMBER_FLOORS = {
    "min_party_size": f"The smallest party is {PARTY} (leave it empty for no floor).",
    "max_party_size": f"The largest party is {PARTY} (leave it empty for no ceiling).",
    "default_party_size": f"The suggested party size is {PARTY}.",
    "max_advance_days": "How many days ahead guests may book: 0 (today only) or more; leave it empty for no limit.",
    "min_capacity": f"The fewest guests seated here: {PARTY}.",
    "max_capacity": f"The most guests seated here: {PARTY}.",
    "position": "The position orders the list: 0 comes first, then 1, 2 and so on.",
    "slot_interval_minutes": "Minutes between two seating times: 1 or more.",
    "seating_minutes": "How long a seating lasts, in minutes: 1 or more (leave it empty for no set length).",
    "max_covers": "The most guests this service seats: 0 or more (leave it empty for no cap).",
    "max_covers_per_slot": "The most guests arriving at one seating time: 0 or more (leave it empty for no cap).",
    "approval_from_party_size": f"Parties from this size on need approval: {PARTY} (leave it empty for none).",
    "guarantee_per_guest_amount": "The card guarantee per guest, in cents (the currency's minor unit): above "
    "zero, or empty for none.",
    "guarantee_from_party_size": f"Parties from this size on leave a card: {PARTY}.",
    "guarantee_cancel_hours": "Hours before the booking when free cancellation ends: 0 or more.",
    "party_size_from": f"A party size is {PARTY}.",
    "party_minutes": "Seating minutes are 1 or more.",
    "write_burst": RATE_LIMIT,
    "write_per_second": RATE_LIMIT,
    "write_per_day": RATE_LIMIT,
    "read_burst": RATE_LIMIT,
    "read_per_second": RATE_LIMIT,
}


def raise_errors(errors: dict[str, str]) -> None:
    if errors:
        raise ValidationError(errors)
