"""The OpenAPI 3.1 document, generated from the code by drf-spectacular, served at GET /v1/openapi.json.

Inspect or regenerate it offline with `manage.py spectacular --format openapi-json --file openapi.json`.
"""

import functools

from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularJSONAPIView

from config.api.etag import conditional, etag_of

# The per-app documentation (OpenApiViewExtension subclasses register themselves on import).
# This module is imported by config.urls, so the extensions are registered before any
# generation walks the URLs, whether through this view, `manage.py spectacular` or a test.
import apikeys.api.openapi  # noqa: E402,F401  isort: skip
import holds.api.openapi  # noqa: E402,F401  isort: skip
import reservations.api.openapi  # noqa: E402,F401  isort: skip


@functools.cache
def openapi_document() -> dict:
    """Generated once per process: the document depends on the code only, not on the request."""
    return SchemaGenerator().get_schema(request=None, public=True)


class SchemaView(SpectacularJSONAPIView):
    """Public (no key), JSON, with an ETag; every request gets the same document."""

    authentication_classes = []
    permission_classes = []

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        document = openapi_document()
        return conditional(request, etag_of(document), lambda: document)
