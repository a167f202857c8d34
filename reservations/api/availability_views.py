"""Day and month availability."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from config.api.etag import conditional, etag_of, matches_any
from config.api.schema import IF_NONE_MATCH, error, ok
from config.api.views import ApiViewSet
from reservations.api import answer_cache
from reservations.api.inputs import DayAvailabilityQuery, MonthAvailabilityQuery
from reservations.selectors import availability, kept_occupancy
from reservations.selectors.engine_policy import policy_for
from reservations.shapes.availability import AvailabilityMonthShape, AvailabilityShape, Text

NOT_FOUND_EXCLUDING = "`not_found` with `param: excluding`: the key could not fetch that hold or reservation."


def _span(request, question: tuple, first, last, exclude) -> tuple | None:
    """The dates whose occupancy to read with the answer's state, when its body will likely be
    built from an occupancy read afresh: not when the client revalidates a tag it holds, nor when
    the answer cache likely holds the body or this process the occupancy (kept_occupancy)."""
    if matches_any(request) or not answer_cache.expects_build(question):
        return None
    if exclude is None and kept_occupancy.likely(question[0], first, last):
        return None
    return first, last, exclude


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
        query, restaurant = self.read_query(), self.restaurant
        date, party_size = query["service_date"], query["party_size"]
        locale = availability.resolve_locale(restaurant, query.get("locale"))
        now = timezone.now()

        def asked(section) -> tuple:  # what the ETag names besides the state
            return ("day", request.api_version, date, party_size, section, query.get("excluding"), locale)

        # The question before the state is read: the section as asked (its group needs the policy).
        question = (restaurant.pk, *asked(query.get("section_id")))
        # Versions, the last lapse and, when the answer will likely be built, the occupancy: one round trip.
        # `excluding` is resolved after the section (an unknown section is the error reported first), which
        # needs the fresh policy: an answer excluding a booking or hold reads its occupancy after the state.
        span = _span(request, question, date, date, None) if query.get("excluding") is None else None
        read = availability.read_state(restaurant, now, span=span)
        policy = policy_for(restaurant)
        group_id = availability.resolve_section_group(policy, query.get("section_id"))
        # The filter applied: a member of a group resolves to the whole group, named by its leader.
        section_id = policy.sections[group_id].public_id if group_id is not None else None
        exclude = availability.resolve_excluding(restaurant, query.get("excluding"))
        state = availability.answer_state(restaurant, policy, date, date, now, read.lapse)
        etag = etag_of(*state, *asked(group_id))

        def build():
            result = availability.day(
                restaurant,
                date=date,
                party_size=party_size,
                group_id=group_id,
                exclude=exclude,
                now=now,
                occupancy=read.occupancy,
                state=state,
                snapshot=read.snapshot,
            )
            text = Text(locale, restaurant.primary_language)
            return AvailabilityShape.render(result, policy=policy, section_id=section_id, text=text)

        cached = answer_cache.through(etag, restaurant.policy_version, state, now, build, question)
        return conditional(request, etag, cached)


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
        query, restaurant = self.read_query(), self.restaurant
        first, last = availability.month_bounds(query["month"].year, query["month"].month)
        month = f"{first:%Y-%m}"
        locale = availability.resolve_locale(restaurant, query.get("locale"))
        exclude = availability.resolve_excluding(restaurant, query.get("excluding"))
        now = timezone.now()
        asked = ("month", request.api_version, month, query.get("excluding"), locale)  # besides the state
        question = (restaurant.pk, *asked)
        # Versions, the last lapse and, when the answer will likely be built, the occupancy: one round trip.
        read = availability.read_state(restaurant, now, span=_span(request, question, first, last, exclude))
        policy = policy_for(restaurant)
        state = availability.answer_state(restaurant, policy, first, last, now, read.lapse)
        etag = etag_of(*state, *asked)

        def build():
            days = availability.month(
                restaurant,
                first=first,
                last=last,
                exclude=exclude,
                now=now,
                occupancy=read.occupancy,
                state=state,
                snapshot=read.snapshot,
            )
            text = Text(locale, restaurant.primary_language)
            return AvailabilityMonthShape.render(month, days, policy=policy, text=text)

        cached = answer_cache.through(etag, restaurant.policy_version, state, now, build, question)
        return conditional(request, etag, cached)
