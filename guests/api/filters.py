"""The filters of `GET /v1/guests` (django-filter; documented from these classes)."""

import django_filters
from drf_spectacular.utils import extend_schema_field

from config.api.errors import BadRequest
from config.api.filters import BooleanFilter, StrictFilterSet, UpdatedSinceFilter, id_list_filter
from guests import selectors
from guests.models import Guest

MAX_QUERY_LENGTH = 100


def _text(description: str, max_length: int) -> dict:
    return {
        "type": "string",
        "minLength": 1,
        "maxLength": max_length,
        "pattern": r"^[^\x00-\x1f]+$",
        "description": description,
    }


class GuestFilter(StrictFilterSet):
    vip = BooleanFilter(help_text="`true` or `false`; omit for both.")
    blacklisted = BooleanFilter(help_text="`true` or `false`; omit for both.")
    phone = extend_schema_field(
        _text(
            "Normalised to E.164 for the restaurant's country before matching (`06 12 34 56 78` in France "
            "matches `+33612345678`).",
            40,
        )
    )(django_filters.CharFilter(method="by_phone", max_length=40))
    email = extend_schema_field(_text("The primary address, exact and case-insensitive.", 254))(
        django_filters.CharFilter(method="by_email", max_length=254)
    )
    query = extend_schema_field(
        _text(
            "An accent-insensitive substring of the first name, last name or e-mail (`jose` finds `José`).",
            MAX_QUERY_LENGTH,
        )
    )(django_filters.CharFilter(method="by_query", max_length=MAX_QUERY_LENGTH))
    updated_since = UpdatedSinceFilter()
    id = id_list_filter("gst")

    class Meta:
        model = Guest
        fields = []

    def filter_queryset(self, queryset):
        for name in ("phone", "email", "query"):
            # As sent: the form's cleaning strips surrounding whitespace, control characters such as
            # a vertical tab among it, and the documented pattern refuses them wherever they stand.
            value = self.data.get(name)
            if value and any(ord(char) < 32 or 0xD800 <= ord(char) <= 0xDFFF for char in value):
                raise BadRequest(f"`{name}` contains a control character.", param=name)
        return super().filter_queryset(queryset)

    def by_phone(self, queryset, name, value):
        return selectors.with_phone(queryset, self.request.user.restaurant, value)

    def by_email(self, queryset, name, value):
        return selectors.with_email(queryset, value)

    def by_query(self, queryset, name, value):
        if not value.strip():
            return queryset
        return selectors.matching(queryset, value)

    def by_ids(self, queryset, name, value):
        return selectors.by_ids(queryset, self.request.user.restaurant, value)


GuestFilter.base_filters["id"].method = "by_ids"  # a merged-away id stands for its survivor
