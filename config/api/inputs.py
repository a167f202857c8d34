"""Strict readers of request bodies and query strings: DRF serializers and their fields.

Every input a column could not hold is refused here, as a 400 naming the field,
so nothing malformed ever reaches a service or the database:

- an unknown field is refused by name (nested ones as `guest[email]`);
- strings refuse NUL and lone surrogates (DRF's CharField) and carry a max length; one-line
  strings (names, phone, e-mail) any control character;
- integers are JSON numbers without a fraction (no `true`, no `"12"` in a body), inside a range;
- dates are `YYYY-MM-DD` between 1900 and 9998 (the engine looks a day around), and the
  document says so with a pattern;
- numbers in `metadata` are finite, its strings NUL-free.

The OpenAPI document is derived from these serializers (drf-spectacular), so a
field's type, pattern and bounds are written once.
"""

import copy
import datetime as dt
import functools
import json
import math
import re

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.api import fast_path
from config.api.errors import BadRequest, UnsupportedMediaType
from config.metadata import MAX_KEY_LENGTH, MAX_KEYS, MAX_VALUE_LENGTH, metadata_problem
from config.one_line import CONTROL_PATTERN, is_one_line

FIRST_DATE, LAST_DATE = dt.date(1900, 1, 1), dt.date(9998, 12, 31)
# ASCII digits only: Python's `\d` also matches other scripts' digits, which `int()` would read.
# Python's patterns end in `\Z`: its `$` also matches before a final newline (`"20:00\n"`).
DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")
HHMM_RE = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]\Z")
HHMM_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$"  # the document's (ECMA-262: `$` is the end)
INT_RE = re.compile(r"-?[0-9]{1,12}\Z")

# What the document states of the same rules, so that a generated client sends nothing refused
# (ECMA-262 patterns, as JSON Schema reads them; Python reads them alike):
# a year from 1900 to 9998, as FIRST_DATE..LAST_DATE;
YEAR_PATTERN = "(19[0-9]{2}|[2-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-8])"
MONTH_PATTERN = f"^{YEAR_PATTERN}-(0[1-9]|1[0-2])$"
DATE_PATTERN = f"^{YEAR_PATTERN}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"
DATETIME_PATTERN = f"^{YEAR_PATTERN}-"  # beside `format: date-time`, which says the rest
# no NUL (no text column holds one; lone surrogates cannot travel as UTF-8 at all), said as "not a
# string containing NUL" rather than a pattern every character must match: schemathesis builds a
# 5,000-character note from such a pattern one character at a time, which took minutes;
NO_NUL = {"not": {"type": "string", "pattern": "\\u0000"}}
# and a one-line text holds no control character at all (a line break among them);
NO_CONTROL = {"not": {"type": "string", "pattern": CONTROL_PATTERN}}
# the characters Python's str.strip() removes (str.isspace()), which is what "blank" means here.
WHITESPACE_CLASS = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
NOT_BLANK_PATTERN = f"[^{WHITESPACE_CLASS}]"  # unanchored: contains something other than whitespace
BLANK_PATTERN = f"^[{WHITESPACE_CLASS}]*$"
# A PostgreSQL integer column holds up to 2**31 - 1.
INT_MAX = 2**31 - 1
# An id of ours is a prefix and 24 characters; anything longer names nothing.
MAX_ID_LENGTH = 64
# `2026-12-05T19:30:00.123456+01:00` is 32 characters; more than 40 is not a time we read.
MAX_DATETIME_LENGTH = 40
# JSON nested deeper than this is refused before Python's recursion limit is near.
MAX_JSON_DEPTH = 32


def id_pattern(*prefixes: str) -> str:
    """Object ids are a prefix and base62 characters (`resv_4fK...`), as the document says them."""
    group = "|".join(prefixes)
    return rf"^({group})_[0-9A-Za-z]+$" if len(prefixes) > 1 else rf"^{group}_[0-9A-Za-z]+$"


@functools.cache
def id_regex(*prefixes: str) -> re.Pattern:
    """`id_pattern` for Python: it ends in `\\Z`, since its `$` would take `resv_abc` and a newline."""
    return re.compile(id_pattern(*prefixes).removesuffix("$") + r"\Z")


def looks_like_id(value: object, *prefixes: str) -> bool:
    return isinstance(value, str) and len(value) <= MAX_ID_LENGTH and id_regex(*prefixes).match(value) is not None


# --- the body ---------------------------------------------------------------------


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError("number out of range")
    return number


