"""The document's examples: real requests and answers of the service, recorded by `make api-examples`.

Stored in `docs/api-examples/<operationId>.json` (tests/openapi/examples.py writes them); `add_examples`
puts them into the operation: the request's parameters and body, one response example per status and
code. A common error response is shared by the operations (config/api/schema_components.py): its
examples are added there, once per code, not into each operation.
"""

import json
import re
from pathlib import Path

from django.conf import settings


def examples_dir() -> Path:
    return Path(settings.BASE_DIR) / "docs" / "api-examples"


def stored_examples(operation_id: str) -> dict:
    """The recorded example of an operation, `docs/api-examples/<operationId>.json` ({} when none).

    Recorded from real responses of the service by `make api-examples` (tests/openapi/examples.py):
    `{"request": {"method", "path", "query", "headers", "body"}, "responses": {status: [body, ...]}}`.
    """
    path = examples_dir() / f"{operation_id}.json"
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def example_name(body) -> str:
    """An error example is named by its code, a success by the object it answers."""
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        return body["error"].get("code") or "error"
    if isinstance(body, dict) and isinstance(body.get("object"), str):
        return body["object"]
    return "example"


_NO_VALUE = object()


def typed_value(text: str, schema: dict):
    """A parameter's recorded value (the text of the query string or header) as its schema types it: an
    integer, a boolean, a comma-separated array (`style: form`, not exploded). An example must match its
    parameter's schema, not the wire text (`party_size=2` is the integer 2)."""
    kind = schema.get("type")
    if kind == "integer":
        return int(text) if re.fullmatch(r"-?\d+", text) else _NO_VALUE
    if kind == "number":
        try:
            return float(text)
        except ValueError:
            return _NO_VALUE
    if kind == "boolean":
        return {"true": True, "false": False}.get(text.lower(), _NO_VALUE)
    if kind == "array":
        items = [typed_value(part, schema.get("items") or {}) for part in text.split(",")]
        return _NO_VALUE if _NO_VALUE in items else items
    return text


def add_examples(operation: dict, recorded: dict) -> None:
    """Puts a recorded request and its responses into the operation (Redoc shows them as samples). A
    response that refers to a shared one gets its examples there (`add_common_components`)."""
    request = recorded.get("request") or {}
    values = {**(request.get("query") or {}), **(request.get("path_params") or {}), **(request.get("headers") or {})}
    for parameter in operation.get("parameters", []):
        if parameter.get("name") in values:
            value = typed_value(str(values[parameter["name"]]), parameter.get("schema") or {})
            if value is not _NO_VALUE:
                parameter["examples"] = {"recorded": {"value": value}}
    body = request.get("body")
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content is not None and body is not None:
        content["examples"] = {"recorded": {"summary": "A request the service accepted", "value": body}}
    for status, bodies in (recorded.get("responses") or {}).items():
        media = operation["responses"].get(status, {}).get("content", {}).get("application/json")
        if media is None:
            continue
        media["examples"] = {example_name(item): {"value": item} for item in bodies}
