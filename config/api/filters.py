"""Strict list filters on django-filter: an unknown value or a malformed date is a 400 naming it."""

import django_filters
from django import forms

from config.api.errors import BadRequest
from config.api.params import parse_date, parse_datetime_param


class StrictFilterSet(django_filters.FilterSet):
    """A FilterSet whose invalid input raises the API's 400 with `param`."""

    @classmethod
    def apply(cls, query, queryset, request=None):
        data = {name: query.get(name) for name in cls.base_filters if name in query}
        for name, value in data.items():
            if value == "":
                raise BadRequest(f"`{name}` is empty.", param=name)
        filterset = cls(data, queryset=queryset, request=request)
        if not filterset.is_valid():
            name, messages = next(iter(filterset.errors.items()))
            raise BadRequest(f"`{name}`: {' '.join(messages)}", param=name)
        return filterset.qs


class DateFilter(django_filters.Filter):
    """A `YYYY-MM-DD` date and nothing else (django's DateField accepts too much)."""

    field_class = forms.CharField

    def __init__(self, *args, param: str, **kwargs):
        self.param = param
        super().__init__(*args, **kwargs)

    def filter(self, qs, value):
        if value in (None, ""):
            return qs
        return qs.filter(**{f"{self.field_name}__{self.lookup_expr}": parse_date(value, self.param)})


class UpdatedSinceFilter(django_filters.Filter):
    """ISO 8601; no offset is read as UTC; records updated at or after it."""

    field_class = forms.CharField

    def filter(self, qs, value):
        if value in (None, ""):
            return qs
        return qs.filter(updated_at__gte=parse_datetime_param(value, "updated_since"))


class IdListFilter(django_filters.Filter):
    """`id=a,b,c`: at most 100 ids of one prefix."""

    field_class = forms.CharField

    def __init__(self, *args, prefix: str, **kwargs):
        self.prefix = prefix
        super().__init__(*args, **kwargs)

    def filter(self, qs, value):
        if value in (None, ""):
            return qs
        ids = [part.strip() for part in value.split(",") if part.strip()]
        if not ids or len(ids) > 100:
            raise BadRequest("`id` takes 1 to 100 comma-separated ids.", param="id")
        for item in ids:
            if not item.startswith(self.prefix + "_"):
                raise BadRequest(f"`{item}` is not a {self.prefix}_ id.", param="id")
        return qs.filter(public_id__in=ids)


def date_filters(field_name: str, name: str = "date") -> dict:
    """`date`, `date[gte]`, `date[lte]` on a date field."""
    return {
        name: DateFilter(field_name=field_name, lookup_expr="exact", param=name),
        f"{name}[gte]": DateFilter(field_name=field_name, lookup_expr="gte", param=f"{name}[gte]"),
        f"{name}[lte]": DateFilter(field_name=field_name, lookup_expr="lte", param=f"{name}[lte]"),
    }