def _depth(value, limit: int) -> int:
    stack, deepest = [(value, 1)], 0
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > limit:
            break
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def check_json_media_type(content_type: str, params: dict) -> None:
    """A body is `application/json` (UTF-8, RFC 8259), else 415: a form or text body is not read as
    JSON by luck. `application/*+json` types are refused too: the document declares JSON only."""
    if content_type != "application/json":
        sent = f"`{content_type[:64]}`" if content_type else "no Content-Type"
        raise UnsupportedMediaType(f"Send the request body as JSON (Content-Type: application/json), not {sent}.")
    if params.get("charset", "utf-8").lower() not in ("utf-8", "utf8"):
        raise UnsupportedMediaType("Send the request body as application/json in UTF-8 (charset=utf-8 or none).")


def parse_json_object(raw: bytes) -> dict:
    """A request body as a JSON object ({} when empty); 400 for anything else."""
    if len(raw) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        raise BadRequest("The request body is larger than 1 MiB.")
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw, parse_constant=_refuse_constant, parse_float=_finite_float)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequest("The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise BadRequest("The request body must be a JSON object.")
    if _depth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise BadRequest(f"The request body is nested deeper than {MAX_JSON_DEPTH} levels.")
    return body


# --- fields -----------------------------------------------------------------------


class Text(serializers.CharField):
    """A string (NUL and lone surrogates refused by DRF) of at most `max_length` characters; the
    document says "no NUL" too (config.api.openapi.TextExtension). `one_line`: no line break nor
    other control character either (a name, a phone number: config/one_line.py)."""

    fast_reader = "text"
    default_error_messages = {"control": "Must be one line, without control characters."}

    def __init__(self, *, max_length: int, one_line: bool = False, **kwargs):
        self.one_line = one_line
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(max_length=max_length, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        if self.one_line and not is_one_line(data):
            self.fail("control")
        return super().to_internal_value(data)


class Integer(serializers.IntegerField):
    """An integer within bounds; in a body a JSON integer (`2`: never `2.0`, `2e0`, `true` or `"2"`),
    in a query string its ASCII digits and nothing around them."""

    fast_reader = "integer"
    pattern = INT_RE

    def __init__(self, *, min_value: int, max_value: int = INT_MAX, from_string: bool = False, **kwargs):
        self.from_string = from_string
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_internal_value(self, data):
        if self.from_string:
            if not isinstance(data, str) or not INT_RE.match(data):
                self.fail("invalid")
            data = int(data)
        elif type(data) is not int:  # a float (`2.0` too: a count is written as one) or a bool
            self.fail("invalid")
        return super().to_internal_value(data)


class Boolean(serializers.BooleanField):
    """JSON `true` or `false`, nothing else (DRF's accepts "yes", 1...)."""

    fast_reader = "own_method"

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


@extend_schema_field({"type": "string", "format": "date", "pattern": DATE_PATTERN})
class Date(serializers.DateField):
    """`YYYY-MM-DD` between 1900-01-01 and 9998-12-31."""

    fast_reader = "own_method"

    default_error_messages = {
        "invalid": "Must be a date as YYYY-MM-DD.",
        "range": "Must be between 1900-01-01 and 9998-12-31.",
    }

    def __init__(self, **kwargs):
        super().__init__(format="iso-8601", input_formats=["iso-8601"], **kwargs)

    def to_internal_value(self, value):
        if not isinstance(value, str) or not DATE_RE.match(value):
            self.fail("invalid")
        try:
            date = dt.date.fromisoformat(value)
        except ValueError:
            self.fail("invalid")
        if not FIRST_DATE <= date <= LAST_DATE:
            self.fail("range")
        return date


@extend_schema_field({"type": "string", "pattern": HHMM_PATTERN, "examples": ["19:30"]})
class HHMM(serializers.Field):
    """A wall-clock time `HH:MM` in the restaurant's zone."""

    fast_reader = "own_method"

    default_error_messages = {"invalid": "Must be a time as HH:MM."}

    def to_internal_value(self, data):
        if not isinstance(data, str) or not HHMM_RE.match(data):
            self.fail("invalid")
        return dt.time(int(data[:2]), int(data[3:]))

    def to_representation(self, value):
        return f"{value.hour:02d}:{value.minute:02d}"


def parse_datetime(text: str) -> dt.datetime:
    """An ISO 8601 date-time as an aware instant in UTC; ValueError when it is not one, or its date is
    outside 1900..9998. Without an offset it is read as UTC; a date alone is its midnight UTC; RFC 3339's
    lower-case `t` and `z` are read too. The instant is returned in UTC: PostgreSQL holds offsets up to
    15:59 only, and `+23:25` is a valid RFC 3339 offset."""
    if len(text) > MAX_DATETIME_LENGTH:
        raise ValueError("too long")
    text = text.upper()
    if DATE_RE.match(text):
        text += "T00:00:00"
    parsed = dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace(" ", "+"))
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=dt.UTC)
    if not FIRST_DATE <= parsed.date() <= LAST_DATE:
        raise ValueError("out of range")
    return parsed.astimezone(dt.UTC)


