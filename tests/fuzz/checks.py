"""What counts as a failure of the fuzz run (tests/fuzz/hooks.py), beyond schemathesis's own checks.

- **Closed response objects** (`before_load_schema`): a field the document does not list in a
  response fails `response_schema_conformance`, as in tests/openapi.
- **The error envelope check** (`error_envelope`): every 4xx and 5xx is the envelope of the
  contract, with the `type` of its status, `doc_url` naming its code, `Allow` on 405,
  `WWW-Authenticate` on 401, `Retry-After` on 429.
- **Refusals that depend on data, not on the request's shape** (`filter_failure`): a cursor that
  is well-formed but not in the list (400), an availability `section_id` the restaurant does not
  have (400), slot fields beside a `hold_id` that differ from the hold's (400); and an integer
  sent as `2.0`, which JSON Schema reads as 2 and the service refuses. The document says so in
  words; no schema can. Only these, and only as "valid request rejected", are dropped; each is
  counted in the statistics.
"""

import re

import schemathesis
from schemathesis.core.failures import Failure

from tests.fuzz.run import STATS, _lock

TYPE_BY_STATUS = {401: "authentication_error", 429: "rate_limit_error"}


# --- the document ----------------------------------------------------------------------------


@schemathesis.hook
def before_load_schema(context, raw_schema):
    """Response objects closed to undocumented fields, as in tests/openapi: the published document
    leaves them open (clients must tolerate new fields), the fuzzer holds the service to every field
    it sends being documented. Request schemas (`...Request`) are closed already where they should be."""

    def close(node):
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for value in node.values():
                close(value)
        elif isinstance(node, list):
            for value in node:
                close(value)

    for name, schema in raw_schema.get("components", {}).get("schemas", {}).items():
        if not name.endswith("Request"):
            close(schema)


# --- the error envelope ---------------------------------------------------------------------------


@schemathesis.check
def error_envelope(ctx, response, case):
    """Every 4xx and 5xx is `{"error": {type, code, message, param?, doc_url, violations?}}`, with the
    type of its status, and the headers its status calls for."""
    status = response.status_code
    if status < 400:
        return None
    content_type = (response.headers.get("content-type") or [""])[0]
    if not content_type.startswith("application/json"):
        raise AssertionError(f"{status} answered with Content-Type {content_type!r}, not JSON")
    try:
        body = response.json()
    except Exception:
        raise AssertionError(f"{status} answered a body that is not JSON") from None
    if not isinstance(body, dict) or set(body) != {"error"} or not isinstance(body["error"], dict):
        raise AssertionError(f"{status} is not the error envelope: {str(body)[:200]}")
    error = body["error"]
    for name in ("type", "code", "message", "doc_url"):
        if not isinstance(error.get(name), str) or not error[name]:
            raise AssertionError(f"{status}: `error.{name}` is missing or not a string")
    expected = "api_error" if status >= 500 else TYPE_BY_STATUS.get(status, "invalid_request_error")
    if error["type"] != expected:
        raise AssertionError(f"{status}: `error.type` is {error['type']!r}, expected {expected!r}")
    if not error["doc_url"].endswith(f"#{error['code']}"):
        raise AssertionError(f"{status}: `doc_url` {error['doc_url']!r} does not name the code {error['code']!r}")
    if "param" in error and (not isinstance(error["param"], str) or not error["param"]):
        raise AssertionError(f"{status}: `param` is present but not a non-empty string")
    if ("violations" in error) != (error["code"] == "booking_rules_violated"):
        raise AssertionError(f"{status}: `violations` must come with `booking_rules_violated` and only with it")
    unexpected = set(error) - {"type", "code", "message", "param", "doc_url", "violations"}
    if unexpected:
        raise AssertionError(f"{status}: unexpected fields in the error: {sorted(unexpected)}")
    # The codes a documented error response names (`x-error-codes`, config/api/schema.py) are its codes.
    raw = getattr(getattr(case.operation, "definition", None), "raw", None) or {}
    spec = raw.get("responses", {}).get(str(status)) or {}
    if "$ref" in spec:  # a shared error response (components/responses)
        spec = case.operation.schema.raw_schema["components"]["responses"][spec["$ref"].rsplit("/", 1)[-1]]
    documented = spec.get("x-error-codes")
    if documented is not None and error["code"] not in documented:
        raise AssertionError(f"{status} `{error['code']}` is not among the codes the document lists: {documented}")
    required_header = {401: "www-authenticate", 405: "allow", 429: "retry-after"}.get(status)
    if required_header and not response.headers.get(required_header):
        raise AssertionError(f"{status} without the header {required_header}")
    return None


# --- refusals the document states in words --------------------------------------------------------

# (operation, param) -> what the 400 means; a positive case refused this way is not a surprise.
DATA_DEPENDENT_REFUSALS = {
    ("GET /v1/reservations", "starting_after"): "cursor not in the list",
    ("GET /v1/reservations", "ending_before"): "cursor not in the list",
    ("GET /v1/holds", "starting_after"): "cursor not in the list",
    ("GET /v1/holds", "ending_before"): "cursor not in the list",
    ("GET /v1/guests", "starting_after"): "cursor not in the list",
    ("GET /v1/guests", "ending_before"): "cursor not in the list",
    ("GET /v1/waitlist-entries", "starting_after"): "cursor not in the list",
    ("GET /v1/waitlist-entries", "ending_before"): "cursor not in the list",
    ("GET /v1/reservations/{reservation_id}/events", "starting_after"): "cursor not in the list",
    ("GET /v1/reservations/{reservation_id}/events", "ending_before"): "cursor not in the list",
    ("GET /v1/availability", "section_id"): "no such section",
    ("POST /v1/reservations", "service_date"): "differs from the hold's",
    ("POST /v1/reservations", "start_time"): "differs from the hold's",
    ("POST /v1/reservations", "party_size"): "differs from the hold's",
}
MESSAGE_MARKS = {
    "cursor not in the list": "in this list",
    "no such section": "section",
    "differs from the hold's": "hold",
}


def _sent(body, param: str):
    """The value a body field named as in `param` (`guarantee_request[amount]`) was sent with."""
    value = body
    for name in re.findall(r"[^\[\]]+", param):
        if not isinstance(value, dict) or name not in value:
            return None
        value = value[name]
    return value


@schemathesis.hook
def filter_failure(context, failure: Failure, case, response) -> bool:
    if failure.code != "ST202" or response.status_code != 400:
        return True
    try:
        error = response.json()["error"]
    except Exception:
        return True
    operation = f"{case.operation.method.upper()} {case.operation.path}"
    # JSON Schema reads `2.0` as the integer 2; the service takes an integer written as one only
    # (docs/api-decisions.md). A float sent where the document says integer is no surprise.
    if isinstance(_sent(case.body, error.get("param") or ""), float):
        with _lock:
            STATS.tolerated[f"{operation} {error['param']}: an integer written with a fraction"] += 1
        return False
    meaning = DATA_DEPENDENT_REFUSALS.get((operation, error.get("param")))
    if meaning is None or MESSAGE_MARKS[meaning] not in error.get("message", ""):
        return True
    with _lock:
        STATS.tolerated[f"{operation} {error['param']}: {meaning}"] += 1
    return False
