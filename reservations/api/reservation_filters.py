import django_filters

from config.api.errors import BadRequest
from config.api.filters import IdListFilter, StrictFilterSet, UpdatedSinceFilter, date_filters
from config.api.pagination import PAGINATION_PARAMS
from guests.models import Guest
from guests.services import resolve
from reservations.models.booking import SOURCES, STATUSES


class ReservationFilter(StrictFilterSet):
    status = django_filters.ChoiceFilter(choices=[(s, s) for s in STATUSES])
    source = django_filters.ChoiceFilter(choices=[(s, s) for s in SOURCES])
    guest_id = django_filters.CharFilter(method="by_guest")
    updated_since = UpdatedSinceFilter()
    id = IdListFilter(prefix="resv")

    def by_guest(self, queryset, name, value):
        if not value.startswith("gst_"):
            raise BadRequest("`guest_id` must be a gst_ id.", param="guest_id")
        guest = Guest.objects.filter(restaurant_id=self.request.user.restaurant.pk, public_id=value).first()
        if guest is None:
            return queryset.none()
        return queryset.filter(guest=resolve(guest))  # a merged-away id resolves to its survivor


ReservationFilter.base_filters.update(date_filters("service_date"))
LIST_PARAMS = frozenset(ReservationFilter.base_filters) | PAGINATION_PARAMS | {"expand"}
