"""Phone numbers: E.164 when parsable for the restaurant's country, else as entered without separators."""

import re

import phonenumbers

SEPARATORS = re.compile(r"[\s().\-/]")


def normalize_phone(raw: str | None, country: str) -> str | None:
    if raw is None:
        return None
    text = raw.strip()
    if not text:
        return None
    try:
        number = phonenumbers.parse(text, country.upper())
    except phonenumbers.NumberParseException:
        number = None
    if number is not None and phonenumbers.is_possible_number(number):
        return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
    return SEPARATORS.sub("", text)


def normalize_email(raw: str | None) -> str | None:
    if raw is None:
        return None
    text = raw.strip().lower()
    return text or None
