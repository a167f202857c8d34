"""Strict list filters on django-filter: typed filters, and a 400 naming the filter for an
empty, unknown or malformed value. drf-spectacular documents them from these classes."""

import datetime as dt

import django_filters
from django import forms
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema_field

from config.api.errors import BadRequest
from config.api.inputs import (
    DATE_PATTERN,
    DATE_RE,
    DATETIME_PATTERN,
    FIRST_DATE,
    LAST_DATE,
    MAX_DATETIME_LENGTH,
    MAX_ID_LENGTH,
    id_pattern,
    looks_like_id,
    parse_datetime,
)

MAX_IDS = 100


class StrictDateField(forms.Field):
    """`YYYY-MM-DD` and nothing else (Django's DateField accepts several formats)."""

    def to_python(self, value):
        if value in (None, ""):
            return None
        if not DATE_RE.match(value):
            raise forms.ValidationError("must be a date as YYYY-MM-DD.")
        try:
            date = dt.date.fromisoformat(value)
        except ValueError:
            raise forms.ValidationError("is not a valid date.") from None
        if not FIRST_DATE <= date <= LAST_DATE:
            raise forms.ValidationError("must be between 1900-01-01 and 9998-12-31.")
        return date


class StrictDateTimeField(forms.Field):
    """ISO 8601; no offset is read as UTC; a date alone is its midnight UTC."""

    def to_python(self, value):
        if value in (None, ""):
            return None
        try:
            return parse_datetime(value)
        except ValueError:
            raise forms.ValidationError("must be an ISO 8601 date-time between 1900 and 9998.") from None


class StrictBooleanField(forms.Field):
    def to_python(self, value):
        if value in (None, ""):
            return None
        if value not in ("true", "false"):
            raise forms.ValidationError("must be true or false.")
        return value == "true"


@extend_schema_field({"type": "string", "format": "date", "pattern": DATE_PATTERN})
class DateFilter(django_filters.DateFilter):
    field_class = StrictDateField


class BooleanFilter(django_filters.BooleanFilter):
    field_class = StrictBooleanField


@extend_schema_field(
    {"type": "string", "format": "date-time", "pattern": DATETIME_PATTERN, "maxLength": MAX_DATETIME_LENGTH}
)
class UpdatedSinceFilter(django_filters.IsoDateTimeFilter):
    """Records updated at or after the instant."""

    field_class = StrictDateTimeField

    def __init__(self, **kwargs):
        kwargs.setdefault("field_name", "updated_at")
        kwargs.setdefault("lookup_expr", "gte")
        kwargs.setdefault(
            "help_text",
            "ISO 8601 (no offset is read as UTC): records with `updated_at` at or after it; the order becomes "
            "`(updated_at, id)` ascending, and a record changing while paging moves to the end.",
        )
        super().__init__(**kwargs)


class IdsField(forms.Field):
    def __init__(self, *args, prefix: str, **kwargs):
        self.prefix = prefix
        super().__init__(*args, **kwargs)

    def to_python(self, value):
        if value in (None, ""):
            return None
        ids = [part for part in value.split(",") if part]  # as sent: `resv_a, resv_b` is refused
        if not ids or len(ids) > MAX_IDS:
            raise forms.ValidationError(f"takes 1 to {MAX_IDS} comma-separated ids.")
        for item in ids:
            if not looks_like_id(item, self.prefix):
                raise forms.ValidationError(f"`{item[:64]}` is not a {self.prefix}_ id.")
        return ids


class IdListFilter(django_filters.Filter):
    """`id=a,b,c`: at most 100 ids of one prefix."""

    field_class = IdsField

    def __init__(self, *, prefix: str, **kwargs):
        kwargs.setdefault("help_text", f"Comma-separated `{prefix}_` ids, at most {MAX_IDS}.")
        super().__init__(field_name="public_id", lookup_expr="in", prefix=prefix, **kwargs)


def id_list_filter(prefix: str) -> IdListFilter:
    schema = {
        "type": "array",
        "items": {"type": "string", "pattern": id_pattern(prefix), "maxLength": MAX_ID_LENGTH},
        "minItems": 1,
        "maxItems": MAX_IDS,
        "description": f"Comma-separated `{prefix}_` ids, at most {MAX_IDS}.",
    }
    return extend_schema_field(schema)(IdListFilter(prefix=prefix))


def date_filters(field_name: str, name: str = "date", label: str = "Service date") -> dict:
    """`date`, `date[gte]`, `date[lte]` on a date field."""
    return {
        name: DateFilter(field_name=field_name, lookup_expr="exact", help_text=f"{label} equal to (`YYYY-MM-DD`)."),
        f"{name}[gte]": DateFilter(field_name=field_name, lookup_expr="gte", help_text=f"{label} on or after."),
        f"{name}[lte]": DateFilter(field_name=field_name, lookup_expr="lte", help_text=f"{label} on or before."),
    }


class StrictFilterSet(django_filters.FilterSet):
    """Filters combine with AND; an empty or invalid value is a 400 naming the filter."""

    def __init__(self, data=None, *args, **kwargs):
        if data is not None:
            for name in self.base_filters:
                if data.get(name) == "":
                    raise BadRequest(f"`{name}` is empty.", param=name)
            # Only the filters the request names (an absent filter filters nothing): django-filter
            # deep-copies every filter and builds a form of them all, per request.
            self.base_filters = {name: f for name, f in self.base_filters.items() if name in data}
        super().__init__(data, *args, **kwargs)


class StrictFilterBackend(DjangoFilterBackend):
    """The view's `filterset_class`, refusing invalid values with the API's 400."""

    def filter_queryset(self, request, queryset, view):
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        if not filterset.is_valid():
            name, messages = next(iter(filterset.errors.items()))
            raise BadRequest(f"`{name}` {' '.join(messages)}", param=name)
        return filterset.qs
