"""The AutoSchema every view is documented with (kept apart from the schema view to avoid an import cycle).

Each endpoint documents what is its own (operation id, tag, summary, parameters
specific to it, request body, success and specific error responses) with
`@extend_schema`, attached from outside the view modules by an
`OpenApiViewExtension` in the app's `api/openapi.py` (see `documented()`).

`ApiAutoSchema` adds what every /v1 operation shares, read from the code where the
code says it:

- the bearer security requirement, with the endpoint's scope (`ApiView.scopes`) as
  its role (OpenAPI 3.1 allows roles on non-OAuth schemes), also stated in the text;
- the request header `Service-Version` (the published versions);
- the query parameters the view accepts (`ApiView.query_params`): `expand` from
  `ApiView.expandable`, pagination and date filters from `QUERY_PARAMETERS`, the rest
  declared by the endpoint; a parameter the code accepts but nobody documented, or one
  documented that the code refuses, is a generator warning (and the tests forbid
  warnings);
- the common errors (400, 401, 403, 422 `idempotency_key_reused`, 429, 500), appended
  to the endpoint's own description of the same status;
- the response headers: `Service-Version`, `X-Request-Id`, `RateLimit-*`,
  `WWW-Authenticate` on 401, `Retry-After` on 429, `Location` on 201,
  `Idempotent-Replayed` where `Idempotency-Key` is accepted, `ETag` (and a 304)
  where `If-None-Match` is.
"""

from drf_spectacular.drainage import warn
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema_view

from config.api import openapi_components as oc
from config.api.scopes import GUEST_EXPANSIONS, GUESTS
from config.api.versions import LATEST_VERSION, VERSIONS
from config.api.views import SAFE_METHODS, ApiView

# Helpers for the per-app extension modules.


def documented(view: type, **operations):
    """A subclass of `view` whose handlers carry the given `extend_schema(...)` per method.

    Used as `OpenApiViewExtension.view_replacement()`: the view module stays free of
    schema code, and the original class is never altered.
    """
    replacement = type(view.__name__, (view,), {"__module__": view.__module__, "__doc__": view.__doc__})
    return extend_schema_view(**operations)(replacement)


def ok(schema: str, description: str) -> OpenApiResponse:
    return OpenApiResponse(response=oc.ref(schema), description=description)


def error(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=oc.ref("Error"), description=description)


def query(name: str, schema: dict, description: str, *, required: bool = False, **extra) -> OpenApiParameter:
    return OpenApiParameter(
        name, type=schema, location=OpenApiParameter.QUERY, required=required, description=description, **extra
    )


def path_id(name: str, description: str) -> OpenApiParameter:
    """An object id in the path (any string: an id of the wrong kind is simply not found)."""
    return OpenApiParameter(name, type={"type": "string"}, location=OpenApiParameter.PATH, description=description)


def idempotency_key(*, required: bool) -> OpenApiParameter:
    if required:
        description = (
            "Required: a missing key is 400 `idempotency_key_invalid`. A retry with the same key replays the first "
            "successful response verbatim (header `Idempotent-Replayed: true`); remembered 72 hours, scoped to the "
            "restaurant. A refusal is not remembered, so resend a refused request (for example with `override`) "
            "under the same key. The same key with a different request is 422 `idempotency_key_reused`."
        )
    else:
        description = (
            "Optional; send it when retrying automatically. A replay shows the object as at the first attempt "
            "(header `Idempotent-Replayed: true`). Remembered 72 hours; the same key with a different request is "
            "422 `idempotency_key_reused`."
        )
    return OpenApiParameter(
        "Idempotency-Key",
        type={"type": "string", "minLength": 1, "maxLength": 255, "pattern": r"^[^\x00-\x1F\x7F]+$"},
        location=OpenApiParameter.HEADER,
        required=required,
        description=description + " At most 255 characters, no control characters.",
    )


IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    type={"type": "string"},
    location=OpenApiParameter.HEADER,
    description="An `ETag` received earlier: 304 with no body while it still matches.",
)

# What ApiAutoSchema derives for every operation.

SERVICE_VERSION = OpenApiParameter(
    "Service-Version",
    type={"type": "string", "enum": list(VERSIONS)},
    location=OpenApiParameter.HEADER,
    description=(
        "The dated API version to apply to this request; without it the key's pinned version applies. "
        f"An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `{LATEST_VERSION}`."
    ),
)

