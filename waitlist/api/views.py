"""The waitlist queue: list and retrieve (scope `reservations:read`; `notes` only with `guests:read`)."""

from functools import partial

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from config.api.errors import NotFound
from config.api.inputs import looks_like_id
from config.api.pagination import Ordering, list_envelope, paginate
from config.api.schema import error, ok, path_id
from config.api.views import ApiViewSet
from config.postgresql.replica import standby_reads
from waitlist import selectors
from waitlist.api.filters import WaitlistEntryFilter
from waitlist.models import WaitlistEntry
from waitlist.shapes import WaitlistEntryListShape, WaitlistEntryShape

NEWEST_FIRST = Ordering((("created_at", True),))
BY_UPDATE = Ordering((("updated_at", False),))
ENTRY_ID = path_id("waitlist_entry_id", "The entry's `wl_` id.")
NOTES = " `notes` (the guest's own request) is present only when the key carries `guests:read`."


class WaitlistEntryViewSet(ApiViewSet):
    queryset = WaitlistEntry.objects.none()  # the model, for the document; rows come from selectors
    lookup_url_kwarg = "waitlist_entry_id"
    filterset_class = WaitlistEntryFilter
    cursor_prefix = "wl"
    expandable = {"list": frozenset({"guest"}), "retrieve": frozenset({"guest"})}

    @extend_schema(
        operation_id="waitlist_entries_list",
        tags=["Waitlist"],
        summary="List waitlist entries",
        description=(
            "The restaurant's waitlist entries, `created_at` descending; with `updated_since`, `(updated_at, id)` "
            "ascending. Filters combine with AND." + NOTES
        ),
        responses={
            200: ok(WaitlistEntryListShape, "A page of waitlist entries."),
            400: error(
                "`bad_request`: a filter value that is unknown or malformed (named in `param`); more than 100 ids; "
                "a cursor the list cannot find."
            ),
            403: error("`insufficient_scope` with `param: expand`: `expand=guest` needs `guests:read`."),
        },
    )
    @standby_reads
    def list(self, request) -> Response:
        # Plain rows unless the page carries its guests (model instances, rendered in full).
        expanded = "guest" in self.expand
        base = selectors.entries_of(self.restaurant, self.expand) if expanded else selectors.listed(self.restaurant)
        queryset = self.filter_queryset(base)
        ordering = BY_UPDATE if request.query_params.get("updated_since") else NEWEST_FIRST
        # A range of service dates is planned for its values (waitlist.selectors.entry_rows).
        ranged = any(name.startswith("service_date[") for name in request.query_params)
        fetch = None if expanded else partial(selectors.entry_rows, prepare=not ranged)
        page = paginate(
            queryset, request.query_params, ordering, prefix=self.cursor_prefix, expanded=bool(self.expand), fetch=fetch
        )
        viewer = self.viewer()
        return Response(list_envelope([WaitlistEntryShape.render(e, viewer) for e in page.items], page.has_more))

    @extend_schema(
        operation_id="waitlist_entries_retrieve",
        tags=["Waitlist"],
        summary="Retrieve a waitlist entry",
        description="Any entry of the restaurant, in any status." + NOTES,
        parameters=[ENTRY_ID],
        responses={
            200: ok(WaitlistEntryShape, "The entry."),
            403: error("`insufficient_scope` with `param: expand`: `expand=guest` needs `guests:read`."),
            404: error("`not_found`: no waitlist entry of this restaurant has this id."),
        },
    )
    def retrieve(self, request, waitlist_entry_id: str) -> Response:
        entry = None
        if looks_like_id(waitlist_entry_id, "wl"):
            entry = selectors.get_entry(self.restaurant, waitlist_entry_id, self.expand)
        if entry is None:
            raise NotFound(f"No such waitlist entry: {waitlist_entry_id[:64]}.")
        return Response(WaitlistEntryShape.render(entry, self.viewer()))
