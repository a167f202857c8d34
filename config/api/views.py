"""The base class of every /v1 viewset: the checks every request passes, in this order,
before its action runs (docs/design.md, "Order of checks"):

1. authentication (401), by the class configured in REST_FRAMEWORK;
2. the restaurant's rate limit (429), drawn first so every authenticated answer
   carries the `RateLimit-*` headers;
3. the plan (403 `plan_required`) and `Service-Version` (400);
4. the method (405 with `Allow`), before anything the query string says;
5. the action's scope (403 `insufficient_scope`);
6. the query string: unknown or repeated names (400 naming them), `expand` values and
   the scope guest-data expansions demand (403 with `param: expand`).

A subclass declares, per action, as data: `scopes`, `expandable`, `query_serializers`
(non-list query strings) and `filterset_class` (its list); bodies are read with
`read_input()` and a `StrictSerializer`, after the field-demanded scopes of the body.
Every response leaves through `finalize_response`, which removes guest data for a key
without `guests:read` (config.gating) and adds the rate-limit headers.
"""

from rest_framework import exceptions, viewsets
from rest_framework.negotiation import BaseContentNegotiation

from config.api import ratelimit
from config.api.errors import ApiError, BadRequest
from config.api.filters import StrictFilterBackend
from config.api.inputs import check_json_media_type, parse_json_object
from config.api.pagination import PAGINATION_PARAMS, KeysetPagination
from config.api.scopes import GUESTS, READ, check_endpoint_scope, check_expand_scopes, check_field_scopes
from config.formats import Viewer, zone
from config.gating import redact
from config.versions import resolve_version

SAFE_METHODS = frozenset({"GET", "HEAD"})


