from django.utils import timezone

from config.api.errors import BadRequest
from config.api.etag import conditional
from config.api.params import MONTH_RE, parse_date, parse_int
from config.api.views import ApiView
from reservations import availability
from reservations.api import availability_serializers as out
from reservations.engine_data import policy_for


def _required(query, name: str) -> str:
    value = query.get(name)
    if value is None or value == "":
        raise BadRequest(f"`{name}` is required.", param=name)
    return value


class DayAvailabilityView(ApiView):
    query_params = {"GET": frozenset({"service_date", "party_size", "section_id", "excluding", "locale"})}

    def get(self, request):
        query, restaurant = request.query_params, self.restaurant
        date = parse_date(_required(query, "service_date"), "service_date")
        party_size = parse_int(_required(query, "party_size"), "party_size", minimum=1)
        locale = availability.resolve_locale(restaurant, query.get("locale"))
        policy = policy_for(restaurant)
        section_id = query.get("section_id")
        group_id = availability.resolve_section_group(policy, section_id)
        exclude = availability.resolve_excluding(restaurant, query.get("excluding"))
        now = timezone.now()
        etag = availability.availability_etag(
            restaurant, policy, date, date, now, "day", request.api_version, date, party_size, group_id,
            query.get("excluding"), locale,
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
