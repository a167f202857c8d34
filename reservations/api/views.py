from config.api.etag import with_body_etag
from config.api.pagination import list_envelope
from config.api.views import ApiView
from reservations import policy, selectors
from reservations.api import serializers


class ConfigurationView(ApiView):
    def get(self, request):
        restaurant = self.restaurant
        today = policy.restaurant_today(restaurant)
        data = serializers.configuration(
            restaurant,
            today=today,
            card_guarantee_from_party_size=selectors.card_guarantee_from_party_size(restaurant, today),
        )
        return with_body_etag(request, data)


class SectionListView(ApiView):
    def get(self, request):
        rows = selectors.sections_in_order(self.restaurant)
        leaders = selectors.group_leaders(rows)
        data = [serializers.section(row, leaders[row.pk]) for row in rows]
        return with_body_etag(request, list_envelope(data, False))
