"""The table of every error code the service answers, with its status and what a partner does
about it. The exception handler takes each code's status from here and the error reference
(`{DOCS_URL}/api/errors`, config/docs) is rendered from it: one table, never a second list.

The platform's codes are below; an app registers the codes of its own exceptions next to
them (e.g. reservations/exceptions.py), and the booking rules register their violation codes.
tests/platform/test_error_codes.py holds every code the source can raise to this table.
"""

from dataclasses import dataclass

# What the page groups codes under, in this order.
GROUPS = {
    "platform": "Every endpoint",
    "booking": "Bookings and holds",
    "guarantee": "Card guarantees and payments",
    "violation": "Booking-rule violations (inside `violations` of `booking_rules_violated`)",
    "staff": "Back office and support commands (never answered by `/v1`)",
}


@dataclass(frozen=True)
class ErrorCode:
    code: str
    status: int  # for a violation: the status of the refusal that carries it (422)
    when: str
    action: str
    group: str = "platform"

    @property
    def type(self) -> str:
        return error_type(self.status)


CODES: dict[str, ErrorCode] = {}


def error_type(status: int) -> str:
    if status >= 500:
        return "api_error"
    return {401: "authentication_error", 429: "rate_limit_error"}.get(status, "invalid_request_error")


def register(*codes: ErrorCode) -> None:
    for entry in codes:
        known = CODES.get(entry.code)
        if known is not None and known != entry:
            raise ValueError(f"Error code {entry.code} is registered twice, differently.")
        CODES[entry.code] = entry


def status_of(code: str, default: int) -> int:
    entry = CODES.get(code)
    return entry.status if entry is not None else default


RETRY = "Retry with the same request after `Retry-After` seconds."

register(
    ErrorCode(
        "auth_header_missing",
        401,
        "No `Authorization: Bearer` header was sent.",
        "Send `Authorization: Bearer sk_live_...` on every request.",
    ),
    ErrorCode(
        "invalid_token",
        401,
        "The key is invalid, revoked, expired or unknown.",
        "Do not retry with the same key: check the key, or ask the restaurant's owner for a new one.",
    ),
    ErrorCode(
        "plan_required",
        403,
        "The key is valid, but the restaurant's plan does not include API access.",
        "Nothing to change in the request; the restaurant must enable API access.",
    ),
    ErrorCode(
        "insufficient_scope",
        403,
        "The key lacks a scope: without `param`, the endpoint's; with `param`, the scope that one field or "
        "`expand` value needs.",
        "With `param`: drop that field and retry, or use a key carrying the scope. Without `param`: retrying "
        "changes nothing; mint a key with the scope.",
    ),
    ErrorCode(
        "bad_request",
        400,
        "The request is malformed: an unknown or misplaced field or parameter (named in `param`), a value of the "
        "wrong type or out of range, an empty PATCH, an unpublished `Service-Version`, a body that is not a JSON "
        "object or is larger than 1 MiB, a cursor the list cannot find, a code in `override` that cannot be waived.",
        "Fix the field named in `param` (the message says how); do not retry unchanged.",
    ),
    ErrorCode(
        "idempotency_key_invalid",
        400,
        "`Idempotency-Key` is missing where required, longer than 255 characters, empty, or contains control "
        "characters.",
        "Send a key of 1 to 255 printable characters, e.g. a UUID, unique per operation.",
    ),
    ErrorCode(
        "idempotency_key_reused",
        422,
        "This `Idempotency-Key` was already used with a different request (method, path, query string or body).",
        "Use a new key for a new request; resend the first request unchanged to get its answer replayed.",
    ),
    ErrorCode(
        "not_found",
        404,
        "No object of this restaurant has this id, or the URL is unknown.",
        "Check the id; an id of another restaurant, or of another kind, is never found.",
    ),
    ErrorCode(
        "method_not_allowed",
        405,
        "The path exists, but not with this HTTP method (`Allow` lists the methods it takes). No CORS: a browser "
        "preflight is refused too.",
        "Use a method listed in `Allow`, from your server.",
    ),
    ErrorCode(
        "unsupported_media_type",
        415,
        "A request body was sent without `Content-Type: application/json` (another media type, a charset other "
        "than UTF-8, or none).",
        "Send the body as JSON with `Content-Type: application/json`; a request without a body needs no type.",
    ),
    ErrorCode("forbidden", 403, "The request is not allowed.", "Nothing to retry."),
    ErrorCode(
        "rate_limited",
        429,
        "The restaurant's read or write budget (shared by all its keys) is spent; `RateLimit-Resource` says which.",
        "Wait `Retry-After` seconds, then retry; spread writes out (burst 20, 1 per second, 2,000 a day).",
    ),
    ErrorCode(
        "lock_timeout",
        429,
        "Another write of the same restaurant held its lock too long; nothing was written.",
        RETRY,
    ),
    ErrorCode(
        "api_error",
        500,
        "A fault on the service side; nothing was changed or remembered.",
        "Retry later with the same `Idempotency-Key`; if it persists, contact support with `X-Request-Id`.",
    ),
    # Answered before Django sees the request, by the proxy or gunicorn (config/ops/edge.py), in the same envelope.
    ErrorCode(
        "request_timeout",
        408,
        "The request's headers or body did not arrive within 10 seconds; nothing was read or changed.",
        "Send the whole request at once, then retry it.",
    ),
    ErrorCode(
        "length_required",
        411,
        "A body was sent without a length the server could read (chunked encoding through a server that "
        "cannot end it); nothing was read or changed.",
        "Send the body with a `Content-Length` header.",
    ),
    ErrorCode(
        "uri_too_long",
        414,
        "The request line is longer than 8,190 bytes; nothing was read or changed.",
        "Send fewer or shorter query parameters (at most 100 ids in a batch).",
    ),
    ErrorCode(
        "headers_too_large",
        431,
        "A header, or all of them together, is larger than the service reads (8,190 bytes each).",
        "Send shorter headers.",
    ),
    ErrorCode(
        "bad_gateway",
        502,
        "The node serving the request failed before it answered. A write may or may not have been applied.",
        "Retry with the same `Idempotency-Key`: it answers the first outcome, or applies the write once.",
    ),
    ErrorCode(
        "service_unavailable",
        503,
        "No node of the service could take the request (all restarting or unreachable); nothing was changed.",
        RETRY,
    ),
    ErrorCode(
        "gateway_timeout",
        504,
        "The service did not answer within 30 seconds. A write may or may not have been applied.",
        "Retry with the same `Idempotency-Key`: it answers the first outcome, or applies the write once.",
    ),
    ErrorCode(
        "upstream_error",
        502,
        "A provider the service depends on (card payments) failed or could not be reached; nothing was changed.",
        "Retry later with the same `Idempotency-Key`.",
    ),
)
