"""Reservations: list, create, retrieve, modify, cancel, and their events."""

from functools import partial

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.response import Response

from config.api.errors import BadRequest, NotFound
from config.api.idempotency import run_idempotently
from config.api.inputs import looks_like_id
from config.api.pagination import Ordering, Page, cut, list_envelope, paginate, parse_limit
from config.api.schema import error, idempotency_key, ok, path_id
from config.api.scopes import OVERRIDE, OVERRIDE_FIELDS, WRITE
from config.api.views import ApiViewSet
from config.postgresql.replica import standby_reads
from reservations.api import list_pages
from reservations.api.filters import ReservationFilter
from reservations.api.inputs import UNCHANGEABLE, ReservationCreateInput, ReservationModifyInput
from reservations.models import Reservation, ReservationEvent
from reservations.selectors import reservations as selectors
from reservations.selectors.page_rows import page_rows, rows_of
from reservations.services.cancel import cancel_reservation
from reservations.services.create import create_reservation
from reservations.services.modify import modify_reservation
from reservations.shapes.reservations import (
    ReservationEventListShape,
    ReservationEventShape,
    ReservationListShape,
    ReservationShape,
)

BY_DATE = Ordering((("service_date", True), ("created_at", True)))
BY_UPDATE = Ordering((("updated_at", False),))
BY_TIME = Ordering((("created_at", False),))

RESERVATION_ID = path_id("reservation_id", "The reservation's `resv_` id.")
NOT_FOUND_RESERVATION = "`not_found`: no reservation of this restaurant has this id (a `hold_` id included)."
OVERRIDE_SCOPE = (
    "`insufficient_scope` with `param` `override` (non-empty), `excluded_from_shift_limits` (true) or "
    "`entire_section_id`: the field needs `reservations:write:override`; drop it and retry."
)
RULES_VIOLATED = (
    "`booking_rules_violated`: one or more booking rules are broken; `violations` lists them (even a single one). "
    "Checks run in order: `no_service_at_this_time` alone, then `start_time_off_grid` alone, then all other rules "
    "together, then the table search (`no_table_available`, `no_table_available_in_section`, `section_occupied`). "
    "Resend once with the overridable codes in `override` (same Idempotency-Key) when the key may override."
)
LIST_BAD_REQUEST = (
    "`bad_request`: a filter value that is unknown or malformed (named in `param`); `service_date` is not a filter "
    "(use `date`); a cursor the list cannot find."
)


class ReservationLookup:
    """The reservation in the path, as this restaurant's API serves it."""

    def get_reservation(self, public_id: str) -> Reservation:
        row = selectors.get_served(self.restaurant, public_id) if looks_like_id(public_id, "resv") else None
        if row is None:
            raise NotFound(f"No such reservation: {public_id[:64]}.")
        return row


