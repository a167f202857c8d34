"""The AutoSchema every /v1 operation is documented with (REST_FRAMEWORK's DEFAULT_SCHEMA_CLASS).

An operation documents what is its own with `@extend_schema` on its action: operation
id, tag, summary, description, the shape of its success, and its specific errors.
Request bodies, filters and query serializers are derived by drf-spectacular from the
serializers and filter sets the viewset declares. `ApiAutoSchema` adds what every
operation shares, read from the viewset where the code says it:

- the bearer security requirement; the action's scope in `x-required-scopes` and in the
  text (not as the requirement's role: OpenAPI 3.1 allows roles on any scheme, but linters
  and most tools read them as OAuth scopes, which a bearer scheme has none of);
- the request header `Service-Version`, and `expand` from `ApiViewSet.expandable`;
- the query serializer of the action (`ApiViewSet.query_serializers`), exploded;
- the common errors (400, 401, 403, 415 on writes, 422 `idempotency_key_reused`, 429, 500): a reference
  to the shared response (config/api/schema_components.py), or appended to the operation's
  own description of the same status;
- the response headers: `Service-Version`, `X-Request-Id`, `RateLimit-*`,
  `WWW-Authenticate` on 401, `Retry-After` on 429, `Location` on 201,
  `Idempotent-Replayed` where `Idempotency-Key` is accepted, `ETag` (and a 304)
  where `If-None-Match` is.

A query parameter the action accepts but the document lacks, or the reverse, is a
generator warning (and the tests forbid warnings).
"""

import copy
import re

from drf_spectacular.drainage import warn
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance
from drf_spectacular.settings import spectacular_settings
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from config.api.errors import ErrorShape
from config.api.inputs import ObjectId, StrictSerializer, id_pattern
from config.api.schema_components import codes_named, common_response, header_refs, referred_response
from config.api.schema_examples import add_examples, stored_examples
from config.api.scopes import GUEST_EXPANSIONS, GUESTS
from config.api.views import SAFE_METHODS, ApiViewSet
from config.shapes import Shape, ref
from config.versions import LATEST_VERSION, VERSIONS


class ObjectIdField(OpenApiSerializerFieldExtension):
    """An id field: its prefix pattern (the field checks it without a validator drf-spectacular could read)."""

    target_class = ObjectId

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "pattern": id_pattern(*self.target.prefixes), "maxLength": self.target.max_length}


def error(description: str) -> OpenApiResponse:
    """A specific error response of an operation: its codes, in words."""
    return OpenApiResponse(response=ErrorShape, description=description)


def ok(shape: type[Shape], description: str) -> OpenApiResponse:
    return OpenApiResponse(response=shape, description=description)


def idempotency_key(*, required: bool) -> OpenApiParameter:
    if required:
        description = (
            "Required: a missing key is 400 `idempotency_key_invalid`. A retry with the same key replays the first "
            "successful response (header `Idempotent-Replayed: true`); remembered 72 hours, scoped to the "
            "restaurant. A refusal is not remembered, so resend a refused request (for example with `override`) "
            "under the same key. The same key with a different request (query string included) is 422 "
            "`idempotency_key_reused`."
        )
    else:
        description = (
            "Optional; send it when retrying automatically. A replay shows the object as at the first attempt "
            "(header `Idempotent-Replayed: true`). Remembered 72 hours; the same key with a different request is "
            "422 `idempotency_key_reused`."
        )
    return OpenApiParameter(
        "Idempotency-Key",
        type={"type": "string", "minLength": 1, "maxLength": 255, "pattern": r"^[^\x00-\x1F\x7F-\x9F]+$"},
        location=OpenApiParameter.HEADER,
        required=required,
        description=description + " At most 255 characters, no control characters.",
    )


def path_id(name: str, description: str) -> OpenApiParameter:
    """An object id in the path (any string: an id of the wrong kind is simply not found)."""
    return OpenApiParameter(name, type={"type": "string"}, location=OpenApiParameter.PATH, description=description)


IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    type={"type": "string"},
    location=OpenApiParameter.HEADER,
    description="An `ETag` received earlier: 304 with no body while it still matches.",
)

SERVICE_VERSION = OpenApiParameter(
    "Service-Version",
    type={"type": "string", "enum": list(VERSIONS)},
    location=OpenApiParameter.HEADER,
    description=(
        "The dated API version to apply to this request; without it the key's pinned version applies. "
        f"An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `{LATEST_VERSION}`."
    ),
)

EXPANSIONS = {
    "guest": "`guest`: the full guest object instead of its id (needs `guests:read`)",
    "events": "`events`: the reservation's lifecycle events, oldest first",
    "modification_token": (
        "`modification_token`: the token of the guest's own booking page, "
        "`{booking_page_url}/{modification_token}` (needs `guests:read`)"
    ),
}


class ApiAutoSchema(AutoSchema):
    def is_api_view(self) -> bool:
        return isinstance(self.view, ApiViewSet)

    @property
    def action(self) -> str | None:
        return getattr(self.view, "action", None)

    def required_scope(self) -> str | None:
        return self.view.required_scope() if self.is_api_view() else None

    def expandable(self) -> frozenset[str]:
        return self.view.expandable.get(self.action, frozenset()) if self.is_api_view() else frozenset()

    def get_operation_id(self) -> str:
        """`<resource>_<action>`: the path's literal segments (`-` as `_`) and the viewset's action, e.g.
        `reservations_create`, `reservations_partial_update`, `reservations_events_list`,
        `waitlist_entries_retrieve`. `@extend_schema(operation_id=...)` wins where that reads badly
        (`holds_release` for DELETE /v1/holds/{id}). Generated clients name their functions after it, so an
        id never changes once published (tests/openapi/test_document.py pins them)."""
        if not self.is_api_view():
            return super().get_operation_id()
        prefix = spectacular_settings.SCHEMA_PATH_PREFIX
        path = re.sub(f"^{prefix}", "", self.path)
        segments = [s.replace("-", "_") for s in path.split("/") if s and not s.startswith("{")]
        if segments and segments[-1] == self.action:  # an extra action's own segment: /reservations/{id}/cancel
            segments.pop()
        return "_".join([*segments, self.action])

    # --- parameters ----------------------------------------------------------------

    def get_override_parameters(self):
        parameters = list(super().get_override_parameters())
        if not self.is_api_view():
            return parameters
        derived = [SERVICE_VERSION]
        query = self.view.query_serializers.get(self.action)
        if query is not None:
            derived.append(query)
        if self.action in self.view.expandable:
            derived.append(self._expand_parameter())
        # The operation's own parameters come after, and win on the same name.
        return derived + parameters

    def _expand_parameter(self) -> OpenApiParameter:
        values = sorted(self.expandable())
        unknown = [value for value in values if value not in EXPANSIONS]
        if unknown:
            warn(f"expand values {unknown} of {self.view.__class__.__name__} are not described in EXPANSIONS")
        lines = "; ".join(EXPANSIONS.get(value, f"`{value}`") for value in values)
        return OpenApiParameter(
            "expand",
            type={"type": "array", "items": {"type": "string", "enum": values}, "uniqueItems": True, "minItems": 1},
            location=OpenApiParameter.QUERY,
            style="form",
            explode=False,
            description=(
                f"Comma-separated objects to include: {lines}. Another value, an empty one or one named twice is "
                "400 with `param: expand`; a guest-data expansion without `guests:read` is 403 "
                "`insufficient_scope` with `param: expand`."
            ),
        )

    def _is_list_view(self, serializer=None) -> bool:
        # A shape is the whole answer (a list answers its envelope shape): never wrap it in an array.
        # Asked about the operation (no serializer), the list action is the one that pages and filters.
        if isinstance(serializer, type) and issubclass(serializer, Shape):
            return False
        if self.is_api_view():
            return self.action == "list"
        return super()._is_list_view(serializer)

    def _map_serializer(self, serializer, direction, bypass_extensions=False):
        """A request body is closed (an unknown field is 400), with the constraints its serializer
        states in `Meta.schema_extra` beyond its fields (e.g. "`guest` or `guest_id`")."""
        schema = super()._map_serializer(serializer, direction, bypass_extensions)
        if direction == "request" and isinstance(force_instance(serializer), StrictSerializer):
            schema["additionalProperties"] = False
            schema.update(copy.deepcopy(getattr(getattr(serializer, "Meta", None), "schema_extra", {})))
        return schema

    # --- the operation ---------------------------------------------------------------

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None or not self.is_api_view():
            return operation
        self._check_query(operation)
        self._tidy_parameters(operation)
        self._state_scope(operation)
        if "requestBody" in operation:
            operation["requestBody"]["required"] = True  # a create needs its fields; an empty PATCH is 400
        self._add_common_errors(operation)
        self._add_response_headers(operation)
        self._list_error_codes(operation)
        add_examples(operation, stored_examples(operation["operationId"]))
        operation["responses"] = dict(sorted(operation["responses"].items()))
        return operation

    def _list_error_codes(self, operation) -> None:
        """Each error response lists its codes in `x-error-codes`: the registered codes its description
        names, in order (a violation code named in the text is not a top-level code)."""
        for status, response in operation["responses"].items():
            if not status.startswith(("4", "5")) or "content" not in response:
                continue  # a shared response lists its own
            response["x-error-codes"] = codes_named(response.get("description", ""))

    def _parameter_names(self, operation, location: str) -> set[str]:
        return {p["name"] for p in operation.get("parameters", []) if p.get("in") == location}

    def _check_query(self, operation) -> None:
        """The document lists exactly the query parameters the action accepts."""
        documented = self._parameter_names(operation, "query")
        accepted = self.view.accepted_params()
        view = self.view.__class__.__name__
        for name in sorted(accepted - documented):
            warn(f"{view}.{self.action} accepts the query parameter `{name}`, which is not documented")
        for name in sorted(documented - accepted):
            warn(f"{view}.{self.action} documents the query parameter `{name}`, which the view refuses")

    def _tidy_parameters(self, operation) -> None:
        """Path, query, header order (required first); a query array is comma-separated, as the API reads it."""
        order = {"path": 0, "query": 1, "header": 2, "cookie": 3}
        parameters = operation.get("parameters", [])
        parameters.sort(key=lambda p: (order.get(p.get("in"), 4), not p.get("required", False)))
        for parameter in parameters:
            if "description" in parameter:
                parameter["description"] = parameter["description"].strip()
            if parameter.get("in") == "query" and parameter.get("schema", {}).get("type") == "array":
                parameter.setdefault("style", "form")
                parameter.setdefault("explode", False)

    def _state_scope(self, operation) -> None:
        scope = self.required_scope()
        operation["x-required-scopes"] = [scope] if scope else []
        line = f"**Scope:** `{scope}`." if scope else "**Scope:** any live key, any scope."
        description = operation.get("description", "").rstrip()
        operation["description"] = f"{description}\n\n{line}" if description else line

    def _idempotency_header(self, operation) -> dict | None:
        for parameter in operation.get("parameters", []):
            if parameter.get("in") == "header" and parameter["name"] == "Idempotency-Key":
                return parameter
        return None

    def _common_errors(self, operation) -> dict[str, tuple[str, str]]:
        """status -> (name of the shared response, its text). The name says what its text depends on."""
        reads = self.method in SAFE_METHODS
        bad_request = [
            "`bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in "
            "`param`); an unpublished `Service-Version` (`param: Service-Version`)."
        ]
        bad_request_name = "BadRequest"
        if "requestBody" in operation:
            bad_request_name += "Body"
            bad_request.append(
                "A body that is not a JSON object, is nested too deep or is larger than 1 MiB; an unknown field, or "
                "a field of the wrong type or value (named in `param`); any body field sent in the query string."
            )
        elif not reads:
            bad_request_name += "NoBody"
            bad_request.append("Any body: this operation takes none (the first field is named in `param`).")
        idempotency = self._idempotency_header(operation)
        if idempotency is not None:
            missing = "missing, " if idempotency.get("required") else ""
            bad_request_name += "KeyRequired" if idempotency.get("required") else "Key"
            bad_request.append(
                f"`idempotency_key_invalid` (`param: Idempotency-Key`): the key is {missing}empty, longer than 255 "
                "characters or contains control characters."
            )
        forbidden = ["`plan_required`: the restaurant's plan does not include API access."]
        forbidden_name = "Forbidden"
        scope = self.required_scope()
        if scope:
            forbidden_name += "".join(part.capitalize() for part in re.split(r"[:_]", scope))
            forbidden.append(
                f"`insufficient_scope` without `param`: the key lacks `{scope}`; the endpoint is out of reach."
            )
        if self.expandable() & GUEST_EXPANSIONS:
            forbidden_name += "GuestExpand"
            forbidden.append(f"`insufficient_scope` with `param: expand`: a guest-data expansion needs `{GUESTS}`.")
        errors = {
            "400": (bad_request_name, " ".join(bad_request)),
            "401": (
                "Unauthorized",
                "`auth_header_missing`: no `Authorization: Bearer` header. `invalid_token`: the key is invalid, "
                "revoked, expired or unknown. Type `authentication_error`; resending the same key cannot succeed.",
            ),
            "403": (forbidden_name, " ".join(forbidden)),
            "429": (
                "RateLimitedRead" if reads else "RateLimitedWrite",
                f"`rate_limited` (type `rate_limit_error`): the restaurant's {'read' if reads else 'write'} budget, "
                "shared by all its keys, is spent. Wait `Retry-After` seconds."
                + (
                    ""
                    if reads
                    else " `lock_timeout` (type `rate_limit_error`): another write of the restaurant held its lock "
                    "too long; nothing was written. Retry after `Retry-After` seconds."
                ),
            ),
            "500": (
                "ServerError",
                "`api_error` (type `api_error`): a fault on the service side; nothing was changed or remembered.",
            ),
        }
        if not reads:
            errors["415"] = (
                "UnsupportedMediaType",
                "`unsupported_media_type`: a body was sent without `Content-Type: application/json` (another type, "
                "a charset other than UTF-8, or none). A request without a body needs no `Content-Type`.",
            )
        if idempotency is not None:
            errors["422"] = (
                "IdempotencyKeyReused",
                "`idempotency_key_reused` (`param: Idempotency-Key`): the key was used with a different request; "
                "the first response is not replayed.",
            )
        return errors

    def _add_common_errors(self, operation) -> None:
        """A status the operation says nothing of refers to the shared response; one it describes gets the
        common text after its own (and stays the operation's, with its own examples)."""
        responses = operation["responses"]
        for status, (name, text) in self._common_errors(operation).items():
            if status in responses:
                own = responses[status].get("description", "").strip()
                responses[status]["description"] = f"{own}\n\n{text}" if own else text
                responses[status].setdefault("content", {"application/json": {"schema": ref("Error")}})
            else:
                responses[status] = common_response(name, status, text)

    def _add_response_headers(self, operation) -> None:
        responses = operation["responses"]
        conditional = "If-None-Match" in self._parameter_names(operation, "header")
        if conditional and "304" not in responses:
            responses["304"] = {
                "description": "Not modified: the `ETag` sent in `If-None-Match` still matches. No body."
            }
        idempotent = self._idempotency_header(operation) is not None
        for status, response in responses.items():
            if referred_response(response) is None:  # a shared response has its headers
                headers = header_refs(status, idempotent=idempotent, conditional=conditional)
                response["headers"] = {**headers, **response.get("headers", {})}
