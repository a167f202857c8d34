"""The OpenAPI 3 document, generated from the code by drf-spectacular."""

from drf_spectacular.views import SpectacularJSONAPIView


class SchemaView(SpectacularJSONAPIView):
    authentication_classes = []
    permission_classes = []
