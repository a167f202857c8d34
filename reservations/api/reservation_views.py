from rest_framework.response import Response

from config.api.errors import NotFound
from config.api.formats import zone
from config.api.gating import Viewer
from config.api.idempotency import run_idempotently
from config.api.pagination import PAGINATION_PARAMS, Ordering, list_envelope, paginate
from config.api.scopes import OVERRIDE, OVERRIDE_FIELDS, READ, WRITE
from config.api.views import ApiView
from reservations import reservation_selectors as selectors
from reservations.api import booking_params
from reservations.api.reservation_filters import LIST_PARAMS, ReservationFilter
from reservations.api.reservation_serializers import event as event_object
from reservations.api.reservation_serializers import reservation as reservation_object
from reservations.models import ReservationEvent
from reservations.services.cancel import cancel_reservation
from reservations.services.create import create_reservation
from reservations.services.modify import modify_reservation

BY_DATE = Ordering((("service_date", True), ("created_at", True)))
BY_UPDATE = Ordering((("updated_at", False),))


class ReservationView(ApiView):
    def viewer(self) -> Viewer:
        return Viewer.for_client(self.client, zone(self.restaurant.timezone), self.expand)

    def answer(self, public_id: str, status: int = 200) -> Response:
        """The booking as this key reads it."""
        row = selectors.get_served(self.restaurant, public_id, self.expand)
        return Response(reservation_object(row, self.viewer()), status=status)

    def get_reservation(self, public_id: str):
        row = selectors.get_served(self.restaurant, public_id)
        if row is None:
            raise NotFound(f"No such reservation: {public_id}.")
        return row


class ReservationListView(ReservationView):
    scopes = {"GET": READ, "POST": WRITE}
    query_params = {"GET": LIST_PARAMS, "POST": frozenset({"expand"})}
    expandable = {"GET": frozenset({"guest", "events"}), "POST": frozenset({"guest", "modification_token"})}

    def get(self, request):
        query = request.query_params
        queryset = ReservationFilter.apply(query, selectors.served(self.restaurant, self.expand), request)
        ordering = BY_UPDATE if query.get("updated_since") else BY_DATE
        page = paginate(queryset, query, ordering, expanded=bool(self.expand))
        viewer = self.viewer()
        return Response(list_envelope([reservation_object(r, viewer) for r in page.items], page.has_more))

    def post(self, request):
        body = self.json_body(booking_params.CREATE_FIELDS, OVERRIDE_FIELDS)

        def execute():
            params = booking_params.create_params(body, can_override=self.client.has_scope(OVERRIDE))
            reservation = create_reservation(restaurant=self.restaurant, params=params)
            # Answered from what the create just wrote: only its tables are read back.
            tables = selectors.tables_of(reservation)
            response = Response(reservation_object(reservation, self.viewer(), tables), status=201)
            response["Location"] = f"/v1/reservations/{reservation.public_id}"
            return response

        return run_idempotently(request, restaurant=self.restaurant, body=body, required=True, execute=execute)


class ReservationDetailView(ReservationView):
    scopes = {"GET": READ, "PATCH": WRITE}
    query_params = {"GET": frozenset({"expand"}), "PATCH": frozenset({"expand"})}
    expandable = {
        "GET": frozenset({"guest", "events", "modification_token"}),
        "PATCH": frozenset({"guest", "modification_token"}),
    }

    def get(self, request, reservation_id: str):
        self.get_reservation(reservation_id)
        return self.answer(reservation_id)

    def patch(self, request, reservation_id: str):
        body = self.json_body(booking_params.MODIFY_FIELDS | booking_params.UNCHANGEABLE, OVERRIDE_FIELDS)

        def execute():
            reservation = self.get_reservation(reservation_id)
            modify_reservation(reservation=reservation, params=booking_params.modify_params(body))
            return self.answer(reservation_id)

        return run_idempotently(request, restaurant=self.restaurant, body=body, required=False, execute=execute)


class ReservationCancelView(ReservationView):
    default_scope = WRITE

    def post(self, request, reservation_id: str):
        self.no_body()

        def execute():
            cancel_reservation(reservation=self.get_reservation(reservation_id))
            return self.answer(reservation_id)

        return run_idempotently(request, restaurant=self.restaurant, body={}, required=False, execute=execute)


class ReservationEventListView(ReservationView):
    query_params = {"GET": PAGINATION_PARAMS}

    def get(self, request, reservation_id: str):
        reservation = self.get_reservation(reservation_id)
        queryset = ReservationEvent.objects.filter(reservation=reservation)
        page = paginate(queryset, request.query_params, Ordering((("created_at", False),)))
        viewer = self.viewer()
        return Response(list_envelope([event_object(e, viewer) for e in page.items], page.has_more))