class ReservationViewSet(ReservationLookup, ApiViewSet):
    queryset = Reservation.objects.none()  # the model, for the document; rows come from selectors
    lookup_url_kwarg = "reservation_id"
    filterset_class = ReservationFilter
    cursor_prefix = "resv"
    scopes = {"create": WRITE, "partial_update": WRITE, "cancel": WRITE}
    expandable = {
        "list": frozenset({"guest", "events"}),
        "create": frozenset({"guest", "modification_token"}),
        "retrieve": frozenset({"guest", "events", "modification_token"}),
        "partial_update": frozenset({"guest", "modification_token"}),
    }
    field_scopes = OVERRIDE_FIELDS

    def answer(self, public_id: str, status: int = 200) -> Response:
        """The booking as this key reads it."""
        row = selectors.get_served(self.restaurant, public_id, self.expand)
        return Response(ReservationShape.render(row, self.viewer()), status=status)

    @extend_schema(
        tags=["Reservations"],
        summary="List reservations",
        description=(
            "Reservations of the restaurant, `service_date` descending, newest recorded first within a date; with "
            "`updated_since`, `(updated_at, id)` ascending. Includes card requests (`awaiting_guarantee`); excludes "
            "bookings part-way through a widget card step and unclaimed waitlist offers. Filters combine with AND."
        ),
        responses={200: ok(ReservationListShape, "A page of reservations."), 400: error(LIST_BAD_REQUEST)},
    )
    @standby_reads
    def list(self, request) -> Response:
        if "events" in self.expand:  # model instances, the events prefetched onto them
            page = self.queryset_page(request)
            tables = selectors.tables_by_reservation(self.restaurant, [r.pk for r in page.items])
        else:  # plain rows, with their table ids
            page = self.row_page(request)
            tables = {r.pk: selectors.known_tables(self.restaurant, r.table_ids) for r in page.items}
        viewer = self.viewer()
        rows = [ReservationShape.render(r, viewer, tables.get(r.pk, [])) for r in page.items]
        return Response(list_envelope(rows, page.has_more))

    def queryset_page(self, request, fetch=None) -> Page:
        queryset = self.filter_queryset(selectors.served(self.restaurant, self.expand, tables=False))
        ordering = BY_UPDATE if request.query_params.get("updated_since") else BY_DATE
        query, expanded = request.query_params, bool(self.expand)
        return paginate(queryset, query, ordering, prefix=self.cursor_prefix, expanded=expanded, fetch=fetch)

    def row_page(self, request) -> Page:
        """The page as plain rows; a request asked before runs the statement it ran (list_pages)."""
        key = list_pages.key_of(self.restaurant, request.query_params)
        statement = list_pages.MISSING if key is None else list_pages.get(key)
        if statement is list_pages.MISSING:
            remember = None if key is None else partial(list_pages.put, key)
            return self.queryset_page(request, fetch=partial(page_rows, restaurant=self.restaurant, remember=remember))
        limit = parse_limit(request.query_params, bool(self.expand))
        return cut(rows_of(statement, restaurant=self.restaurant), limit)

    @extend_schema(
        tags=["Reservations"],
        summary="Create a reservation",
        description=(
            "Books a slot (or converts a hold with `hold_id`). Every cap and table fit is re-validated under a lock, "
            "so an offered slot can still be refused. A 201 does not mean confirmed: read `status` (`confirmed`, "
            "`pending` when the slot needs approval, `awaiting_guarantee` when the guest must save a card). Draws on "
            "the write budget."
        ),
        parameters=[idempotency_key(required=True)],
        request=ReservationCreateInput,
        responses={
            201: ok(ReservationShape, "The reservation, as this key reads it."),
            400: error(
                "`bad_request`: the slot fields missing without `hold_id`; `guest` and `guest_id` both or neither; a "
                "guest with neither first nor last name; a code in `override` that cannot be waived "
                "(`param: override`); a slot field that differs from the hold's, or a field the hold fixed."
            ),
            403: error(
                OVERRIDE_SCOPE + " `insufficient_scope` with `param: hold_id`: converting a hold exempt from the "
                "shift limits needs the override scope."
            ),
            404: error(
                "`not_found` naming `param`: `hold_id`, `guest_id`, `company_id`, `section_id` or "
                "`entire_section_id` is not an object of this restaurant."
            ),
            409: error(
                "`hold_already_converted` (`param: hold_id`): the hold already became a reservation. "
                "`hold_expired` / `hold_released` (`param: hold_id`): the hold is over; take a new one."
            ),
            422: error(
                RULES_VIOLATED + " `guest_fields_required` (`param` names the first missing field, "
                "`guest[<field>]`; the message lists them all): the guest lacks a field of `required_guest_fields`. "
                "`email_required_for_guarantee` (`param: guest[email]`): the slot carries a card guarantee and no "
                "guest e-mail address exists."
            ),
        },
    )
    def create(self, request) -> Response:
        body = self.raw_body()
        serializer = self.read_body(ReservationCreateInput)

        def execute():
            params = serializer.params(can_override=self.client.has_scope(OVERRIDE))
            reservation = create_reservation(restaurant=self.restaurant, params=params)
            # Answered from what the create just wrote: only its tables are read back.
            tables = selectors.tables_of(reservation)
            response = Response(ReservationShape.render(reservation, self.viewer(), tables), status=201)
            response["Location"] = f"/v1/reservations/{reservation.public_id}"
            return response

        return run_idempotently(request, restaurant=self.restaurant, body=body, required=True, execute=execute)

    @extend_schema(
        tags=["Reservations"],
        summary="Retrieve a reservation",
        description="The reservation as the key sees it (guest data only with `guests:read`).",
        parameters=[RESERVATION_ID],
        responses={200: ok(ReservationShape, "The reservation."), 404: error(NOT_FOUND_RESERVATION)},
    )
    def retrieve(self, request, reservation_id: str) -> Response:
        self.get_reservation(reservation_id)
        return self.answer(reservation_id)

    @extend_schema(
        tags=["Reservations"],
        summary="Modify a reservation",
        description=(
            "Changes the slot, party size, area, notes or company, or asks the guest for a card "
            "(`guarantee_request`). The booking does not block itself; its table is re-assigned, and if none fits "
            "the whole change rolls back. `status` can become `pending` when the new slot needs approval. Draws on "
            "the write budget."
        ),
        parameters=[RESERVATION_ID, idempotency_key(required=False)],
        request=ReservationModifyInput,
        responses={
            200: ok(ReservationShape, "The reservation after the change, as this key reads it."),
            400: error(
                "`bad_request`: an empty body; a field that cannot change (`guest`, `guest_id`, "
                "`guest_notifications`, `metadata`, `hold_id`, `table_ids`, `status`) or an unknown one, named in "
                "`param`; `service_date`, `start_time`, `party_size` or `excluded_from_shift_limits` sent as null; a "
                "code in `override` that cannot be waived (`param: override`)."
            ),
            403: error(
                OVERRIDE_SCOPE + " `insufficient_scope` naming the first of `service_date`, `start_time`, "
                "`party_size`, `section_id`: the booking holds an override power (a whole section, or exempt from "
                "the shift limits), and moving it uses that power again."
            ),
            404: error(
                NOT_FOUND_RESERVATION + " `not_found` with `param: company_id` or `param: section_id`: no such "
                "company or section."
            ),
            409: error("`reservation_finalized`: the booking is completed, no_show or cancelled."),
            422: error(
                RULES_VIOLATED + " `guarantee_consent_guest_only`: the change raises a card guarantee. "
                "`guarantee_modify_requires_card`: the change puts a card-less booking onto a card guarantee (never "
                "overridable here). `guarantee_request_not_allowed` (`param: guarantee_request`): not a confirmed, "
                "upcoming booking without a guarantee. `payments_suspended`: the restaurant cannot take card "
                "payments. `guarantee_amount_invalid` (`param: guarantee_request[amount]`): no slot policy and no "
                "amount, or an amount not above zero. `email_required_for_guarantee`: no guest e-mail address exists."
            ),
        },
    )
    def partial_update(self, request, reservation_id: str) -> Response:
        body = self.raw_body()
        refused = {name: f"`{name}` cannot be changed on a reservation." for name in UNCHANGEABLE}
        serializer = self.read_body(ReservationModifyInput, refused=refused)
        if not body:
            raise BadRequest("Send at least one field to change.")

        def execute():
            reservation = self.get_reservation(reservation_id)
            params = serializer.params(can_override=self.client.has_scope(OVERRIDE))
            modify_reservation(reservation=reservation, params=params)
            return self.answer(reservation_id)

        return run_idempotently(request, restaurant=self.restaurant, body=body, required=False, execute=execute)

    @extend_schema(
        tags=["Reservations"],
        summary="Cancel a reservation",
        description=(
            "Cancels any booking of the restaurant (not only the key's own); the recorded reason is `partner_api`, "
            "and the guest is told unless `partner_managed`. No body. Cancelling a cancelled booking is 200 with the "
            "same reservation. A hold is released with `DELETE /v1/holds/{id}`, not here. Draws on the write budget."
        ),
        parameters=[RESERVATION_ID, idempotency_key(required=False)],
        request=None,
        responses={
            200: ok(ReservationShape, "The reservation, status `cancelled`."),
            404: error(NOT_FOUND_RESERVATION),
            409: error("`reservation_finalized`: the booking is completed or no_show."),
        },
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request, reservation_id: str) -> Response:
        self.no_body()

        def execute():
            found = self.get_reservation(reservation_id)
            found.restaurant = self.restaurant
            cancelled = cancel_reservation(reservation=found)
            # The write's own instance: its row as locked and saved, its tables as the event recorded them.
            return Response(ReservationShape.render(cancelled, self.viewer(), selectors.tables_of(cancelled)))

        return run_idempotently(request, restaurant=self.restaurant, body={}, required=False, execute=execute)


class ReservationEventViewSet(ReservationLookup, ApiViewSet):
    queryset = ReservationEvent.objects.none()
    cursor_prefix = "evt"

    @extend_schema(
        tags=["Reservations"],
        summary="List a reservation's events",
        description=(
            "The reservation's lifecycle events, oldest first (`created_at` ascending, ties in written order). A "
            "booking awaiting its card guarantee has none yet."
        ),
        parameters=[RESERVATION_ID],
        responses={
            200: ok(ReservationEventListShape, "A page of events."),
            400: error("`bad_request`: a cursor the list cannot find."),
            404: error(NOT_FOUND_RESERVATION),
        },
    )
    def list(self, request, reservation_id: str) -> Response:
        reservation = self.get_reservation(reservation_id)
        events = ReservationEvent.objects.filter(reservation=reservation)
        page = paginate(events, request.query_params, BY_TIME, prefix=self.cursor_prefix)
        tz = self.viewer().tz
        return Response(list_envelope([ReservationEventShape.render(e, tz) for e in page.items], page.has_more))
