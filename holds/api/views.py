"""Holds: take, list, retrieve, release."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from config.api.errors import NotFound
from config.api.idempotency import run_idempotently
from config.api.inputs import looks_like_id
from config.api.pagination import Ordering, list_envelope, paginate
from config.api.schema import error, idempotency_key, ok, path_id
from config.api.scopes import OVERRIDE_FIELDS, WRITE
from config.api.views import ApiViewSet
from config.postgresql.replica import standby_reads
from holds import selectors, services
from holds.api.filters import HoldFilter
from holds.api.inputs import HoldCreateInput
from holds.models import Hold, HoldStatus
from holds.shapes import HoldListShape, HoldShape

NEWEST_FIRST = Ordering((("created_at", True),))
HOLD_ID = path_id("hold_id", "The hold's `hold_` id.")
NOT_FOUND_HOLD = "`not_found`: no hold of this restaurant has this id."


class HoldViewSet(ApiViewSet):
    queryset = Hold.objects.none()  # the model, for the document; rows come from selectors
    lookup_url_kwarg = "hold_id"
    filterset_class = HoldFilter
    cursor_prefix = "hold"
    scopes = {"create": WRITE, "destroy": WRITE}
    field_scopes = OVERRIDE_FIELDS

    def get_hold(self, hold_id: str) -> Hold:
        hold = selectors.get_hold(self.restaurant, hold_id) if looks_like_id(hold_id, "hold") else None
        if hold is None:
            raise NotFound(f"No such hold: {hold_id[:64]}.")
        return hold

    def answer(self, hold: Hold, status: int = 200) -> Response:
        return Response(HoldShape.render(hold, self.viewer(), timezone.now()), status=status)

    @extend_schema(
        tags=["Holds"],
        summary="List holds",
        description=(
            "Held, released and expired holds, newest first (`created_at` descending). Converted holds are absent "
            "(read them with their id)."
        ),
        responses={
            200: ok(HoldListShape, "A page of holds."),
            400: error(
                "`bad_request`: a filter value that is unknown or malformed (named in `param`); `service_date` is "
                "not a filter (use `date`); a cursor the list cannot find."
            ),
        },
    )
    @standby_reads
    def list(self, request) -> Response:
        queryset = self.filter_queryset(selectors.holds_of(self.restaurant).exclude(status=HoldStatus.CONVERTED))
        page = paginate(queryset, request.query_params, NEWEST_FIRST, prefix=self.cursor_prefix)
        viewer, now = self.viewer(), timezone.now()
        return Response(list_envelope([HoldShape.render(h, viewer, now) for h in page.items], page.has_more))

    @extend_schema(
        tags=["Holds"],
        summary="Take a hold",
        description=(
            "Takes a slot off sale without booking it: the hold occupies a real table and counts against "
            "availability as a booking does. Every rule (capacity, cutoff, blocks, section) is checked now and not "
            "again at conversion, so `override` belongs here. Convert it with `POST /v1/reservations` and `hold_id` "
            "before `expires_at`. A basket hold lives 5 to 30 minutes (default 10), a commitment hold at most 48 "
            "hours. Draws on the write budget."
        ),
        parameters=[idempotency_key(required=True)],
        request=HoldCreateInput,
        responses={
            201: ok(HoldShape, "The hold; read its `expires_at`."),
            400: error("`bad_request`: a code in `override` that cannot be waived (`param: override`)."),
            403: error(
                "`insufficient_scope` with `param` `override` (non-empty) or `excluded_from_shift_limits` (true): "
                "the field needs `reservations:write:override`; drop it and retry."
            ),
            404: error("`not_found` with `param: section_id`: no such section."),
            422: error(
                "`booking_rules_violated`: one or more booking rules are broken; `violations` lists them (too many "
                "covers for the service is `slot_no_longer_available`). Same shape as on a reservation create."
            ),
        },
    )
    def create(self, request) -> Response:
        body = self.raw_body()
        serializer = self.read_body(HoldCreateInput)

        def execute():
            hold = services.create_hold(restaurant=self.restaurant, params=serializer.params())
            response = self.answer(selectors.get_hold(self.restaurant, hold.public_id), status=201)
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

    @extend_schema(
        tags=["Holds"],
        summary="Retrieve a hold",
        description=(
            "Any hold of the restaurant, released, expired and converted ones too (a converted hold has `status` "
            "`converted` and names its `reservation`)."
        ),
        parameters=[HOLD_ID],
        responses={200: ok(HoldShape, "The hold."), 404: error(NOT_FOUND_HOLD)},
    )
    def retrieve(self, request, hold_id: str) -> Response:
        return self.answer(self.get_hold(hold_id))

    @extend_schema(
        operation_id="holds_release",
        tags=["Holds"],
        summary="Release a hold",
        description=(
            "Hands a live hold back: its table is on sale again at once. No body. Releasing a released or expired "
            "hold is 200 with the same terminal hold. Draws on the write budget."
        ),
        parameters=[HOLD_ID],
        request=None,
        responses={
            200: ok(HoldShape, "The hold, `released` (or as it already ended)."),
            404: error(NOT_FOUND_HOLD),
            409: error("`hold_already_converted`: the hold became a reservation (named in the message)."),
        },
    )
    def destroy(self, request, hold_id: str) -> Response:
        self.no_body()
        hold = services.release_hold(hold=self.get_hold(hold_id))
        return self.answer(selectors.get_hold(self.restaurant, hold.public_id))
