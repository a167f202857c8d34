"""Day and month availability: parse the query, call one selector
(reservations.selectors.availability_answers), answer conditionally."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from config.api.etag import conditional, matches_any
from config.api.schema import IF_NONE_MATCH, error, ok
from config.api.views import ApiViewSet
from config.postgresql.replica import standby_reads
from reservations.api.inputs import DayAvailabilityQuery, MonthAvailabilityQuery
from reservations.selectors.availability_answers import answer_day, answer_month
from reservations.shapes.availability import AvailabilityMonthShape, AvailabilityShape

NOT_FOUND_EXCLUDING = "`not_found` with `param: excluding`: the key could not fetch that hold or reservation."


def documented(summary: str, description: str, shape, answered: str, bad_request: str):
    """The OpenAPI operation of a day's or a month's answer (conditional: If-None-Match)."""
    return extend_schema(
        tags=["Availability"],
        summary=summary,
        description=description,
        parameters=[IF_NONE_MATCH],
        responses={200: ok(shape, answered), 400: error(bad_request), 404: error(NOT_FOUND_EXCLUDING)},
    )


class DayAvailabilityViewSet(ApiViewSet):
    singleton = True
    query_serializers = {"retrieve": DayAvailabilityQuery}

    @documented(
        "Read one day's availability",
        "The services of one date and the slots a party of this size can take. A projection of what was "
        "sellable at read time, not a promise: create and hold re-validate under a lock.",
        AvailabilityShape,
        "The day's availability.",
        "`bad_request`: `service_date` or `party_size` missing or malformed; an unknown `section_id`; "
        "`excluding` neither a `hold_` nor a `resv_` id; `locale` not a guest language (each named in "
        "`param`).",
    )
    @standby_reads
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

    @documented(
        "Read a month's availability",
        "Every day of a month, in order: which party sizes can be seated, in which areas, and why a day offers "
        "nothing. No party size or section filter.",
        AvailabilityMonthShape,
        "The month's availability.",
        "`bad_request`: `month` missing or not `YYYY-MM`; `excluding` neither a `hold_` nor a `resv_` id; "
        "`locale` not a guest language (each named in `param`).",
    )
    @standby_reads
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
