import datetime as dt

from django.utils import timezone

from config.api.errors import BadRequest
from config.api.etag import conditional
from config.api.params import MONTH_RE, parse_date, parse_int
from config.api.views import ApiView
from reservations import availability
from reservations.api import availability_serializers as out
from reservations.engine_data import policy_for

# Dates the engine can reason about (it looks a day before and two days after a date).
FIRST_DATE, LAST_DATE = dt.date(1900, 1, 1), dt.date(9998, 12, 31)


def _required(query, name: str) -> str:
    value = query.get(name)
    if value is None or value == "":
        raise BadRequest(f"`{name}` is required.", param=name)
    return value


def _in_range(date: dt.date, param: str) -> dt.date:
    if not FIRST_DATE <= date <= LAST_DATE:
        raise BadRequest(f"`{param}` is out of range.", param=param)
    return date


class DayAvailabilityView(ApiView):
    query_params = {"GET": frozenset({"service_date", "party_size", "section_id", "excluding", "locale"})}

    def get(self, request):
        query, restaurant = request.query_params, self.restaurant
        date = _in_range(parse_date(_required(query, "service_date"), "service_date"), "service_date")
        party_size = parse_int(_required(query, "party_size"), "party_size", minimum=1)
        locale = availability.resolve_locale(restaurant, query.get("locale"))
        policy = policy_for(restaurant)
        group_id = availability.resolve_section_group(policy, query.get("section_id"))
        # The filter applied: a member of a group resolves to the whole group, named by its leader.
        section_id = policy.sections[group_id].public_id if group_id is not None else None
        exclude = availability.resolve_excluding(restaurant, query.get("excluding"))
        now = timezone.now()
        etag = availability.availability_etag(
            restaurant,
            policy,
            date,
            date,
            now,
            "day",
            request.api_version,
            date,
            party_size,
            group_id,
            query.get("excluding"),
            locale,
        )

        def build():
            result = availability.day(
                restaurant, date=date, party_size=party_size, group_id=group_id, exclude=exclude, now=now
            )
            text = out.Text(locale, restaurant.primary_language)
            return out.availability_day(result, policy=policy, section_id=section_id, text=text)

        return conditional(request, etag, build)


class MonthAvailabilityView(ApiView):
    query_params = {"GET": frozenset({"month", "excluding", "locale"})}

    def get(self, request):
        query, restaurant = request.query_params, self.restaurant
        month = _required(query, "month")
        if not MONTH_RE.match(month):
            raise BadRequest("`month` must be YYYY-MM.", param="month")
        first, last = availability.month_bounds(int(month[:4]), int(month[5:]))
        _in_range(first, "month")
        _in_range(last, "month")
        locale = availability.resolve_locale(restaurant, query.get("locale"))
        exclude = availability.resolve_excluding(restaurant, query.get("excluding"))
        policy = policy_for(restaurant)
        now = timezone.now()
        etag = availability.availability_etag(
            restaurant, policy, first, last, now, "month", request.api_version, month, query.get("excluding"), locale
        )

        def build():
            days = availability.month(restaurant, first=first, last=last, exclude=exclude, now=now)
            text = out.Text(locale, restaurant.primary_language)
            return out.availability_month(month, days, policy=policy, text=text)

        return conditional(request, etag, build)
