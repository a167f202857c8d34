"""Public identifiers: a type prefix and 24 random base62 characters.

They are never derived from a database sequence, so they leak neither volume
nor order, and they are what every API payload and URL carries.
"""

import os
import string

ALPHABET = string.ascii_letters + string.digits
ID_LENGTH = 24
_BYTE_LIMIT = 256 - 256 % len(ALPHABET)  # 248: bytes below it map uniformly onto the 62 characters


def random_token(length: int = ID_LENGTH) -> str:
    """`length` characters of ALPHABET, each uniform and independent, from the OS's CSPRNG
    (one os.urandom call instead of one per character: rejection sampling of bytes >= 248)."""
    chars: list[str] = []
    while len(chars) < length:
        chars += [ALPHABET[byte % 62] for byte in os.urandom(length + 8) if byte < _BYTE_LIMIT]
    return "".join(chars[:length])


def new_id(prefix: str) -> str:
    return f"{prefix}_{random_token()}"


# Model field defaults must be importable module-level callables (migrations).


def new_restaurant_id() -> str:
    return new_id("rst")


def new_section_id() -> str:
    return new_id("sec")


def new_table_id() -> str:
    return new_id("tbl")


def new_shift_id() -> str:
    return new_id("shf")


def new_company_id() -> str:
    return new_id("cmp")


def new_api_key_id() -> str:
    return new_id("key")


def new_guest_id() -> str:
    return new_id("gst")


def new_reservation_id() -> str:
    return new_id("resv")


def new_hold_id() -> str:
    return new_id("hold")


def new_event_id() -> str:
    return new_id("evt")


def new_waitlist_entry_id() -> str:
    return new_id("wl")


def new_floor_plan_id() -> str:
    return new_id("fpl")


def new_combination_id() -> str:
    return new_id("cmb")


def new_closure_id() -> str:
    return new_id("cls")


def new_day_note_id() -> str:
    return new_id("dnt")


def new_block_id() -> str:
    return new_id("blk")


def new_webhook_endpoint_id() -> str:
    return new_id("we")


def has_prefix(value: object, prefix: str) -> bool:
    return isinstance(value, str) and value.startswith(prefix + "_") and len(value) > len(prefix) + 1
