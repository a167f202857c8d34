"""The filters of `GET /v1/holds`."""

import django_filters
from django.utils import timezone

from config.api.filters import StrictFilterSet, date_filters
from holds import selectors
from holds.models import Hold, HoldStatus

LISTED = (HoldStatus.HELD, HoldStatus.RELEASED, HoldStatus.EXPIRED)


class HoldFilter(StrictFilterSet):
    status = django_filters.ChoiceFilter(
        choices=[(status.value, status.label) for status in LISTED],
        method="by_status",
        help_text="One status; `converted` is 400.",
    )

    class Meta:
        model = Hold
        fields = []

    def by_status(self, queryset, name, value):
        return queryset.filter(selectors.status_filter(value, timezone.now()))


HoldFilter.base_filters.update(date_filters("service_date"))
