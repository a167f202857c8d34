"""OpenAPI documentation of the restaurant's policy, availability and reservation endpoints.

Attached from outside the view modules with drf-spectacular view extensions; what
every operation shares (security, Service-Version, common errors, response headers,
pagination and `expand` parameters) is added by config.api.schema.ApiAutoSchema.
"""

from drf_spectacular.extensions import OpenApiViewExtension
from drf_spectacular.utils import extend_schema

from config.api import openapi_components as oc
from config.api.schema import IF_NONE_MATCH, documented, error, idempotency_key, ok, path_id, query

EXCLUDING = query(
    "excluding",
    {"type": "string", "pattern": oc.id_pattern("hold", "resv")},
    "Answer as if this hold or reservation did not exist (to move it). It must be an id the key could fetch, "
    "else 404 with `param: excluding`; a value of neither shape is 400. Varies the `ETag`.",
)
LOCALE = query(
    "locale",
    {"type": "string", "enum": oc.LANGUAGES},
    "Language of guest-facing text; must be one of the configuration's `guest_languages` (else 400 with "
    "`param: locale`). Defaults to `primary_language`. Varies the `ETag`.",
)
NOT_FOUND_EXCLUDING = "`not_found` with `param: excluding`: the key could not fetch that hold or reservation."
LIST_BAD_REQUEST = (
    "`bad_request`: a filter value that is unknown or malformed (named in `param`); `service_date` is not a filter "
    "(use `date`); a cursor the list cannot find."
)
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


class ConfigurationDocs(OpenApiViewExtension):
    target_class = "reservations.api.views.ConfigurationView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="getConfiguration",
                tags=["Configuration"],
                summary="Read the booking policy",
                description=(
                    "The restaurant's booking policy: timezone, currency, languages, party sizes, booking window, "
                    "guest fields. Read it once at start-up and revalidate with `If-None-Match`."
                ),
                parameters=[IF_NONE_MATCH],
                responses={200: ok("Configuration", "The configuration of the key's restaurant.")},
            ),
        )


class SectionsDocs(OpenApiViewExtension):
    target_class = "reservations.api.views.SectionListView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="listSections",
                tags=["Sections"],
                summary="List the seating areas",
                description=(
                    "Every section row, in the restaurant's arrangement (position, then creation order); never "
                    "paginated (`has_more` is false). Group rows by `group_id` before rendering a picker; render "
                    "the seating step only when the configuration's `show_seating_preference` is true."
                ),
                parameters=[IF_NONE_MATCH],
                responses={200: ok("SectionList", "The sections.")},
            ),
        )


class DayAvailabilityDocs(OpenApiViewExtension):
    target_class = "reservations.api.availability_views.DayAvailabilityView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="getAvailability",
                tags=["Availability"],
                summary="Read one day's availability",
                description=(
                    "The services of one date and the slots a party of this size can take. A projection of what "
                    "was sellable at read time, not a promise: create and hold re-validate under a lock."
                ),
                parameters=[
                    query(
                        "service_date",
                        {"type": "string", "format": "date"},
                        "The service date, `YYYY-MM-DD`, restaurant timezone.",
                        required=True,
                    ),
                    query(
                        "party_size",
                        {"type": "integer", "minimum": 1},
                        "Slots, caps and guarantee are resolved for this party size.",
                        required=True,
                    ),
                    query(
                        "section_id",
                        {"type": "string", "pattern": oc.id_pattern("sec")},
                        "Only this seating area (resolves to its whole group); unknown is 400.",
                    ),
                    EXCLUDING,
                    LOCALE,
                    IF_NONE_MATCH,
                ],
                responses={
                    200: ok("Availability", "The day's availability."),
                    400: error(
                        "`bad_request`: `service_date` or `party_size` missing or malformed; an unknown "
                        "`section_id`; `excluding` neither a `hold_` nor a `resv_` id; `locale` not a guest "
                        "language (each named in `param`)."
                    ),
                    404: error(NOT_FOUND_EXCLUDING),
                },
            ),
        )


