"""Recording the document's examples from real responses (`make api-examples`).

The conformance tests (tests/openapi/test_conformance.py) make real requests through the API
and check each answer with `Conformance.check`. With `RECORD_API_EXAMPLES` set, the checker
also hands every answer it validated to the `Recorder`, which keeps, per operation, the first
accepted request and one body per status and error code. At the end of the session they are
written to `docs/api-examples/<operationId>.json`, which `config.api.schema` puts into the
document (request and response samples of the reference page).

- `RECORD_API_EXAMPLES=missing` (what `make api-examples` runs): a stored example that still
  matches the document is kept; what is missing or no longer valid is recorded.
- `RECORD_API_EXAMPLES=all`: every example is recorded anew.

tests/openapi/test_examples.py fails when an operation has no example or a stored example no
longer matches the document.
"""

import json
import os
import re

from config.api.schema_examples import example_name, examples_dir

MODE = os.environ.get("RECORD_API_EXAMPLES", "")
# Request headers worth showing (never Authorization).
SHOWN_HEADERS = {"HTTP_IDEMPOTENCY_KEY": "Idempotency-Key"}


def request_of(response, template: str) -> dict:
    """The request that produced a Django test client response, as an example shows it."""
    request = response.wsgi_request
    names = re.findall(r"\{([^}]+)\}", template)
    pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "([^/]+)", re.escape(template)) + "$"
    values = re.match(pattern, request.path).groups() if names else ()
    try:
        raw = request.body
    except Exception:  # a stream read without caching: no body to show
        raw = b""
    body = json.loads(raw) if raw else None
    return {
        "method": request.method,
        "path": request.get_full_path(),
        "path_params": dict(zip(names, values, strict=True)),
        "query": {key: request.GET[key] for key in request.GET},
        "headers": {shown: request.META[meta] for meta, shown in SHOWN_HEADERS.items() if meta in request.META},
        "body": body,
    }


def richness(request: dict) -> int:
    """How much of the operation a request shows: the values it sends."""

    def leaves(node) -> int:
        if isinstance(node, dict):
            return sum(leaves(value) for value in node.values())
        if isinstance(node, list):
            return sum(leaves(value) for value in node) or 1
        return 1

    return leaves(request["body"] or {}) + len(request["query"])


class Recorder:
    def __init__(self):
        self.found: dict[str, dict] = {}

    def record(self, operation_id: str, template: str, response, body) -> None:
        if body is None or response.status_code == 304:
            return
        entry = self.found.setdefault(operation_id, {"request": None, "responses": {}, "richness": -1})
        status = str(response.status_code)
        if status.startswith("2"):
            # The success shown answers the request shown: the accepted request using the most fields.
            request = request_of(response, template)
            if not response.has_header("Idempotent-Replayed") and richness(request) > entry["richness"]:
                entry["request"], entry["richness"] = request, richness(request)
                entry["responses"] = {s: b for s, b in entry["responses"].items() if not s.startswith("2")}
                entry["responses"][status] = [body]
            return
        bodies = entry["responses"].setdefault(status, [])
        if example_name(body) not in {example_name(b) for b in bodies}:
            bodies.append(body)

    def write(self, valid) -> list[str]:
        """Writes what was recorded; `valid(operation_id, status, body)` says whether a stored body still
        matches the document. Returns the files written."""
        written = []
        directory = examples_dir()
        directory.mkdir(parents=True, exist_ok=True)
        for operation_id, found in sorted(self.found.items()):
            if found["request"] is None:
                continue
            path = directory / f"{operation_id}.json"
            stored = json.loads(path.read_text(encoding="utf-8")) if path.exists() and MODE != "all" else {}
            merged = self.merge(operation_id, stored, found, valid)
            if merged != stored:
                path.write_text(json.dumps(merged, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
                written.append(path.name)
        return written

    @staticmethod
    def merge(operation_id: str, stored: dict, found: dict, valid) -> dict:
        responses = {}
        stored_ok = bool(stored.get("request")) and all(
            valid(operation_id, status, body)
            for status, bodies in stored.get("responses", {}).items()
            for body in bodies
        )
        if stored_ok:
            request = stored["request"]
            responses = {status: list(bodies) for status, bodies in stored["responses"].items()}
        else:
            request = found["request"]
        for status, bodies in found["responses"].items():
            kept = responses.setdefault(status, [])
            if status.startswith("2") and kept:
                continue
            names = {example_name(body) for body in kept}
            for body in bodies:
                if example_name(body) not in names:
                    kept.append(body)
                    names.add(example_name(body))
        return {"request": request, "responses": dict(sorted(responses.items()))}
