"""The base class of every /v1 view: authentication, rate limit, plan, version, scopes,
strict query strings, in that order, before the handler runs."""

from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.views import APIView

from config.api import ratelimit
from config.api.errors import ApiError, BadRequest
from config.api.params import parse_expand, read_json_object, reject_unknown_params
from config.api.scopes import READ, check_endpoint_scope, check_expand_scopes, check_field_scopes
from config.api.versions import resolve_version

SAFE_METHODS = frozenset({"GET", "HEAD"})


class JsonOnly(BaseContentNegotiation):
    """Always answer JSON, whatever the Accept header says."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        renderer = renderers[0]
        return renderer, renderer.media_type


class ApiView(APIView):
    # Scope needed per HTTP method; a method not listed needs `default_scope`.
    scopes: dict[str, str | None] = {}
    default_scope: str | None = READ
    # Query parameters each method accepts; anything else is 400 naming it.
    query_params: dict[str, frozenset[str]] = {}
    # Values `expand` accepts per method.
    expandable: dict[str, frozenset[str]] = {}
    content_negotiation_class = JsonOnly
    # OPTIONS never reaches a view (the middleware refuses it: no CORS), so `Allow` omits it.
    http_method_names = [name for name in APIView.http_method_names if name != "options"]

    def initial(self, request, *args, **kwargs):
        self.format_kwarg = None
        request.accepted_renderer, request.accepted_media_type = self.perform_content_negotiation(request)
        client = request.user  # authenticates, or raises 401
        restaurant = client.restaurant
        # Every authenticated request draws on the budget, so every authenticated answer
        # (plan_required and a bad version included) carries the RateLimit headers.
        resource = "read" if request.method in SAFE_METHODS else "write"
        request._request.rate_limit = ratelimit.consume(restaurant, resource)
        if not restaurant.api_access:
            raise ApiError("This restaurant's plan does not include API access.", status=403, code="plan_required")
        version = resolve_version(request.META.get("HTTP_SERVICE_VERSION"), client.key.api_version)
        if version is None:
            raise BadRequest("This Service-Version is not published.", param="Service-Version")
        request._request.api_version = version
        check_endpoint_scope(client, self.scopes.get(request.method, self.default_scope))
        reject_unknown_params(request.query_params, self.query_params.get(request.method, frozenset()))
        self.expand = parse_expand(request.query_params, self.expandable.get(request.method, frozenset()))
        check_expand_scopes(client, self.expand)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        state = getattr(request._request, "rate_limit", None)
        if state is not None:
            for name, value in state.headers().items():
                response.setdefault(name, value)
        return response

    # Helpers for handlers.

    @property
    def client(self):
        return self.request.user

    @property
    def restaurant(self):
        return self.request.user.restaurant

    def json_body(self, allowed: frozenset[str], field_scopes=()) -> dict:
        """The JSON body, refusing unknown fields and fields the key may not send."""
        body = read_json_object(self.request)
        for name in body:
            if name not in allowed:
                raise BadRequest(f"Unknown field `{name}`.", param=name)
        check_field_scopes(self.client, body, field_scopes)
        return body

    def no_body(self) -> None:
        """Cancel and release take no body: a field sent is refused by name."""
        body = read_json_object(self.request)
        if body:
            name = next(iter(body))
            raise BadRequest(f"This operation takes no body; `{name}` is not accepted.", param=name)

    def serializer_context(self) -> dict:
        return {"client": self.client, "restaurant": self.restaurant, "expand": self.expand}