class MonthAvailabilityDocs(OpenApiViewExtension):
    target_class = "reservations.api.availability_views.MonthAvailabilityView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="getMonthAvailability",
                tags=["Availability"],
                summary="Read a month's availability",
                description=(
                    "Every day of a month, in order: which party sizes can be seated, in which areas, and why a "
                    "day offers nothing. No party size or section filter."
                ),
                parameters=[
                    query(
                        "month",
                        {"type": "string", "pattern": oc.MONTH_PATTERN},
                        "The month, `YYYY-MM`.",
                        required=True,
                    ),
                    EXCLUDING,
                    LOCALE,
                    IF_NONE_MATCH,
                ],
                responses={
                    200: ok("AvailabilityMonth", "The month's availability."),
                    400: error(
                        "`bad_request`: `month` missing or not `YYYY-MM`; `excluding` neither a `hold_` nor a "
                        "`resv_` id; `locale` not a guest language (each named in `param`)."
                    ),
                    404: error(NOT_FOUND_EXCLUDING),
                },
            ),
        )


class ReservationListDocs(OpenApiViewExtension):
    target_class = "reservations.api.reservation_views.ReservationListView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="listReservations",
                tags=["Reservations"],
                summary="List reservations",
                description=(
                    "Reservations of the restaurant, `service_date` descending, newest recorded first within a "
                    "date; with `updated_since`, `(updated_at, id)` ascending. Includes card requests "
                    "(`awaiting_guarantee`); excludes bookings part-way through a widget card step and unclaimed "
                    "waitlist offers. Filters combine with AND."
                ),
                parameters=[
                    query(
                        "status",
                        {"type": "string", "enum": oc.RESERVATION_STATUS_FILTER},
                        "One status; a list or an unknown value (`late` included) is 400. `held` and "
                        "`awaiting_guest` match nothing.",
                    ),
                    query("source", {"type": "string", "enum": oc.RESERVATION_SOURCES}, "One source."),
                    query(
                        "guest_id",
                        {"type": "string", "pattern": oc.id_pattern("gst")},
                        "Bookings of this guest (a merged-away id resolves to the survivor).",
                    ),
                    query(
                        "id",
                        {
                            "type": "array",
                            "items": {"type": "string", "pattern": oc.id_pattern("resv")},
                            "minItems": 1,
                            "maxItems": 100,
                        },
                        "Comma-separated `resv_` ids, at most 100.",
                        style="form",
                        explode=False,
                    ),
                ],
                responses={
                    200: ok("ReservationList", "A page of reservations."),
                    400: error(LIST_BAD_REQUEST),
                },
            ),
            post=extend_schema(
                operation_id="createReservation",
                tags=["Reservations"],
                summary="Create a reservation",
                description=(
                    "Books a slot (or converts a hold with `hold_id`). Every cap and table fit is re-validated "
                    "under a lock, so an offered slot can still be refused. A 201 does not mean confirmed: read "
                    "`status` (`confirmed`, `pending` when the slot needs approval, `awaiting_guarantee` when the "
                    "guest must save a card). Draws on the write budget."
                ),
                parameters=[idempotency_key(required=True)],
                request={"application/json": oc.ref("ReservationCreateRequest")},
                responses={
                    201: ok("Reservation", "The reservation, as this key reads it."),
                    400: error(
                        "`bad_request`: the slot fields missing without `hold_id`; `guest` and `guest_id` both or "
                        "neither; a guest with neither first nor last name; a code in `override` that cannot be waived "
                        "(`param: override`); a slot field that differs from the hold's, or a field the hold fixed."
                    ),
                    403: error(
                        OVERRIDE_SCOPE + " `insufficient_scope` with `param: hold_id`: converting a hold exempt from "
                        "the shift limits needs the override scope."
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
                        "`guest[<field>]`; the message lists them all): the guest lacks a field of "
                        "`required_guest_fields`. `email_required_for_guarantee` (`param: guest[email]`): the slot "
                        "carries a card guarantee and no guest e-mail address exists."
                    ),
                },
            ),
        )