QUERY_PARAMETERS = {
    "limit": query(
        "limit",
        {"type": "integer", "minimum": 1, "default": 20},
        "Page size, 1 to 100 (default 20); a larger value is lowered to 100 (25 when `expand` is sent). "
        "0, negative or not an integer is 400.",
    ),
    "starting_after": query(
        "starting_after",
        {"type": "string"},
        "Id of an object in the list: the page after it. An id the list cannot find is 400.",
    ),
    "ending_before": query(
        "ending_before",
        {"type": "string"},
        "Id of an object in the list: the page just before it, still in list order. Ignored with "
        "`starting_after`; an id the list cannot find is 400.",
    ),
    "date": query("date", {"type": "string", "format": "date"}, "Service date equal to (`YYYY-MM-DD`)."),
    "date[gte]": query("date[gte]", {"type": "string", "format": "date"}, "Service date on or after."),
    "date[lte]": query("date[lte]", {"type": "string", "format": "date"}, "Service date on or before."),
    "updated_since": query(
        "updated_since",
        {"type": "string", "examples": ["2026-12-01T09:00:00+01:00"]},
        "ISO 8601 (no offset is read as UTC): records with `updated_at` at or after it; the order becomes "
        "`(updated_at, id)` ascending, and a record changing while paging moves to the end.",
    ),
}

EXPANSIONS = {
    "guest": "`guest`: the full guest object instead of its id (needs `guests:read`)",
    "events": "`events`: the reservation's lifecycle events, oldest first",
    "modification_token": (
        "`modification_token`: the token of the guest's own booking page, "
        "`{booking_page_url}/{modification_token}` (needs `guests:read`)"
    ),
}

HEADER_NAMES = {
    "ServiceVersion": "Service-Version",
    "RequestId": "X-Request-Id",
    "RateLimitLimit": "RateLimit-Limit",
    "RateLimitRemaining": "RateLimit-Remaining",
    "RateLimitReset": "RateLimit-Reset",
    "RateLimitResource": "RateLimit-Resource",
    "RetryAfter": "Retry-After",
    "WWWAuthenticate": "WWW-Authenticate",
    "Location": "Location",
    "IdempotentReplayed": "Idempotent-Replayed",
    "ETag": "ETag",
}
RATE_LIMIT_HEADERS = ("RateLimitLimit", "RateLimitRemaining", "RateLimitReset", "RateLimitResource")


def _header_refs(*names: str) -> dict:
    return {HEADER_NAMES[name]: oc.ref(name, "headers") for name in names}


class BearerKeyScheme(OpenApiAuthenticationExtension):
    """`Authorization: Bearer sk_live_...`; the endpoint's scope is the requirement's role."""

    target_class = "config.api.auth.ApiKeyAuthentication"
    name = "bearerAuth"

    def get_security_requirement(self, auto_schema):
        scope = auto_schema.required_scope() if isinstance(auto_schema, ApiAutoSchema) else None
        return {self.name: [scope] if scope else []}

    def get_security_definition(self, auto_schema):
        return oc.SECURITY_SCHEMES["bearerAuth"]


