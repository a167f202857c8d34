"""Day and month availability: parse the query, call one selector
(reservations.selectors.availability_answers), answer conditionally."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from config.api.etag import conditional, matches_any
from config.api.schema import IF_NONE_MATCH, error, ok
from config.api.views import ApiViewSet
from reservations.api.inputs import DayAvailabilityQuery, MonthAvailabilityQuery
from reservations.selectors.availability_answers import answer_day, answer_month
from reservations.shapes.availability import AvailabilityMonthShape, AvailabilityShape

NOT_FOUND_EXCLUDING = "`not_found` with `param: excluding`: the key could not fetch that hold or reservation."


class DayAvailabilityViewSet(ApiViewSet):
    singleton = True
    query_serializers = {"retrieve": DayAvailabilityQuery}

    @extend_schema(
        tags=["Availability"],
        summary="Read one day's availability",
        description=(
            "The services of one date and the slots a party of this size can take. A projection of what was "
            "sellable at read time, not a promise: create and hold re-validate under a lock."
        ),
        parameters=[IF_NONE_MATCH],
        responses={
            200: ok(AvailabilityShape, "The day's availability."),
            400: error(
                "`bad_request`: `service_date` or `party_size` missing or malformed; an unknown `section_id`; "
                "`excluding` neither a `hold_` nor a `resv_` id; `locale` not a guest language (each named in "
                "`param`)."
            ),
            404: error(NOT_FOUND_EXCLUDING),
        },
    )
    def retrieve(self, request) -> Response:
        query = self.read_query()
        answer = answer_day(
            self.restaurant,
            date=query["service_date"],
            party_size=query["party_size"],
            section_id=query.get("section_id"),
            excluding=query.get("excluding"),
            locale=query.get("locale"),
            api_version=request.api_version,
            revalidating=matches_any(request),
        )
        return conditional(request, answer.etag, answer.body)


class MonthAvailabilityViewSet(ApiViewSet):
    singleton = True
    query_serializers = {"retrieve": MonthAvailabilityQuery}

    @extend_schema(
        tags=["Availability"],
        summary="Read a month's availability",
        description=(
            "Every day of a month, in order: which party sizes can be seated, in which areas, and why a day offers "
            "nothing. No party size or section filter."
        ),
        parameters=[IF_NONE_MATCH],
        responses={
            200: ok(AvailabilityMonthShape, "The month's availability."),
            400: error(
                "`bad_request`: `month` missing or not `YYYY-MM`; `excluding` neither a `hold_` nor a `resv_` id; "
                "`locale` not a guest language (each named in `param`)."
            ),
            404: error(NOT_FOUND_EXCLUDING),
        },
    )
    def retrieve(self, request) -> Response:
        query = self.read_query()
        answer = answer_month(
            self.restaurant,
            month=query["month"],
            excluding=query.get("excluding"),
            locale=query.get("locale"),
            api_version=request.api_version,
            revalidating=matches_any(request),
        )
        return conditional(request, answer.etag, answer.body)
