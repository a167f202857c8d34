"""The document's examples (docs/api-examples/, recorded from real responses by `make api-examples`)
exist for every operation and still match the document."""

import json

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from config.api.schema_examples import examples_dir
from config.error_codes import CODES
from tests.openapi.conftest import DOCUMENT_URI, Conformance
from tests.openapi.test_document import operations, response

REMEDY = "run `make api-examples` (records them from real responses, docs/design.md)"


def stored() -> dict[str, dict]:
    return {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in examples_dir().glob("*.json")}


def test_every_operation_has_a_recorded_request_and_success(document):
    examples = stored()
    for _path, method, operation in operations(document):
        operation_id = operation["operationId"]
        assert operation_id in examples, f"{operation_id} has no example: {REMEDY}"
        example = examples[operation_id]
        request = example["request"]
        assert request["method"].lower() == method, operation_id
        assert any(status.startswith("2") for status in example["responses"]), f"{operation_id}: no success shown"
        if "requestBody" in operation:
            assert request["body"], f"{operation_id}: no request body shown"
    orphans = set(examples) - {op["operationId"] for _, _, op in operations(document)}
    assert not orphans, f"examples of operations that no longer exist: {sorted(orphans)}"


def test_stored_examples_still_match_the_document(document):
    conformance = Conformance(document)
    for operation_id, example in stored().items():
        for status, bodies in example["responses"].items():
            for body in bodies:
                assert conformance.valid_example(operation_id, status, body), (
                    f"{operation_id} {status} example no longer matches the document: {REMEDY}"
                )


def test_recorded_requests_are_valid_requests(document):
    examples = stored()
    for path, _method, operation in operations(document):
        request = examples[operation["operationId"]]["request"]
        assert request["path"].split("?")[0] == path.format(**request["path_params"])
        query = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
        assert set(request["query"]) <= query, operation["operationId"]
        if request["body"] is not None:
            schema = operation["requestBody"]["content"]["application/json"]["schema"]
            validator = Draft202012Validator(
                {**schema, "components": document["components"]},
                format_checker=Draft202012Validator.FORMAT_CHECKER,
            )
            # The body schema refers to "#/components/...": resolve against the document's components.
            errors = list(validator.iter_errors(request["body"]))
            assert not errors, (operation["operationId"], errors[0].message)


def test_the_document_carries_the_examples_and_lists_each_error_responses_codes(document):
    for _path, _method, operation in operations(document):
        responses = operation["responses"]
        success = next(status for status in responses if status.startswith("2"))
        assert responses[success]["content"]["application/json"]["examples"], operation["operationId"]
        if "requestBody" in operation:
            assert operation["requestBody"]["content"]["application/json"]["examples"]
        for status in responses:
            if status.startswith(("4", "5")):
                found = response(document, operation, status)
                assert found["x-error-codes"], (operation["operationId"], status)
                for code in found["x-error-codes"]:
                    assert CODES[code].status == int(status), (operation["operationId"], status, code)
                for name in found["content"]["application/json"].get("examples", {}):
                    assert name in found["x-error-codes"], (operation["operationId"], status, name)


def absolute(schema):
    """A schema of the document whose `#/components/...` references name the document (Conformance's registry)."""
    if isinstance(schema, dict):
        return {
            key: f"{DOCUMENT_URI}{value}" if key == "$ref" and value.startswith("#") else absolute(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [absolute(value) for value in schema]
    return schema


def test_every_example_in_the_document_matches_its_schema(document):
    """Parameters, request bodies and responses (the shared ones too): an example is a value of its schema
    (`party_size=2` is the integer 2, `expand=guest` the array `["guest"]`), as the linters require."""
    # The published document (its objects open), not the closed copy the conformance checks use.
    registry = Registry().with_resource(
        DOCUMENT_URI, Resource.from_contents(document, default_specification=DRAFT202012)
    )
    places = []
    for path, method, operation in operations(document):
        for parameter in operation.get("parameters", []):
            places.append(((path, method, parameter["name"]), parameter))
        for media in operation.get("requestBody", {}).get("content", {}).values():
            places.append(((path, method, "body"), media))
        for status, found in operation["responses"].items():
            for media in found.get("content", {}).values():
                places.append(((path, method, status), media))
    for name, found in document["components"].get("responses", {}).items():
        for media in found.get("content", {}).values():
            places.append((("components/responses", name), media))
    checked = 0
    for where, holder in places:
        validator = Draft202012Validator(
            absolute(holder["schema"]),
            registry=registry,
            format_checker=Draft202012Validator.FORMAT_CHECKER,
        )
        for example_id, example in holder.get("examples", {}).items():
            errors = [error.message for error in validator.iter_errors(example["value"])]
            assert not errors, (where, example_id, errors[:3])
            checked += 1
    assert checked > 60
