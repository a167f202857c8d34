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
    """Trimmed and lower-cased, never longer than typed: a character whose lower case is longer
    (only U+0130 `İ`, which becomes `i` and a combining dot) is kept, so an address that fits its
    column still fits once normalised."""
    if raw is None:
        return None
    text = "".join(char if len(lower := char.lower()) > 1 else lower for char in raw.strip())
    return text or None
