"""OpenAPI documentation of the hold endpoints (attached from outside the view module).

What every operation shares is added by config.api.schema.ApiAutoSchema.
"""

from drf_spectacular.extensions import OpenApiViewExtension
from drf_spectacular.utils import extend_schema

from config.api import openapi_components as oc
from config.api.schema import documented, error, idempotency_key, ok, path_id, query

HOLD_ID = path_id("hold_id", "The hold's `hold_` id.")
NOT_FOUND_HOLD = "`not_found`: no hold of this restaurant has this id."


class HoldListDocs(OpenApiViewExtension):
    target_class = "holds.api.views.HoldListView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="listHolds",
                tags=["Holds"],
                summary="List holds",
                description=(
                    "Held, released and expired holds, newest first (`created_at` descending). Converted holds are "
                    "absent (read them with their id)."
                ),
                parameters=[
                    query(
                        "status",
                        {"type": "string", "enum": ["held", "released", "expired"]},
                        "One status; `converted` is 400.",
                    ),
                ],
                responses={
                    200: ok("HoldList", "A page of holds."),
                    400: error(
                        "`bad_request`: a filter value that is unknown or malformed (named in `param`); "
                        "`service_date` is not a filter (use `date`); a cursor the list cannot find."
                    ),
                },
            ),
            post=extend_schema(
                operation_id="createHold",
                tags=["Holds"],
                summary="Take a hold",
                description=(
                    "Takes a slot off sale without booking it: the hold occupies a real table and counts against "
                    "availability as a booking does. Every rule (capacity, cutoff, blocks, section) is checked now "
                    "and not again at conversion, so `override` belongs here. Convert it with "
                    "`POST /v1/reservations` and `hold_id` before `expires_at`. A basket hold lives 5 to 30 minutes "
                    "(default 10), a commitment hold at most 48 hours. Draws on the write budget."
                ),
                parameters=[idempotency_key(required=True)],
                request={"application/json": oc.ref("HoldCreateRequest")},
                responses={
                    201: ok("Hold", "The hold; read its `expires_at`."),
                    400: error("`bad_request`: a code in `override` that cannot be waived (`param: override`)."),
                    403: error(
                        "`insufficient_scope` with `param` `override` (non-empty) or `excluded_from_shift_limits` "
                        "(true): the field needs `reservations:write:override`; drop it and retry."
                    ),
                    404: error("`not_found` with `param: section_id`: no such section."),
                    422: error(
                        "`booking_rules_violated`: one or more booking rules are broken; `violations` lists them "
                        "(too many covers for the service is `slot_no_longer_available`). Same shape as on a "
                        "reservation create."
                    ),
                },
            ),
        )


class HoldDetailDocs(OpenApiViewExtension):
    target_class = "holds.api.views.HoldDetailView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="retrieveHold",
                tags=["Holds"],
                summary="Retrieve a hold",
                description=(
                    "Any hold of the restaurant, released, expired and converted ones too (a converted hold has "
                    "`status` `converted` and names its `reservation`)."
                ),
                parameters=[HOLD_ID],
                responses={200: ok("Hold", "The hold."), 404: error(NOT_FOUND_HOLD)},
            ),
            delete=extend_schema(
                operation_id="releaseHold",
                tags=["Holds"],
                summary="Release a hold",
                description=(
                    "Hands a live hold back: its table is on sale again at once. No body. Releasing a released or "
                    "expired hold is 200 with the same terminal hold. Draws on the write budget."
                ),
                parameters=[HOLD_ID],
                request=None,
                responses={
                    200: ok("Hold", "The hold, `released` (or as it already ended)."),
                    404: error(NOT_FOUND_HOLD),
                    409: error("`hold_already_converted`: the hold became a reservation (named in the message)."),
                },
            ),
        )
