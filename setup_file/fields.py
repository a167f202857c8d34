"""Small checkers for the values of a setup file.

A checker is `check(value, path, problems) -> cleaned value`; on a bad value it
reports `path: message` and returns INVALID, so the caller can carry on and find
the file's other problems. `check_object` applies a table of `Field`s to a
mapping: unknown fields, missing required ones, defaults, duplicate keys.
"""

import copy
import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from config.one_line import is_one_line
from reservations.models.restaurant import LANGUAGES

from .errors import Problems, at, item


class _Invalid:
    def __repr__(self) -> str:
        return "INVALID"


INVALID = _Invalid()
MISSING = object()
KEY_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")
TIME_RE = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])\Z")
DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")

Checker = Callable[[Any, str, Problems], Any]


def quoted(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def valid(*values: Any) -> bool:
    """True when none of the values was refused."""
    return all(value is not INVALID for value in values)


@dataclass(frozen=True)
class Field:
    check: Checker
    required: bool = False
    default: Any = None  # a callable is called for each use

    def default_value(self) -> Any:
        return self.default() if callable(self.default) else copy.deepcopy(self.default)


def check_object(value: Any, path: str, problems: Problems, fields: dict[str, Field]) -> dict | None:
    """The cleaned mapping (INVALID for each refused field), or None when not a mapping."""
    if not isinstance(value, dict):
        problems.add(path, "not an object")
        return None
    for name in getattr(value, "duplicates", ()):
        problems.add(at(path, name), "duplicate key")
    for name in value:
        if name not in fields:
            problems.add(at(path, name), "unknown field")
    cleaned = {}
    for name, field in fields.items():
        if name in value:
            cleaned[name] = field.check(value[name], at(path, name), problems)
        elif field.required:
            problems.add(at(path, name), "required")
            cleaned[name] = INVALID
        else:
            cleaned[name] = field.default_value()
    return cleaned


def obj(fields: dict[str, Field]) -> Checker:
    def check(value, path, problems):
        cleaned = check_object(value, path, problems, fields)
        return INVALID if cleaned is None else cleaned

    return check


def nullable(checker: Checker) -> Checker:
    def check(value, path, problems):
        return None if value is None else checker(value, path, problems)

    return check


def _not_null(value, path, problems) -> bool:
    if value is None:
        problems.add(path, "must not be null")
        return False
    return True


def text(max_length: int = 200, numbers: bool = False, lines: bool = False) -> Checker:
    """A non-blank string; `numbers` also takes an integer (a table named 12). On one line unless
    `lines` (notes, an address, a message): no line break nor other control character, so a name
    never starts a line of its own in an e-mail (config/one_line.py)."""

    def check(value, path, problems):
        if numbers and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not _not_null(value, path, problems):
            return INVALID
        if not isinstance(value, str):
            problems.add(path, "not a string")
            return INVALID
        if not value.strip():
            problems.add(path, "blank")
            return INVALID
        if len(value) > max_length:
            problems.add(path, f"longer than {max_length} characters")
            return INVALID
        if not lines and not is_one_line(value):
            problems.add(path, "not one line (a line break or another control character)")
            return INVALID
        return value

    return check


def key(value, path, problems):
    """An identifier the file uses to refer to an object and the output maps to an id."""
    if not _not_null(value, path, problems):
        return INVALID
    if not isinstance(value, str) or not KEY_RE.match(value) or len(value) > 100:
        problems.add(path, "not a key (letters, digits, '_', '-', '.'; at most 100)")
        return INVALID
    return value


def integer(minimum: int | None = None) -> Checker:
    def check(value, path, problems):
        if not _not_null(value, path, problems):
            return INVALID
        if not isinstance(value, int) or isinstance(value, bool):
            problems.add(path, "not an integer")
            return INVALID
        if minimum is not None and value < minimum:
            problems.add(path, f"below {minimum}")
            return INVALID
        return value

    return check


def positive_number(value, path, problems):
    if not _not_null(value, path, problems):
        return INVALID
    if not isinstance(value, int | float) or isinstance(value, bool) or not value > 0:
        problems.add(path, "not a positive number")
        return INVALID
    return value


def boolean(value, path, problems):
    if not isinstance(value, bool):
        problems.add(path, "not a boolean")
        return INVALID
    return value


def choice(values: Iterable[str], what: str = "value") -> Checker:
    values = tuple(values)

    def check(value, path, problems):
        if not _not_null(value, path, problems):
            return INVALID
        if not isinstance(value, str) or value not in values:
            problems.add(path, f"unknown {what} (one of {', '.join(values)})")
            return INVALID
        return value

    return check


def list_of(checker: Checker, unique: bool = False, min_items: int = 0) -> Checker:
    def check(value, path, problems):
        if not _not_null(value, path, problems):
            return INVALID
        if not isinstance(value, list):
            problems.add(path, "not a list")
            return INVALID
        if len(value) < min_items:
            problems.add(path, f"needs at least {min_items} item{'s' if min_items > 1 else ''}")
        cleaned = [checker(element, item(path, i), problems) for i, element in enumerate(value)]
        if unique:
            seen = []
            for i, element in enumerate(cleaned):
                if element is not INVALID and element in seen:
                    problems.add(item(path, i), f"duplicate {quoted(element)}")
                seen.append(element)
        return cleaned

    return check


def time_of_day(value, path, problems):
    match = TIME_RE.match(value) if isinstance(value, str) else None
    if match is None:
        problems.add(path, "not HH:MM")
        return INVALID
    return dt.time(int(match[1]), int(match[2]))


def date(value, path, problems):
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if isinstance(value, str) and DATE_RE.match(value):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            problems.add(path, "not a valid date")
            return INVALID
    problems.add(path, "not YYYY-MM-DD")
    return INVALID


def translatable(max_length: int = 2000) -> Checker:
    """A string, or a map of language code to string; stored as given."""
    string = text(max_length, lines=True)

    def check(value, path, problems):
        if not isinstance(value, dict):
            return string(value, path, problems)
        if not value:
            problems.add(path, "empty map of translations")
            return INVALID
        ok = True
        for name in getattr(value, "duplicates", ()):
            problems.add(at(path, name), "duplicate key")
            ok = False
        cleaned = {}
        for language, translation in value.items():
            if language not in LANGUAGES:
                problems.add(at(path, language), f"unknown language (one of {', '.join(LANGUAGES)})")
                ok = False
            cleaned[language] = string(translation, at(path, language), problems)
        return cleaned if ok and valid(*cleaned.values()) else INVALID

    return check


def records(raw: Any, path: str, problems: Problems, fields: dict[str, Field]) -> list[tuple[str, dict]]:
    """The objects of a top-level list with their paths; absent or null is an empty list."""
    if raw is MISSING or raw is None:
        return []
    if not isinstance(raw, list):
        problems.add(path, "not a list")
        return []
    found = []
    for i, value in enumerate(raw):
        cleaned = check_object(value, item(path, i), problems, fields)
        if cleaned is not None:
            found.append((item(path, i), cleaned))
    return found


def raw(value, path, problems):
    """Kept as given, for a part that checks the value itself (a nested list of objects)."""
    return value
