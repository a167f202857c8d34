"""The response headers and the security scheme."""

from config.api.openapi_components.enums import SCOPES
from config.api.versions import LATEST_VERSION


def _header(description: str, schema: dict, required: bool = False) -> dict:
    return {"description": description, "required": required, "schema": schema}


HEADERS = {
    "ServiceVersion": _header(
        "The API version applied to the request (the header sent, else the key's pinned version).",
        {"type": "string", "examples": [LATEST_VERSION]},
        required=True,
    ),
    "RequestId": _header(
        "Unique per request; echoes a sent `X-Request-Id` when it is 1 to 200 of `A-Za-z0-9._:-`.",
        {"type": "string"},
        required=True,
    ),
    "RateLimitLimit": _header(
        "Burst size of the budget the request drew on. Present once the key is authenticated (not on a 401).",
        {"type": "integer"},
    ),
    "RateLimitRemaining": _header("Requests left in the burst.", {"type": "integer", "minimum": 0}),
    "RateLimitReset": _header("Seconds until the bucket is full again.", {"type": "integer", "minimum": 0}),
    "RateLimitResource": _header(
        "The budget drawn on: `read` (all reads) or `write` (create, modify, cancel, holds).",
        {"type": "string", "enum": ["read", "write"]},
    ),
    "RetryAfter": _header("Seconds to wait before retrying.", {"type": "integer", "minimum": 1}, required=True),
    "WWWAuthenticate": _header("The scheme to authenticate with: `Bearer`.", {"type": "string"}, required=True),
    "Location": _header("Path of the created object.", {"type": "string"}, required=True),
    "IdempotentReplayed": _header(
        "`true` when this is the stored response of an earlier request with the same `Idempotency-Key`; "
        "absent on a first execution.",
        {"type": "string", "enum": ["true"]},
    ),
    "ETag": _header(
        "Strong validator of the body; send it back in `If-None-Match` to revalidate.",
        {"type": "string"},
        required=True,
    ),
}

_SCOPE_LIST = ", ".join(f"`{scope}`" for scope in SCOPES)

# Registered by the authentication extension in config/api/schema.py, not through COMPONENTS.
SECURITY_SCHEMES = {
    "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "sk_live_...",
        "description": (
            "`Authorization: Bearer <API_KEY>`. A key belongs to one restaurant, is secret and server-side only. "
            "The roles listed on an operation's security requirement are the scope the key must carry "
            f"({_SCOPE_LIST})."
        ),
    }
}
