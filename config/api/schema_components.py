"""What every operation of the document shares, written once under `components` and referred to.

- `components/headers`: the response headers (`Service-Version`, `X-Request-Id`, `RateLimit-*`, ...);
- `components/responses`: the common errors (400, 401, 403, 422 `idempotency_key_reused`, 429, 500)
  of the operations that add nothing of their own to them, one response per variant (`BadRequest`,
  `Unauthorized`, `ForbiddenReservationsRead`, `RateLimitedWrite`, ...), each with its codes
  (`x-error-codes`) and the examples recorded for it by any operation, one per code. Before, each of
  the 19 operations carried its own copy of each, headers and examples included: two thirds of the
  document's bytes.

`ApiAutoSchema` (config/api/schema.py) refers to them; `add_common_components`, a postprocessing
hook, writes the ones referred to into the document.
"""

import re

from config.error_codes import CODES
from config.shapes import ref
from config.versions import LATEST_VERSION


def _header(description: str, schema: dict, required: bool = False) -> dict:
    return {"description": description, "required": required, "schema": schema}


HEADERS = {
    "Service-Version": _header(
        "The API version applied to the request (the header sent, else the key's pinned version).",
        {"type": "string", "examples": [LATEST_VERSION]},
        required=True,
    ),
    "X-Request-Id": _header(
        "Unique per request; echoes a sent `X-Request-Id` when it is 1 to 200 of `A-Za-z0-9._:-`.",
        {"type": "string"},
        required=True,
    ),
    "RateLimit-Limit": _header(
        "Burst size of the budget the request drew on. Present once the key is authenticated (not on a 401).",
        {"type": "integer"},
    ),
    "RateLimit-Remaining": _header("Requests left in the burst.", {"type": "integer", "minimum": 0}),
    "RateLimit-Reset": _header("Seconds until the bucket is full again.", {"type": "integer", "minimum": 0}),
    "RateLimit-Resource": _header(
        "The budget drawn on: `read` (all reads) or `write` (create, modify, cancel, holds).",
        {"type": "string", "enum": ["read", "write"]},
    ),
    "Retry-After": _header("Seconds to wait before retrying.", {"type": "integer", "minimum": 1}, required=True),
    "WWW-Authenticate": _header("The scheme to authenticate with: `Bearer`.", {"type": "string"}, required=True),
    "Location": _header("Path of the created object.", {"type": "string"}, required=True),
    "Idempotent-Replayed": _header(
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
RATE_LIMIT_HEADERS = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Resource")


def _component_name(header: str) -> str:
    return header.removeprefix("X-").replace("-", "")


def header_refs(status: str, *, idempotent: bool = False, conditional: bool = False) -> dict:
    """The headers a response of this status carries, as references to `components/headers`."""
    names = ["Service-Version", "X-Request-Id"]
    if status != "401":
        names += RATE_LIMIT_HEADERS
    if status == "401":
        names.append("WWW-Authenticate")
    if status == "429":
        names.append("Retry-After")
    if status == "201":
        names.append("Location")
    if idempotent and status.startswith("2"):
        names.append("Idempotent-Replayed")
    if conditional and status in ("200", "304"):
        names.append("ETag")
    return {name: ref(_component_name(name), "headers") for name in names}


# --- error codes named in a description ------------------------------------------------------

CODE_IN_TEXT = re.compile(r"`([a-z][a-z0-9_]*)`")


def codes_named(text: str) -> list[str]:
    """The top-level error codes (config.error_codes) a response description names, in order, once."""
    codes = []
    for word in CODE_IN_TEXT.findall(text):
        entry = CODES.get(word)
        if entry is not None and entry.group != "violation" and word not in codes:
            codes.append(word)
    return codes


# --- the common error responses --------------------------------------------------------------

#: name -> response object, filled as operations refer to them (the same name, the same text).
COMMON_RESPONSES: dict[str, dict] = {}


def common_response(name: str, status: str, text: str) -> dict:
    """A reference to the shared error response `name`, registering it."""
    COMMON_RESPONSES[name] = {
        "description": text,
        "content": {"application/json": {"schema": ref("Error")}},
        "headers": header_refs(status),
        "x-error-codes": codes_named(text),
    }
    return ref(name, "responses")


def referred_response(response: dict) -> str | None:
    """The name of the shared response a response refers to, if it does."""
    target = response.get("$ref", "")
    return target.rsplit("/", 1)[-1] if target.startswith("#/components/responses/") else None


def add_common_components(result: dict, generator=None, request=None, public=False, **kwargs) -> dict:
    """drf-spectacular postprocessing hook: the response headers, and the shared error responses the
    operations refer to, each with the recorded examples of its codes (the first operation's, in path
    order)."""
    from config.api.schema_examples import example_name, stored_examples

    components = result.setdefault("components", {})
    components["headers"] = {_component_name(name): header for name, header in sorted(HEADERS.items())}
    responses = {}
    for item in result.get("paths", {}).values():
        for operation in item.values():
            recorded = stored_examples(operation["operationId"]).get("responses") or {}
            for status, response in operation["responses"].items():
                name = referred_response(response)
                if name is None:
                    continue
                shared = responses.setdefault(name, _copy(COMMON_RESPONSES[name]))
                media = shared["content"]["application/json"]
                for body in recorded.get(status, []):
                    code = example_name(body)
                    if code in shared["x-error-codes"] and code not in media.get("examples", {}):
                        media.setdefault("examples", {})[code] = {"value": body}
    components["responses"] = dict(sorted(responses.items()))
    result["components"] = dict(sorted(components.items()))
    return result


def _copy(response: dict) -> dict:
    return {**response, "content": {"application/json": dict(response["content"]["application/json"])}}
