"""The error envelope: every failure of the API, ours, DRF's or Django's, looks the same.

{"error": {"type", "code", "message", "param"?, "doc_url", "violations"?}}

Its two shapes (config.shapes) declare each key once: the OpenAPI document's `Error` and
`ErrorDetail` and `envelope()`'s render come from them.
"""

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from rest_framework import exceptions as drf
from rest_framework.response import Response

from config.error_codes import error_type
from config.exceptions import DomainError
from config.ops.observe import count_database_error
from config.shapes import Field, Shape, enum, ref, string

logger = logging.getLogger("api.errors")

# The status of each kind of domain exception (config.exceptions).
STATUS_BY_KIND = {
    "invalid": 400,
    "forbidden": 403,
    "not_found": 404,
    "conflict": 409,
    "refused": 422,
    "busy": 429,
    "upstream": 502,
}


def doc_url(code: str) -> str:
    return f"{settings.DOCS_URL}/api/errors#{code}"


class ErrorDetailShape(Shape):
    name = "ErrorDetail"
    description = "What went wrong."
    args = "status, code, message, param, violations"
    fields = {
        "type": Field(
            enum(
                ["invalid_request_error", "authentication_error", "rate_limit_error", "api_error"],
                "`invalid_request_error` (400, 403, 404, 405, 409, 415, 422), `authentication_error` (401), "
                "`rate_limit_error` (429), `api_error` (500, 502).",
            ),
            "status",
            error_type,
        ),
        "code": Field(string("Stable machine code; branch on it.", examples=["booking_rules_violated"]), "code"),
        "message": Field(string("English, for logs; never match on it or show it to guests."), "message"),
        "param": Field(
            string("The offending request parameter; absent (not null) when none.", minLength=1),
            "param",
            omit_none=True,
        ),
        "doc_url": Field(string("`{docs_url}/api/errors#<code>`; always present.", format="uri"), "code", doc_url),
        "violations": Field(
            {
                "type": "array",
                "items": ref("Violation"),
                "minItems": 1,
                "description": "Only on `booking_rules_violated`, even for a single rule.",
            },
            "violations",
            omit_none=True,
        ),
    }


class ErrorShape(Shape):
    name = "Error"
    description = "The envelope of every failure."
    args = "detail"
    fields = {"error": Field(ref("ErrorDetail"), "detail")}


class ApiError(Exception):
    """A failure the client is told about; services and views raise it (or a subclass)."""

    status = 400
    code = "bad_request"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        status: int | None = None,
        param: str | None = None,
        violations: list[dict] | None = None,
        extra: dict | None = None,
        headers: dict | None = None,
    ):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.param = param
        self.violations = violations
        self.extra = extra or {}
        self.headers = headers or {}

    def body(self) -> dict:
        return envelope(self.status, self.code, self.message, self.param, self.violations, self.extra)


class BadRequest(ApiError):
    status = 400
    code = "bad_request"


class NotFound(ApiError):
    status = 404
    code = "not_found"

    def __init__(self, message: str = "No such object.", *, param: str | None = None, **kwargs):
        super().__init__(message, param=param, **kwargs)


class Conflict(ApiError):
    status = 409


class Unprocessable(ApiError):
    status = 422


class InsufficientScope(ApiError):
    status = 403
    code = "insufficient_scope"

    def __init__(self, scope: str, param: str | None = None):
        if param:
            message = f"The field `{param}` needs the scope `{scope}`, which this key does not carry."
        else:
            message = f"This endpoint needs the scope `{scope}`, which this key does not carry."
        super().__init__(message, param=param, extra={})


class AuthError(ApiError):
    """401; names the scheme to use, as HTTP requires of a 401 (RFC 9110)."""

    status = 401

    def __init__(self, message: str, **kwargs):
        super().__init__(message, **kwargs)
        self.headers.setdefault("WWW-Authenticate", "Bearer")


class UnsupportedMediaType(ApiError):
    status = 415
    code = "unsupported_media_type"


