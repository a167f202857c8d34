from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from config.api.schema import ok
from config.api.views import ApiViewSet
from config.shapes import Shape, const


class PingShape(Shape):
    name = "Ping"
    description = "Answer of the key check; `ok` is always true: check the status code."
    args = ""
    fields = {"object": const("ping"), "ok": {"type": "boolean", "const": True}}


class PingViewSet(ApiViewSet):
    """Checks a key: any live key, any scope; no restaurant data."""

    singleton = True
    default_scope = None

    @extend_schema(
        operation_id="ping",
        tags=["Ping"],
        summary="Check a key",
        description="Checks that a key is live. Any live key, any scope; returns no restaurant data. "
        "Draws on the read budget.",
        responses={200: ok(PingShape, "The key is live.")},
    )
    def retrieve(self, request):
        return Response(PingShape.render())