@extend_schema_field(
    {"type": "string", "format": "date-time", "pattern": DATETIME_PATTERN, "maxLength": MAX_DATETIME_LENGTH}
)
class DateTime(serializers.Field):
    """ISO 8601; without an offset read as UTC; a date alone is its midnight UTC."""

    fast_reader = "own_method"

    default_error_messages = {"invalid": "Must be an ISO 8601 date-time."}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        try:
            return parse_datetime(data)
        except ValueError:
            self.fail("invalid")

    def to_representation(self, value):
        return value.isoformat()


@functools.cache
def _id_check(prefixes: tuple[str, ...]) -> tuple[re.Pattern, str]:
    message = "Must be " + " or ".join(f"a {prefix}_ id" for prefix in prefixes) + "."
    return id_regex(*prefixes), message


class ObjectId(serializers.CharField):
    """The id of one of our objects, by its prefix (`sec_...`)."""

    fast_reader = "object_id"

    def __init__(self, *prefixes: str, **kwargs):
        self.prefixes = prefixes
        kwargs.setdefault("max_length", MAX_ID_LENGTH)
        super().__init__(**kwargs)

    @property
    def pattern(self) -> re.Pattern:
        return _id_check(self.prefixes)[0]

    def to_internal_value(self, data):
        pattern, message = _id_check(self.prefixes)
        if not isinstance(data, str) or len(data) > self.max_length or not pattern.match(data):
            raise serializers.ValidationError(message)
        return data


@extend_schema_field(
    {
        "type": "object",
        "description": (
            "The integrator's own data: at most 50 keys of 1 to 40 characters; values are strings of at most "
            "500 characters, numbers, booleans or null (no nested objects or arrays). Echoed verbatim."
        ),
        "maxProperties": MAX_KEYS,
        "propertyNames": {"minLength": 1, "maxLength": MAX_KEY_LENGTH, **NO_NUL},
        "additionalProperties": {
            "oneOf": [
                {"type": "string", "maxLength": MAX_VALUE_LENGTH, **NO_NUL},
                {"type": "number"},
                {"type": "boolean"},
                {"type": "null"},
            ]
        },
    }
)
class Metadata(serializers.Field):
    """The integrator's own flat object (decisions.md limits)."""

    fast_reader = "own_method"

    def to_internal_value(self, data):
        return clean_metadata(data)

    def to_representation(self, value):
        return value


def clean_metadata(data) -> dict:
    problem = metadata_problem(data)
    if problem:
        raise serializers.ValidationError(problem)
    return data


class Codes(serializers.ListField):
    """A list of distinct codes out of `choices` (`override`); documented with `uniqueItems`
    (config.api.openapi.CodesExtension)."""

    fast_reader = "codes"

    def __init__(self, *, choices, **kwargs):
        self.choices = list(choices)
        super().__init__(child=serializers.ChoiceField(choices=self.choices), max_length=len(self.choices), **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, list):
            self.fail("not_a_list", input_type=type(data).__name__)
        for code in data:
            if code not in self.choices:
                raise serializers.ValidationError(f"`{str(code)[:64]}` is not a code that can be sent here.")
        if len(set(data)) != len(data):
            raise serializers.ValidationError("Each code at most once.")
        return frozenset(super().to_internal_value(data))


# --- serializers ------------------------------------------------------------------


class StrictSerializer(serializers.Serializer):
    """A serializer that refuses unknown fields by name, at every level."""

    fast_reader = "serializer"

    def get_fields(self):
        """The declared fields, each a copy of its own. DRF deep-copies them per request, which
        re-runs every field's __init__ (a tenth of a create's CPU); binding a plain field only sets
        attributes on the copy, so a shallow copy is enough. A nested serializer is still deep-copied:
        its fields must be bound under this one (`root.partial`, the context)."""
        return {
            name: copy.deepcopy(field) if isinstance(field, serializers.BaseSerializer) else copy.copy(field)
            for name, field in self._declared_fields.items()
        }

    def is_valid(self, *, raise_exception=False):
        """DRF's validation, unless the fast path (config.api.fast_path) vouches for the data."""
        if not hasattr(self, "_validated_data") and hasattr(self, "initial_data"):
            validated = fast_path.read(self, self.initial_data)
            if validated is not None:
                self._validated_data, self._errors = validated, {}
        return super().is_valid(raise_exception=raise_exception)

    def to_internal_value(self, data):
        if isinstance(data, dict):
            for name in data:
                if name not in self.fields or self.fields[name].read_only:
                    raise serializers.ValidationError({name: "Unknown field."})
        return super().to_internal_value(data)
