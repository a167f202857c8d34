"""The restaurant's policy: configuration and sections."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from config.api.etag import with_body_etag
from config.api.pagination import list_envelope
from config.api.schema import IF_NONE_MATCH, ok
from config.api.views import ApiViewSet
from config.shapes import list_shape
from reservations import configuration
from reservations.selectors import floor
from reservations.shapes.configuration import ConfigurationShape
from reservations.shapes.floor import SectionShape

SectionListShape = list_shape(SectionShape, "The restaurant's sections in its arrangement; never paginated.")


class ConfigurationViewSet(ApiViewSet):
    singleton = True

    @extend_schema(
        tags=["Configuration"],
        summary="Read the booking policy",
        description=(
            "The restaurant's booking policy: timezone, currency, languages, party sizes, booking window, guest "
            "fields. Read it once at start-up and revalidate with `If-None-Match`."
        ),
        parameters=[IF_NONE_MATCH],
        responses={200: ok(ConfigurationShape, "The configuration of the key's restaurant.")},
    )
    def retrieve(self, request) -> Response:
        restaurant = self.restaurant
        today = configuration.restaurant_today(restaurant)
        data = ConfigurationShape.render(
            restaurant,
            today=today,
            card_guarantee_from_party_size=floor.card_guarantee_from_party_size(restaurant, today),
        )
        return with_body_etag(request, data)


class SectionViewSet(ApiViewSet):
    singleton = True

    @extend_schema(
        operation_id="sections_list",
        tags=["Sections"],
        summary="List the seating areas",
        description=(
            "Every section row, in the restaurant's arrangement (position, then creation order); never paginated "
            "(`has_more` is false). Group rows by `group_id` before rendering a picker; render the seating step only "
            "when the configuration's `show_seating_preference` is true."
        ),
        parameters=[IF_NONE_MATCH],
        responses={200: ok(SectionListShape, "The sections.")},
    )
    def retrieve(self, request) -> Response:
        rows = floor.sections_in_order(self.restaurant)
        leaders = floor.group_leaders(rows)
        data = [SectionShape.render(row, leaders[row.pk]) for row in rows]
        return with_body_etag(request, list_envelope(data, False))