class RateLimited(ApiError):
    status = 429
    code = "rate_limited"


def envelope(
    status: int,
    code: str,
    message: str,
    param: str | None = None,
    violations: list[dict] | None = None,
    extra: dict | None = None,
) -> dict:
    error = ErrorDetailShape.render(status, code, message, param, violations)
    if extra:
        error.update(extra)
    return ErrorShape.render(error)


def json_error(status: int, code: str, message: str, param: str | None = None) -> JsonResponse:
    return JsonResponse(envelope(status, code, message, param), status=status)


def _from_drf(exc: drf.APIException) -> ApiError:
    if isinstance(exc, drf.NotAuthenticated):
        return AuthError("No `Authorization: Bearer` header was sent.", code="auth_header_missing")
    if isinstance(exc, drf.AuthenticationFailed):
        return AuthError("The API key is invalid, revoked or unknown.", code="invalid_token")
    if isinstance(exc, drf.MethodNotAllowed):
        return ApiError(str(exc.detail), status=405, code="method_not_allowed")
    if isinstance(exc, drf.NotFound):
        return NotFound()
    if isinstance(exc, drf.ParseError):
        return BadRequest("The request body is not valid JSON.")
    if isinstance(exc, drf.UnsupportedMediaType):
        return UnsupportedMediaType("Send the request body as JSON (Content-Type: application/json).")
    if isinstance(exc, drf.Throttled):
        return RateLimited("Too many requests.")
    if isinstance(exc, drf.ValidationError):
        param, message = first_validation_error(exc.detail)
        return BadRequest(message, param=param)
    if isinstance(exc, drf.PermissionDenied):
        return ApiError(str(exc.detail), status=403, code="forbidden")
    return ApiError(str(exc.detail), status=exc.status_code, code=getattr(exc, "default_code", "bad_request"))


def first_validation_error(detail, prefix: str = "") -> tuple[str | None, str]:
    """The first field at fault in a DRF validation error, as (param, message)."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key in ("non_field_errors", "__all__"):
                return first_validation_error(value, prefix)
            name = f"{prefix}[{key}]" if prefix else str(key)
            param, message = first_validation_error(value, name)
            return param or name, message
        return (prefix or None), "Invalid request."
    if isinstance(detail, list) and detail:
        for index, item in enumerate(detail):
            if isinstance(item, (dict, list)):
                return first_validation_error(item, f"{prefix}[{index}]" if prefix else prefix)
            return (prefix or None), _sentence(prefix, str(item))
    return (prefix or None), _sentence(prefix, str(detail))


def _sentence(param: str, message: str) -> str:
    return f"{param}: {message}" if param else message


def _from_domain(exc: DomainError) -> ApiError:
    status = STATUS_BY_KIND[exc.kind]
    headers = {"Retry-After": "1"} if status == 429 else {}
    return ApiError(exc.message, code=exc.code, status=status, param=exc.param, extra=exc.details, headers=headers)


def to_api_error(exc: Exception) -> ApiError | None:
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, DomainError):
        return _from_domain(exc)
    if isinstance(exc, drf.APIException):
        return _from_drf(exc)
    if isinstance(exc, Http404):
        return NotFound()
    if isinstance(exc, RequestDataTooBig):
        return BadRequest("The request body is larger than 1 MiB.")
    if isinstance(exc, DjangoPermissionDenied):
        return ApiError("Forbidden.", status=403, code="forbidden")
    return None


def exception_handler(exc: Exception, context: dict) -> Response:
    """DRF's EXCEPTION_HANDLER: the one place exceptions become responses."""
    error = to_api_error(exc)
    if error is None:
        count_database_error(exc)  # and marks a lost connection, for the read's second try
        logger.exception("Unhandled error in %s", context.get("view").__class__.__name__)
        error = ApiError("An error occurred on our side.", status=500, code="api_error")
    response = Response(error.body(), status=error.status)
    for name, value in error.headers.items():
        response[name] = value
    return response
