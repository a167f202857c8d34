"""Valid input without DRF's per-field machinery: the fast path of StrictSerializer.is_valid().

DRF validates a body field by field through `run_validation`, its empty-value rules and a list
of validator objects: about a millisecond for a booking's body, a tenth of its CPU. Most bodies
are valid, and proving a value valid is cheap. So each serializer class is compiled once into
plain readers, one per declared field, derived from the field's own settings (max_length,
allow_null, choices, bounds...). A reader returns what DRF would return for a value it knows to
be valid and raises `Unsure` for anything else; then, and for every serializer or field this
module does not know, DRF's own validation runs as before and accepts or refuses with its
messages. So the fast path can only ever answer for input DRF accepts, with the same data
(tests/platform/test_fast_path.py holds the two equal on generated input).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from functools import cache

from django.core import validators as django_validators
from rest_framework import fields as drf
from rest_framework import serializers
from rest_framework import validators as drf_validators

from config.one_line import CONTROL

SURROGATE = re.compile("[\ud800-\udfff]")
MISSING = object()


class Unsure(Exception):
    """The value may be invalid: let DRF decide."""


def read(serializer, data):
    """`serializer`'s validated data for `data` when the fast path can vouch for it, else None."""
    reader = _compiled(type(serializer))
    if reader is None:
        return None
    try:
        return reader(data, serializer)
    except Unsure:
        return None


# --- fields -------------------------------------------------------------------------


def _nullable(field, reader: Callable) -> Callable:
    if not field.allow_null:
        return reader

    def read_nullable(value):
        return None if value is None else reader(value)

    return read_nullable


def _known_validators(field, allowed: tuple) -> bool:
    return all(isinstance(validator, allowed) for validator in field.validators)


def _text(field) -> Callable | None:
    """CharField and its subclasses whose `to_internal_value` adds nothing DRF's own does not."""
    if field.trim_whitespace or not _known_validators(
        field,
        (
            django_validators.MaxLengthValidator,
            django_validators.MinLengthValidator,
            django_validators.ProhibitNullCharactersValidator,
            drf_validators.ProhibitSurrogateCharactersValidator,
        ),
    ):
        return None
    longest = field.max_length if field.max_length is not None else float("inf")
    shortest = field.min_length or 0
    allow_blank = field.allow_blank
    one_line = getattr(field, "one_line", False)  # config.api.inputs.Text

    def read_text(value):
        if type(value) is not str:
            raise Unsure
        if value == "":
            if allow_blank:
                return ""
            raise Unsure
        if not shortest <= len(value) <= longest or "\x00" in value:
            raise Unsure
        if one_line and CONTROL.search(value):
            raise Unsure
        if not value.isascii() and SURROGATE.search(value):
            raise Unsure
        return value

    return read_text


def _object_id(field) -> Callable | None:
    pattern = field.pattern
    longest = field.max_length

    def read_id(value):
        if type(value) is not str or not value or len(value) > longest or not pattern.match(value):
            raise Unsure
        return value  # ids are ASCII: no NUL, no surrogate

    return read_id


def _integer(field) -> Callable | None:
    if not _known_validators(field, (django_validators.MinValueValidator, django_validators.MaxValueValidator)):
        return None
    low = field.min_value if field.min_value is not None else float("-inf")
    high = field.max_value if field.max_value is not None else float("inf")
    from_string, digits = field.from_string, field.pattern

    def read_integer(value):
        if from_string:
            if type(value) is not str or not digits.match(value):  # no spaces: DRF strips them
                raise Unsure
            value = int(value)
        elif type(value) is not int:
            raise Unsure
        if not low <= value <= high:
            raise Unsure
        return value

    return read_integer


def _choice(field) -> Callable | None:
    choices = field.choice_strings_to_values
    allow_blank = field.allow_blank

    def read_choice(value):
        if type(value) is not str:
            raise Unsure
        if value == "" and allow_blank:
            return ""
        try:
            return choices[value]
        except KeyError:
            raise Unsure from None

    return read_choice


def _codes(field) -> Callable | None:
    allowed = frozenset(field.choices)
    longest = len(field.choices)

    def read_codes(value):
        if type(value) is not list or len(value) > longest:
            raise Unsure
        for code in value:
            if type(code) is not str or code not in allowed:
                raise Unsure
        codes = frozenset(value)
        if len(codes) != len(value):
            raise Unsure
        return codes

    return read_codes


def _own_method(field) -> Callable | None:
    """Fields of ours whose `to_internal_value` is already plain (no validators to run): call it."""
    if field.validators:
        return None
    convert = field.to_internal_value

    def read_own(value):
        try:
            return convert(value)
        except serializers.ValidationError:
            raise Unsure from None

    return read_own


def _nested(field) -> Callable | None:
    compiled = _compiled(type(field))
    if compiled is None:
        return None

    def read_nested(value):
        return compiled(value, field)

    return read_nested


def _reader(field) -> Callable | None:
    if field.read_only or field.source != field.field_name and field.source is not None:
        return None
    # Only the exact class that names its reader (config.api.inputs): a subclass may change the rules.
    kind = getattr(field, "fast_reader", None) if "fast_reader" in type(field).__dict__ else None
    if isinstance(field, serializers.Serializer) and getattr(field, "fast_reader", None) == "serializer":
        reader = _nested(field)
    elif kind in _BUILDERS:
        reader = _BUILDERS[kind](field)
    elif isinstance(field, drf.ChoiceField) and type(field).to_internal_value is drf.ChoiceField.to_internal_value:
        reader = _choice(field)
    else:
        return None
    return None if reader is None else _nullable(field, reader)


_BUILDERS = {
    "object_id": _object_id,
    "text": _text,
    "integer": _integer,
    "codes": _codes,
    "own_method": _own_method,
}


# --- serializers -----------------------------------------------------------------------


@cache
def _compiled(cls) -> Callable | None:
    """The class's reader, or None when one of its fields (or the class) is beyond the fast path."""
    if getattr(cls, "fast_reader", None) != "serializer" or getattr(getattr(cls, "Meta", None), "validators", None):
        return None
    readers = []
    for name, declared in cls._declared_fields.items():
        if getattr(cls, f"validate_{name}", None) is not None:
            return None
        field = _bound_copy(declared, name)
        if field.default is not drf.empty:
            return None
        reader = _reader(field)
        if reader is None:
            return None
        readers.append((name, field.required, reader))

    def read_object(data, serializer):
        if type(data) is not dict:
            raise Unsure
        for name in data:
            if name not in cls._declared_fields:
                raise Unsure
        result = {}
        for name, required, reader in readers:
            value = data.get(name, MISSING)
            if value is MISSING:
                if required:
                    raise Unsure
                continue
            result[name] = reader(value)
        try:
            validated = serializer.validate(result)
        except serializers.ValidationError:
            raise Unsure from None
        if validated is None:
            raise Unsure
        return validated

    return read_object


def _bound_copy(declared, name: str):
    """The declared field with its name set, as binding would (`source` defaults to the name)."""
    field = copy.copy(declared)
    field.field_name = name
    if field.source is None:
        field.source = name
    return field
