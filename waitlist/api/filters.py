"""The filters of `GET /v1/waitlist-entries`."""

import django_filters

from config.api.filters import StrictFilterSet, UpdatedSinceFilter, date_filters, id_list_filter
from waitlist.models import WaitlistEntry, WaitlistStatus


class WaitlistEntryFilter(StrictFilterSet):
    status = django_filters.ChoiceFilter(choices=WaitlistStatus.choices, help_text="One status.")
    updated_since = UpdatedSinceFilter()
    id = id_list_filter("wl")

    class Meta:
        model = WaitlistEntry
        fields = []


WaitlistEntryFilter.base_filters.update(date_filters("service_date", name="service_date"))
