from rest_framework.response import Response

from config.api.views import ApiView


class PingView(ApiView):
    """Checks a key: any live key, any scope; no restaurant data."""

    default_scope = None

    def get(self, request):
        return Response({"object": "ping", "ok": True})
