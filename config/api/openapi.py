"""The OpenAPI 3.1 document, generated from the code by drf-spectacular, served at GET /v1/openapi.json.

Inspect or regenerate it offline with `manage.py spectacular --format openapi-json --file openapi.json`
(indented for reading). It is served without indentation: drf-spectacular's four spaces were 60 % of
its bytes (tests/openapi/test_lint.py holds it under 250 KB).
"""

import copy
import functools

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer, OpenApiJsonRenderer2
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularJSONAPIView

from config.api.etag import conditional, etag_of
from config.api.inputs import NO_CONTROL, NO_NUL, Codes, Text
from config.shapes import SHAPES, Shape


class TextExtension(OpenApiSerializerFieldExtension):
    """A text field refuses NUL (DRF's CharField does), a one-line one every control character: the
    document says so."""

    target_class = Text

    def map_serializer_field(self, auto_schema, direction):
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        if isinstance(schema.get("type"), list):  # the caller adds "null" for `allow_null` itself
            schema["type"] = next(kind for kind in schema["type"] if kind != "null")
        return {**schema, **copy.deepcopy(NO_CONTROL if self.target.one_line else NO_NUL)}


class CodesExtension(OpenApiSerializerFieldExtension):
    """A list of codes (`override`) names each code once."""

    target_class = Codes

    def map_serializer_field(self, auto_schema, direction):
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        if isinstance(schema.get("type"), list):  # the caller adds "null" for `allow_null` itself
            schema["type"] = next(kind for kind in schema["type"] if kind != "null")
        schema["uniqueItems"] = True
        return schema


class ShapeExtension(OpenApiSerializerExtension):
    """Documents a response shape (config/shapes.py) as the component of its name."""

    target_class = Shape
    match_subclasses = True

    def get_name(self, auto_schema, direction):
        return self.target.name

    def map_serializer(self, auto_schema, direction):
        return copy.deepcopy(self.target.schema)


def add_shape_components(result: dict, generator=None, request=None, public=False, **kwargs) -> dict:
    """Postprocessing hook: every shape is a component (so nested refs resolve), components sorted,
    and drf-spectacular's internal enum marks dropped (enums stay inline)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, shape in SHAPES.items():
        schemas.setdefault(name, copy.deepcopy(shape.schema))
    result["components"] = {kind: dict(sorted(items.items())) for kind, items in sorted(result["components"].items())}
    _drop_key(result, "x-spec-enum-id")
    return result


def _drop_key(node, key: str) -> None:
    if isinstance(node, dict):
        node.pop(key, None)
        for value in node.values():
            _drop_key(value, key)
    elif isinstance(node, list):
        for value in node:
            _drop_key(value, key)


@functools.cache
def openapi_document() -> tuple[dict, str]:
    """Generated once per process, with its ETag: the document depends on the code only."""
    document = SchemaGenerator().get_schema(request=None, public=True)
    return document, etag_of(document)


class CompactOpenApiRenderer(OpenApiJsonRenderer):
    def get_indent(self, accepted_media_type, renderer_context):
        return None


class CompactJsonRenderer(OpenApiJsonRenderer2):
    def get_indent(self, accepted_media_type, renderer_context):
        return None


class SchemaView(SpectacularJSONAPIView):
    """Public (no key), JSON without indentation, with an ETag; every request gets the same document."""

    renderer_classes = [CompactOpenApiRenderer, CompactJsonRenderer]
    authentication_classes = []
    permission_classes = []

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        document, etag = openapi_document()
        return conditional(request, etag, lambda: document)
