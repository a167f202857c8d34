"""The guest book: list and retrieve (scope `guests:read`)."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from config.api.errors import NotFound
from config.api.inputs import looks_like_id
from config.api.pagination import Ordering, list_envelope, paginate
from config.api.schema import error, ok, path_id
from config.api.scopes import GUESTS
from config.api.views import ApiViewSet
from config.postgresql.replica import standby_reads
from guests import selectors
from guests.api.filters import GuestFilter
from guests.models import Guest
from guests.shapes import GuestListShape, GuestShape

NEWEST_FIRST = Ordering((("created_at", True),))
BY_UPDATE = Ordering((("updated_at", False),))
GUEST_ID = path_id("guest_id", "The guest's `gst_` id (a merged-away id resolves to the survivor).")


class GuestViewSet(ApiViewSet):
    queryset = Guest.objects.none()  # the model, for the document; rows come from selectors
    lookup_url_kwarg = "guest_id"
    filterset_class = GuestFilter
    cursor_prefix = "gst"
    default_scope = GUESTS

    @extend_schema(
        operation_id="guests_list",
        tags=["Guests"],
        summary="List guests",
        description=(
            "The restaurant's guest book, `created_at` descending; with `updated_since`, `(updated_at, id)` "
            "ascending. Merged-away and erased profiles are not listed (an `id` batch naming a merged-away "
            "profile lists its survivor). Filters combine with AND."
        ),
        responses={
            200: ok(GuestListShape, "A page of guests."),
            400: error(
                "`bad_request`: a filter value that is unknown, malformed or too long (named in `param`); more than "
                "100 ids; a cursor the list cannot find."
            ),
        },
    )
    @standby_reads
    def list(self, request) -> Response:
        queryset = self.filter_queryset(selectors.served(self.restaurant))
        ordering = BY_UPDATE if request.query_params.get("updated_since") else NEWEST_FIRST
        page = paginate(queryset, request.query_params, ordering, prefix=self.cursor_prefix)
        tz = self.viewer().tz
        return Response(list_envelope([GuestShape.render(g, tz) for g in page.items], page.has_more))

    @extend_schema(
        operation_id="guests_retrieve",
        tags=["Guests"],
        summary="Retrieve a guest",
        description=(
            "One profile. The id of a profile merged into another returns the survivor, under the survivor's own "
            "id. An erased profile is not found."
        ),
        parameters=[GUEST_ID],
        responses={
            200: ok(GuestShape, "The guest."),
            404: error("`not_found`: no guest of this restaurant has this id."),
        },
    )
    def retrieve(self, request, guest_id: str) -> Response:
        guest = selectors.get_served(self.restaurant, guest_id) if looks_like_id(guest_id, "gst") else None
        if guest is None:
            raise NotFound(f"No such guest: {guest_id[:64]}.")
        return Response(GuestShape.render(guest, self.viewer().tz))
