import django_filters
from django.utils import timezone
from rest_framework.response import Response

from config.api.errors import NotFound
from config.api.filters import StrictFilterSet, date_filters
from config.api.formats import zone
from config.api.gating import Viewer
from config.api.idempotency import run_idempotently
from config.api.pagination import PAGINATION_PARAMS, Ordering, list_envelope, paginate
from config.api.scopes import OVERRIDE_FIELDS, READ, WRITE
from config.api.views import ApiView
from holds import selectors, services
from holds.api.serializers import hold as hold_object
from reservations.api.booking_params import HOLD_FIELDS, hold_params


class HoldFilter(StrictFilterSet):
    status = django_filters.ChoiceFilter(choices=[(s, s) for s in ("held", "released", "expired")], method="by_status")

    def by_status(self, queryset, name, value):
        return queryset.filter(selectors.status_filter(value, timezone.now()))


HoldFilter.base_filters.update(date_filters("service_date"))
HOLD_LIST_PARAMS = frozenset(HoldFilter.base_filters) | PAGINATION_PARAMS


class HoldView(ApiView):
    def viewer(self) -> Viewer:
        return Viewer.for_client(self.client, zone(self.restaurant.timezone))


class HoldListView(HoldView):
    scopes = {"GET": READ, "POST": WRITE}
    query_params = {"GET": HOLD_LIST_PARAMS}

    def get(self, request):
        queryset = HoldFilter.apply(
            request.query_params, selectors.holds_of(self.restaurant).exclude(status="converted")
        )
        page = paginate(queryset, request.query_params, Ordering((("created_at", True),)))
        viewer, now = self.viewer(), timezone.now()
        return Response(list_envelope([hold_object(h, viewer, now) for h in page.items], page.has_more))

    def post(self, request):
        body = self.json_body(HOLD_FIELDS, OVERRIDE_FIELDS)

        def execute():
            params = hold_params(body)
            hold = services.create_hold(restaurant=self.restaurant, params=params)
            hold = selectors.get_hold(self.restaurant, hold.public_id)
            response = Response(hold_object(hold, self.viewer(), timezone.now()), status=201)
            response["Location"] = f"/v1/holds/{hold.public_id}"
            return response

        return run_idempotently(
            request,
            restaurant=self.restaurant,
            body=body,
            required=True,
            ignored_fields=frozenset({"override", "expires_at"}),
            execute=execute,
        )


class HoldDetailView(HoldView):
    scopes = {"GET": READ, "DELETE": WRITE}

    def _get(self, hold_id: str):
        hold = selectors.get_hold(self.restaurant, hold_id)
        if hold is None:
            raise NotFound(f"No such hold: {hold_id}.")
        return hold

    def get(self, request, hold_id: str):
        return Response(hold_object(self._get(hold_id), self.viewer(), timezone.now()))

    def delete(self, request, hold_id: str):
        self.no_body()
        hold = services.release_hold(hold=self._get(hold_id))
        hold = selectors.get_hold(self.restaurant, hold.public_id)
        return Response(hold_object(hold, self.viewer(), timezone.now()))