class ApiAutoSchema(AutoSchema):
    # The view is an ApiView: what follows applies.

    def is_api_view(self) -> bool:
        return isinstance(self.view, ApiView)

    def required_scope(self) -> str | None:
        if not self.is_api_view():
            return None
        return self.view.scopes.get(self.method, self.view.default_scope)

    def accepted_query(self) -> frozenset[str]:
        return self.view.query_params.get(self.method, frozenset())

    def expandable(self) -> frozenset[str]:
        return self.view.expandable.get(self.method, frozenset())

    # Parameters.

    def get_override_parameters(self):
        parameters = list(super().get_override_parameters())
        if not self.is_api_view():
            return parameters
        derived = [SERVICE_VERSION]
        for name in sorted(self.accepted_query()):
            if name == "expand":
                derived.append(self._expand_parameter())
            elif name in QUERY_PARAMETERS:
                derived.append(QUERY_PARAMETERS[name])
        # Explicit parameters of the endpoint come after, and win on the same name.
        return derived + parameters

    def _expand_parameter(self) -> OpenApiParameter:
        values = sorted(self.expandable())
        unknown = [value for value in values if value not in EXPANSIONS]
        if unknown:
            warn(f"expand values {unknown} of {self.view.__class__.__name__} are not described in EXPANSIONS")
        lines = "; ".join(EXPANSIONS.get(value, f"`{value}`") for value in values)
        return OpenApiParameter(
            "expand",
            type={"type": "array", "items": {"type": "string", "enum": values}, "uniqueItems": True},
            location=OpenApiParameter.QUERY,
            style="form",
            explode=False,
            description=(
                f"Comma-separated objects to include: {lines}. Another value is 400 with `param: expand`; "
                "a guest-data expansion without `guests:read` is 403 `insufficient_scope` with `param: expand`."
            ),
        )

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None or not self.is_api_view():
            return operation
        self._check_query(operation)
        self._order_parameters(operation)
        self._state_scope(operation)
        if "requestBody" in operation:
            operation["requestBody"]["required"] = True  # a create needs its fields; an empty PATCH is 400
        self._add_common_errors(operation)
        self._add_response_headers(operation)
        operation["responses"] = dict(sorted(operation["responses"].items()))
        return operation

    def _parameter_names(self, operation, location: str) -> set[str]:
        return {p["name"] for p in operation.get("parameters", []) if p.get("in") == location}

    def _check_query(self, operation) -> None:
        """The document lists exactly the query parameters the view accepts."""
        documented = self._parameter_names(operation, "query")
        accepted = self.accepted_query()
        view = self.view.__class__.__name__
        for name in sorted(accepted - documented):
            warn(f"{view} {self.method} accepts the query parameter `{name}`, which is not documented")
            operation.setdefault("parameters", []).append(
                {"in": "query", "name": name, "schema": {"type": "string"}, "description": "Undocumented."}
            )
        for name in sorted(documented - accepted):
            warn(f"{view} {self.method} documents the query parameter `{name}`, which the view refuses")

    def _order_parameters(self, operation) -> None:
        order = {"path": 0, "query": 1, "header": 2, "cookie": 3}
        parameters = operation.get("parameters", [])
        parameters.sort(key=lambda p: (order.get(p.get("in"), 4), not p.get("required", False)))

    def _state_scope(self, operation) -> None:
        scope = self.required_scope()
        line = f"**Scope:** `{scope}`." if scope else "**Scope:** any live key, any scope."
        description = operation.get("description", "").rstrip()
        operation["description"] = f"{description}\n\n{line}" if description else line

    def _has_idempotency_key(self, operation) -> bool:
        return "Idempotency-Key" in self._parameter_names(operation, "header")

    def _idempotency_key_required(self, operation) -> bool:
        return any(
            p.get("required")
            for p in operation.get("parameters", [])
            if p.get("in") == "header" and p["name"] == "Idempotency-Key"
        )

    def _common_errors(self, operation) -> dict[str, str]:
        reads = self.method in SAFE_METHODS
        bad_request = [
            "`bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in "
            "`param`); an unpublished `Service-Version` (`param: Service-Version`)."
        ]
        if "requestBody" in operation:
            bad_request.append(
                "A body that is not a JSON object or is larger than 1 MiB; an unknown field, or a field of the "
                "wrong type or value (named in `param`); any body field sent in the query string."
            )
        elif not reads:
            bad_request.append("Any body: this operation takes none (the first field is named in `param`).")
        if self._has_idempotency_key(operation):
            missing = "missing, " if self._idempotency_key_required(operation) else ""
            bad_request.append(
                f"`idempotency_key_invalid` (`param: Idempotency-Key`): the key is {missing}empty, longer than 255 "
                "characters or contains control characters."
            )
        forbidden = ["`plan_required`: the restaurant's plan does not include API access."]
        scope = self.required_scope()
        if scope:
            forbidden.append(
                f"`insufficient_scope` without `param`: the key lacks `{scope}`; the endpoint is out of reach."
            )
        if self.expandable() & GUEST_EXPANSIONS:
            forbidden.append(f"`insufficient_scope` with `param: expand`: a guest-data expansion needs `{GUESTS}`.")
        errors = {
            "400": " ".join(bad_request),
            "401": (
                "`auth_header_missing`: no `Authorization: Bearer` header. `invalid_token`: the key is invalid, "
                "revoked, expired or unknown. Type `authentication_error`; resending the same key cannot succeed."
            ),
            "403": " ".join(forbidden),
            "429": (
                f"`rate_limited` (type `rate_limit_error`): the restaurant's {'read' if reads else 'write'} budget, "
                "shared by all its keys, is spent. Wait `Retry-After` seconds."
            ),
            "500": "`api_error` (type `api_error`): a fault on the service side; nothing was changed or remembered.",
        }
        if self._has_idempotency_key(operation):
            errors["422"] = (
                "`idempotency_key_reused` (`param: Idempotency-Key`): the key was used with a different request; "
                "the first response is not replayed."
            )
        return errors

    def _add_common_errors(self, operation) -> None:
        responses = operation["responses"]
        content = {"application/json": {"schema": oc.ref("Error")}}
        for status, text in self._common_errors(operation).items():
            if status in responses:
                own = responses[status].get("description", "").strip()
                responses[status]["description"] = f"{own}\n\n{text}" if own else text
                responses[status].setdefault("content", content)
            else:
                responses[status] = {"description": text, "content": content}

    def _add_response_headers(self, operation) -> None:
        responses = operation["responses"]
        conditional = "If-None-Match" in self._parameter_names(operation, "header")
        if conditional and "304" not in responses:
            responses["304"] = {
                "description": "Not modified: the `ETag` sent in `If-None-Match` still matches. No body."
            }
        idempotent = self._has_idempotency_key(operation)
        for status, response in responses.items():
            names = ["ServiceVersion", "RequestId"]
            if status != "401":
                names += RATE_LIMIT_HEADERS
            if status == "401":
                names.append("WWWAuthenticate")
            if status == "429":
                names.append("RetryAfter")
            if status == "201":
                names.append("Location")
            if idempotent and status.startswith("2"):
                names.append("IdempotentReplayed")
            if conditional and status in ("200", "304"):
                names.append("ETag")
            response["headers"] = {**_header_refs(*names), **response.get("headers", {})}