class ReservationDetailDocs(OpenApiViewExtension):
    target_class = "reservations.api.reservation_views.ReservationDetailView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="retrieveReservation",
                tags=["Reservations"],
                summary="Retrieve a reservation",
                description="The reservation as the key sees it (guest data only with `guests:read`).",
                parameters=[RESERVATION_ID],
                responses={
                    200: ok("Reservation", "The reservation."),
                    404: error(NOT_FOUND_RESERVATION),
                },
            ),
            patch=extend_schema(
                operation_id="modifyReservation",
                tags=["Reservations"],
                summary="Modify a reservation",
                description=(
                    "Changes the slot, party size, area, notes or company, or asks the guest for a card "
                    "(`guarantee_request`). The booking does not block itself; its table is re-assigned, and if "
                    "none fits the whole change rolls back. `status` can become `pending` when the new slot needs "
                    "approval. Draws on the write budget."
                ),
                parameters=[RESERVATION_ID, idempotency_key(required=False)],
                request={"application/json": oc.ref("ReservationModifyRequest")},
                responses={
                    200: ok("Reservation", "The reservation after the change, as this key reads it."),
                    400: error(
                        "`bad_request`: an empty body; a field that cannot change (`guest`, `guest_id`, "
                        "`guest_notifications`, `metadata`, `hold_id`, `table_ids`, `status`) or an unknown one, named "
                        "in `param`; "
                        "`service_date`, `start_time`, `party_size` or `excluded_from_shift_limits` sent as null; "
                        "a code in `override` that cannot be waived (`param: override`)."
                    ),
                    403: error(OVERRIDE_SCOPE),
                    404: error(
                        NOT_FOUND_RESERVATION + " `not_found` with `param: company_id` or `param: section_id`: no "
                        "such company or section."
                    ),
                    409: error("`reservation_finalized`: the booking is completed, no_show or cancelled."),
                    422: error(
                        RULES_VIOLATED + " `guarantee_consent_guest_only`: the change raises a card guarantee. "
                        "`guarantee_modify_requires_card`: the change puts a card-less booking onto a card "
                        "guarantee (never overridable here). `guarantee_request_not_allowed` (`param: "
                        "guarantee_request`): not a confirmed, upcoming booking without a guarantee. "
                        "`payments_suspended`: the restaurant cannot take card payments. `guarantee_amount_invalid` "
                        "(`param: guarantee_request[amount]`): no slot policy and no amount, or an amount not above "
                        "zero. `email_required_for_guarantee`: no guest e-mail address exists."
                    ),
                },
            ),
        )


class ReservationCancelDocs(OpenApiViewExtension):
    target_class = "reservations.api.reservation_views.ReservationCancelView"

    def view_replacement(self):
        return documented(
            self.target,
            post=extend_schema(
                operation_id="cancelReservation",
                tags=["Reservations"],
                summary="Cancel a reservation",
                description=(
                    "Cancels any booking of the restaurant (not only the key's own); the recorded reason is "
                    "`partner_api`, and the guest is told unless `partner_managed`. No body. Cancelling a cancelled "
                    "booking is 200 with the same reservation. A hold is released with `DELETE /v1/holds/{id}`, "
                    "not here. Draws on the write budget."
                ),
                parameters=[RESERVATION_ID, idempotency_key(required=False)],
                request=None,
                responses={
                    200: ok("Reservation", "The reservation, status `cancelled`."),
                    404: error(NOT_FOUND_RESERVATION),
                    409: error("`reservation_finalized`: the booking is completed or no_show."),
                },
            ),
        )


class ReservationEventsDocs(OpenApiViewExtension):
    target_class = "reservations.api.reservation_views.ReservationEventListView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="listReservationEvents",
                tags=["Reservations"],
                summary="List a reservation's events",
                description=(
                    "The reservation's lifecycle events, oldest first (`created_at` ascending, ties in written "
                    "order). A booking awaiting its card guarantee has none yet."
                ),
                parameters=[RESERVATION_ID],
                responses={
                    200: ok("ReservationEventList", "A page of events."),
                    400: error("`bad_request`: a cursor the list cannot find."),
                    404: error(NOT_FOUND_RESERVATION),
                },
            ),
        )