class JsonOnly(BaseContentNegotiation):
    """Always answer JSON, whatever the Accept header says."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        renderer = renderers[0]
        return renderer, renderer.media_type


class ApiViewSet(viewsets.GenericViewSet):
    #: Scope per action; an action not listed needs `default_scope` (None: any live key).
    scopes: dict[str, str | None] = {}
    default_scope: str | None = READ
    #: Values `expand` accepts per action (no entry: `expand` is not a parameter).
    expandable: dict[str, frozenset[str]] = {}
    #: Serializer reading the query string of a non-list action.
    query_serializers: dict = {}
    #: The body fields that demand a scope of their own (config.api.scopes.FieldScope).
    field_scopes: tuple = ()
    #: Actions that page (besides `list`).
    paginated_actions: frozenset[str] = frozenset()
    #: The id prefix of the objects a paged list holds (its cursors are such ids).
    cursor_prefix: str | None = None

    content_negotiation_class = JsonOnly
    filter_backends = [StrictFilterBackend]
    pagination_class = KeysetPagination
    lookup_value_regex = "[^/]+"
    # No CORS and no metadata: OPTIONS is a method like any other the API does not implement.
    http_method_names = ["get", "post", "patch", "delete", "put", "head"]

    # --- the checks -------------------------------------------------------------------

    def initial(self, request, *args, **kwargs):
        self.format_kwarg = None
        request.accepted_renderer, request.accepted_media_type = self.perform_content_negotiation(request)
        if request.method == "OPTIONS":  # a CORS preflight carries no key: no CORS, and nothing to read
            raise exceptions.MethodNotAllowed(request.method)
        client = request.user  # authenticates, or raises 401
        restaurant = client.restaurant
        resource = "read" if request.method in SAFE_METHODS else "write"
        request._request.rate_limit = ratelimit.consume(restaurant, resource)
        if not restaurant.api_access:
            raise ApiError("This restaurant's plan does not include API access.", status=403, code="plan_required")
        version = resolve_version(request.META.get("HTTP_SERVICE_VERSION"), client.api_version)
        if version is None:
            raise BadRequest("This Service-Version is not published.", param="Service-Version")
        request._request.api_version = version
        if self.action is None:  # a method this route does not implement, whatever the query says
            raise exceptions.MethodNotAllowed(request.method)
        check_endpoint_scope(client, self.required_scope())
        self.reject_unknown_params(request.query_params)
        self.expand = self.parse_expand(request.query_params)
        check_expand_scopes(client, self.expand)

    def required_scope(self) -> str | None:
        return self.scopes.get(self.action, self.default_scope)

    def accepted_params(self) -> frozenset[str]:
        """The query names this action accepts: its filters and pages, its query serializer, `expand`
        (declared as data on the class: worked out once per class and action, then remembered)."""
        cache = self.__class__.__dict__.get("_accepted_params_cache")
        if cache is None:
            cache = {}
            type(self)._accepted_params_cache = cache
        names = cache.get(self.action)
        if names is None:
            names = cache[self.action] = self._accepted_params()
        return names

    def _accepted_params(self) -> frozenset[str]:
        names = set()
        if self.action == "list" or self.action in self.paginated_actions:
            names |= PAGINATION_PARAMS
        filterset = getattr(self, "filterset_class", None)
        if self.action == "list" and filterset is not None:
            names |= set(filterset.base_filters)
        serializer = self.query_serializers.get(self.action)
        if serializer is not None:
            names |= set(serializer().fields)
        if self.action in self.expandable:
            names.add("expand")
        return frozenset(names)

    def reject_unknown_params(self, query) -> None:
        allowed = self.accepted_params()
        for name in query:
            if name not in allowed:
                if not name:  # `?=x`: nothing to name in `param`
                    raise BadRequest("A query parameter has no name.")
                raise BadRequest(f"Unknown query parameter `{name[:64]}`.", param=name[:64])
            if len(query.getlist(name)) > 1:
                raise BadRequest(f"Send `{name}` once.", param=name)

    def parse_expand(self, query) -> frozenset[str]:
        """`expand` as a comma-separated list of distinct values (`expand=guest,events`)."""
        raw = query.get("expand")
        if raw is None:
            return frozenset()
        values = [part.strip() for part in raw.split(",")]
        if not raw.strip() or "" in values:
            raise BadRequest("`expand` lists values separated by commas, none empty.", param="expand")
        if len(set(values)) != len(values):
            raise BadRequest("`expand` names a value twice.", param="expand")
        allowed = self.expandable.get(self.action, frozenset())
        for value in values:
            if value not in allowed:
                raise BadRequest(f"`{value[:64]}` cannot be expanded here.", param="expand")
        return frozenset(values)

    # --- helpers for actions --------------------------------------------------------------

    @property
    def client(self):
        return self.request.user

    @property
    def restaurant(self):
        return self.request.user.restaurant

    def viewer(self) -> Viewer:
        return Viewer(tz=zone(self.restaurant.timezone), expand=self.expand)

    def read_query(self):
        """The action's query string, validated by its query serializer."""
        serializer = self.query_serializers[self.action](data=self.request.query_params.dict())
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def read_body(self, serializer_class, *, refused: dict[str, str] | None = None, **context):
        """The JSON body, validated by `serializer_class`, in this order: unknown fields refused by
        name; the scopes fields demand; the action's `refused` fields (known, never accepted here);
        then every field's type and bounds. Returns the valid serializer."""
        body = self.raw_body()
        refused = refused or {}
        fields = serializer_class._declared_fields  # the names, without building the fields
        for name in body:
            if name not in fields and name not in refused:
                if not name:  # `{"": ...}`: nothing to name in `param`
                    raise BadRequest("A body field has an empty name.")
                raise BadRequest(f"Unknown field `{name[:64]}`.", param=name[:64])
        check_field_scopes(self.client, body, self.field_scopes)
        for name in body:
            if name in refused:
                raise BadRequest(refused[name], param=name)
        serializer = serializer_class(data=body, context=context)
        serializer.is_valid(raise_exception=True)
        return serializer

    def raw_body(self) -> dict:
        if not hasattr(self, "_raw_body"):
            request = self.request._request  # Django's: its content_type is parsed (DRF's is the header)
            raw = request.body
            if raw:  # a request without a body (a cancel, a release) needs no Content-Type
                check_json_media_type(request.content_type, request.content_params)
            self._raw_body = parse_json_object(raw)
        return self._raw_body

    def no_body(self) -> None:
        """Cancel and release take no body: a field sent is refused by name."""
        body = self.raw_body()
        if body:
            name = next(iter(body))[:64]
            if not name:
                raise BadRequest("This operation takes no body.")
            raise BadRequest(f"This operation takes no body; `{name}` is not accepted.", param=name)

    # --- every response ---------------------------------------------------------------------

    def finalize_response(self, request, response, *args, **kwargs):
        client = getattr(request, "_user", None)
        data = getattr(response, "data", None)
        if data is not None and client is not None and not client.has_scope(GUESTS):
            response.data = redact(response.data, guest_data=False)
        response = super().finalize_response(request, response, *args, **kwargs)
        state = getattr(request._request, "rate_limit", None)
        if state is not None:
            for name, value in state.headers().items():
                response.setdefault(name, value)
        return response
