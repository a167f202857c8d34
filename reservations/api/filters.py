"""The filters of `GET /v1/reservations` (django-filter; documented from these classes)."""

import django_filters
from django.core.validators import RegexValidator
from drf_spectacular.utils import extend_schema_field

from config.api.filters import StrictFilterSet, UpdatedSinceFilter, date_filters, id_list_filter
from config.api.inputs import MAX_ID_LENGTH, id_pattern, id_regex
from guests import selectors as guest_selectors
from reservations.models import Reservation
from reservations.models.booking import ReservationStatus, Source


class ReservationFilter(StrictFilterSet):
    status = django_filters.ChoiceFilter(
        choices=ReservationStatus.choices,
        help_text="One status; a list or an unknown value (`late` included) is 400. `held` and `awaiting_guest` "
        "match nothing.",
    )
    source = django_filters.ChoiceFilter(choices=Source.choices, help_text="One source.")
    guest_id = extend_schema_field(
        {
            "type": "string",
            "pattern": id_pattern("gst"),
            "maxLength": MAX_ID_LENGTH,
            "description": "Bookings of this guest (a merged-away id resolves to the survivor).",
        }
    )(
        django_filters.CharFilter(
            method="by_guest",
            max_length=MAX_ID_LENGTH,
            strip=False,  # as sent: a newline after the id is refused, not trimmed
            validators=[RegexValidator(id_regex("gst"), "must be a gst_ id.")],
        )
    )
    updated_since = UpdatedSinceFilter()
    id = id_list_filter("resv")

    class Meta:
        model = Reservation
        fields = []

    def by_guest(self, queryset, name, value):
        guest = guest_selectors.resolve_public_id(self.request.user.restaurant, value)
        return queryset.filter(guest=guest) if guest is not None else queryset.none()


ReservationFilter.base_filters.update(date_filters("service_date"))
