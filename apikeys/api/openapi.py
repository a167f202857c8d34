"""OpenAPI documentation of the key check (attached from outside the view module)."""

from drf_spectacular.extensions import OpenApiViewExtension
from drf_spectacular.utils import extend_schema

from config.api.schema import documented, ok


class PingDocs(OpenApiViewExtension):
    target_class = "apikeys.api.views.PingView"

    def view_replacement(self):
        return documented(
            self.target,
            get=extend_schema(
                operation_id="ping",
                tags=["Ping"],
                summary="Check a key",
                description=(
                    "Checks that a key is live. Any live key, any scope; returns no restaurant data. "
                    "Draws on the read budget."
                ),
                responses={200: ok("Ping", "The key is live.")},
            ),
        )
