from config.api.etag import with_body_etag
from config.api.pagination import list_envelope
from config.api.views import ApiView
from reservations import policy, selectors
from reservations.api import serializers


class ConfigurationView(ApiView):
    def get(self, request):
        restaurant = self.restaurant
        data = serializers.configuration(
            restaurant,
            today=policy.restaurant_today(restaurant),
            card_guarantee_from_party_size=selectors.card_guarantee_from_party_size(restaurant),
        )
        return with_body_etag(request, data)


class SectionListView(ApiView):
    def get(self, request):
        rows = selectors.sections_in_order(self.restaurant)
        return with_body_etag(request, list_envelope([serializers.section(row) for row in rows], False))
