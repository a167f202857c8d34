"""The OpenAPI document, and a checker of real responses against it."""

import copy
import json
import re

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.openapi.examples import MODE, Recorder
from tests.reservations.conftest import bistro, clock  # noqa: F401  (fixtures used here)

DOCUMENT_URI = "urn:reservation-api:openapi"
# Headers whose presence on a response must be documented for that operation and status.
TRACKED_HEADERS = (
    "Service-Version",
    "X-Request-Id",
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "RateLimit-Resource",
    "Retry-After",
    "WWW-Authenticate",
    "Location",
    "Idempotent-Replayed",
    "ETag",
)


def closed(document: dict) -> dict:
    """A copy where every object schema that lists properties refuses others.

    The published document leaves response objects open (clients must tolerate new fields);
    the tests close them, so an undocumented field in a real response fails.
    """
    document = copy.deepcopy(document)

    def walk(node):
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document["components"]["schemas"])
    return document


def pointer(*parts: str) -> str:
    return "/" + "/".join(part.replace("~", "~0").replace("/", "~1") for part in parts)


class Conformance:
    """Validates real responses against the operation and status they answer."""

    def __init__(self, document: dict):
        self.document = closed(document)
        resource = Resource.from_contents(self.document, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(DOCUMENT_URI, resource)
        self.templates = [
            (re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$"), path) for path in self.document["paths"]
        ]

    def template(self, path: str) -> str:
        matches = [template for regex, template in self.templates if regex.match(path)]
        assert matches, f"{path} is not in the document"
        return min(matches, key=lambda t: t.count("{"))  # a literal segment beats a parameter

    def resolve(self, node: dict) -> dict:
        while "$ref" in node:
            node = self.registry.resolver(DOCUMENT_URI).lookup(node["$ref"]).contents
        return node

    def response_pointer(self, template: str, method: str, status: str) -> str:
        """Where a response's JSON schema is: in the operation, or in the shared response it refers to."""
        response = self.document["paths"][template][method]["responses"][status]
        if "$ref" in response:
            return pointer(*response["$ref"].removeprefix("#/").split("/"), "content", "application/json", "schema")
        return pointer("paths", template, method, "responses", status, "content", "application/json", "schema")

    def validator(self, schema_pointer: str) -> Draft202012Validator:
        return Draft202012Validator(
            {"$ref": f"{DOCUMENT_URI}#{schema_pointer}"},
            registry=self.registry,
            format_checker=Draft202012Validator.FORMAT_CHECKER,
        )

    def check(self, response):
        """Assert `response` is documented (status, headers, body); returns the parsed body."""
        path, method = response.request["PATH_INFO"], response.request["REQUEST_METHOD"].lower()
        template = self.template(path)
        operation = self.document["paths"][template].get(method)
        assert operation is not None, f"{method.upper()} {template} is not documented"
        status = str(response.status_code)
        assert status in operation["responses"], (
            f"{operation['operationId']} answered {status}, which is not documented: {response.content[:500]!r}"
        )
        spec = self.resolve(operation["responses"][status])
        headers = spec.get("headers", {})
        for name, header in headers.items():
            header = self.resolve(header)
            if header.get("required"):
                assert response.has_header(name), f"{operation['operationId']} {status} lacks the header {name}"
            if response.has_header(name):
                value = response[name]
                if header["schema"].get("type") == "integer":
                    assert re.fullmatch(r"-?\d+", value), f"{name}: {value!r} is not an integer"
                    value = int(value)
                errors = list(Draft202012Validator(header["schema"]).iter_errors(value))
                assert not errors, f"{name}: {errors[0].message}"
        for name in TRACKED_HEADERS:
            if response.has_header(name):
                assert name in headers, f"{operation['operationId']} {status} sends {name}, which is not documented"
        content = spec.get("content")
        if content is None:
            assert not response.content, f"{operation['operationId']} {status} is documented without a body"
            return None
        assert "application/json" in content
        assert response["Content-Type"].startswith("application/json")
        body = json.loads(response.content)
        schema_pointer = self.response_pointer(template, method, status)
        errors = sorted(self.validator(schema_pointer).iter_errors(body), key=lambda e: list(e.absolute_path))
        assert not errors, f"{operation['operationId']} {status} does not match its schema:\n" + "\n".join(
            f"  at {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in errors[:10]
        )
        if status.startswith(("4", "5")):
            code = body["error"]["code"]
            assert code in spec.get("x-error-codes", []), (
                f"{operation['operationId']} {status} answered `{code}`, which its description does not name"
            )
        if RECORDER is not None:
            RECORDER.record(operation["operationId"], template, response, body)
        return body

    def valid_example(self, operation_id: str, status: str, body) -> bool:
        """Whether a stored example body still matches the document (the examples' check)."""
        for template, item in self.document["paths"].items():
            for method, operation in item.items():
                if isinstance(operation, dict) and operation.get("operationId") == operation_id:
                    if status not in operation["responses"]:
                        return False
                    schema_pointer = self.response_pointer(template, method, status)
                    if next(self.validator(schema_pointer).iter_errors(body), None) is not None:
                        return False
                    if status.startswith(("4", "5")):
                        codes = self.resolve(operation["responses"][status]).get("x-error-codes", [])
                        return body.get("error", {}).get("code") in codes
                    return True
        return False


RECORDER = Recorder() if MODE else None


@pytest.fixture(scope="session", autouse=True)
def record_api_examples(document):
    """With RECORD_API_EXAMPLES set, writes the examples recorded by `Conformance.check` (examples.py)."""
    yield
    if RECORDER is not None:
        RECORDER.written = RECORDER.write(Conformance(document).valid_example)


def pytest_terminal_summary(terminalreporter):
    if RECORDER is not None and hasattr(RECORDER, "written"):
        terminalreporter.write_line(f"api examples written: {', '.join(RECORDER.written) or 'none (all current)'}")


@pytest.fixture(scope="session")
def document() -> dict:
    from config.api.openapi import openapi_document

    return openapi_document()[0]


@pytest.fixture
def conform(document):
    return Conformance(document)
