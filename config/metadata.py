"""The integrator's `metadata` (decisions.md): at most 50 keys of 1 to 40 characters; values are
strings of at most 500 characters, finite numbers, booleans or null. Nothing a JSONB column
cannot hold (NUL, lone surrogates) gets through."""

import math

MAX_KEYS = 50
MAX_KEY_LENGTH = 40
MAX_VALUE_LENGTH = 500


def _storable(text: str) -> bool:
    return "\x00" not in text and not any(0xD800 <= ord(char) <= 0xDFFF for char in text)


def metadata_problem(value) -> str | None:
    """Why `value` is not acceptable metadata, or None."""
    if not isinstance(value, dict):
        return "Must be an object."
    if len(value) > MAX_KEYS:
        return f"At most {MAX_KEYS} keys."
    for key, item in value.items():
        if not 1 <= len(key) <= MAX_KEY_LENGTH or not _storable(key):
            return f"Keys are 1 to {MAX_KEY_LENGTH} characters."
        if isinstance(item, (dict, list)):
            return "Values are strings, numbers, booleans or null."
        if isinstance(item, str) and (len(item) > MAX_VALUE_LENGTH or not _storable(item)):
            return f"String values are at most {MAX_VALUE_LENGTH} characters."
        if isinstance(item, float) and not math.isfinite(item):
            return "Numbers must be finite."
    return None
