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


def capacity_errors(obj, what: str) -> dict[str, str]:
    errors = {}
    low, high = obj.min_capacity, obj.max_capacity
    if low is not None and low < 1:
        errors["min_capacity"] = f"A {what} seats at least one guest."
    elif low is not None and high is not None and high < low:
        errors["max_capacity"] = f"A {what} cannot seat fewer guests at most ({high}) than at least ({low})."
    return errors


def raise_errors(errors: dict[str, str]) -> None:
    if errors:
        raise ValidationError(errors)
