"""The document says what the service takes: an input the document calls valid is not refused
with a 400, and one it calls invalid is (no 5xx either way).

Each row is an input the fuzzer (tests/fuzz, docs/fuzzing.md) found on which the two disagreed:
the document judged by its own schemas (Draft 2020-12, formats checked), the service by its
answer through the API client.
"""

import json
import re

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.reservations.conftest import DAY, booking_body

URI = "urn:reservation-api:openapi"
LONG_ID = "resv_" + "a" * 59  # 64 characters, the longest id the document allows


class Document:
    def __init__(self, document: dict):
        self.document = document
        self.registry = Registry().with_resource(
            URI, Resource.from_contents(document, default_specification=DRAFT202012)
        )

    def valid(self, schema: dict, value) -> bool:
        validator = Draft202012Validator(
            schema, registry=self.registry, format_checker=Draft202012Validator.FORMAT_CHECKER
        )
        return validator.is_valid(value)

    def operation(self, method: str, path: str) -> dict:
        return self.document["paths"][path][method]

    def accepts_query(self, method: str, path: str, query: dict) -> bool:
        parameters = {p["name"]: p for p in self.operation(method, path)["parameters"] if p["in"] == "query"}
        for name, text in query.items():
            schema = parameters[name]["schema"]
            value = text
            if schema.get("type") == "integer":
                value = int(text) if re.fullmatch(r"-?[0-9]+", text) else text
            if not self.valid(schema, value):
                return False
        return True

    def accepts_body(self, method: str, path: str, body: dict) -> bool:
        schema = self.operation(method, path)["requestBody"]["content"]["application/json"]["schema"]
        return self.valid({"$ref": f"{URI}#{schema['$ref'][1:]}"}, body)


@pytest.fixture
def doc(document):
    return Document(document)


def agree(doc, method, path, response, *, query=None, body=None) -> None:
    """The document's verdict on the request equals the service's."""
    valid = doc.accepts_query(method, path, query) if query is not None else doc.accepts_body(method, path, body)
    assert response.status_code < 500, response.content[:300]
    refused = response.status_code == 400
    assert valid != refused, (
        f"the document calls it {'valid' if valid else 'invalid'}, the service answered {response.status_code}: "
        f"{response.content[:300]!r}"
    )


@pytest.mark.parametrize(
    "path, query, valid",
    [
        # Dates before 1900 or after 9998: the document states the service's range.
        ("/v1/availability", {"service_date": "1899-12-31", "party_size": "2"}, False),
        ("/v1/availability", {"service_date": "9999-01-01", "party_size": "2"}, False),
        ("/v1/availability", {"service_date": "1900-01-01", "party_size": "2"}, True),
        ("/v1/availability/months", {"month": "0000-01"}, False),
        ("/v1/availability/months", {"month": "0"}, False),
        ("/v1/availability/months", {"month": "9998-12"}, True),
        ("/v1/holds", {"date": "0887-01-05"}, False),
        ("/v1/reservations", {"date[gte]": "0505-02-24"}, False),
        ("/v1/reservations", {"updated_since": "9999-01-01T00:00:00Z"}, False),
        # Digits of other scripts are not ASCII digits (Python's `\d` and `int()` took them).
        ("/v1/availability", {"service_date": DAY, "party_size": "\u0662"}, False),
        ("/v1/availability", {"service_date": "\u0662\u0660\u0662\u0666-12-05", "party_size": "2"}, False),
        # A limit of any size is lowered to 100, as the contract says (13 digits were a 400).
        ("/v1/reservations", {"limit": "1662795709821"}, True),
        ("/v1/holds", {"limit": "9" * 40}, True),
        # RFC 3339 offsets up to 23:59 (PostgreSQL holds 15:59: this was a 500) and a lower-case `t`.
        ("/v1/reservations", {"updated_since": "2026-12-01T10:00:00+23:25"}, True),
        ("/v1/reservations", {"updated_since": "2026-12-01t10:00:00z"}, True),
        # A cursor is an id of the list's kind, never empty.
        ("/v1/reservations", {"starting_after": ""}, False),
        ("/v1/holds", {"ending_before": "resv_abc"}, False),
    ],
)
def test_query_strings(doc, api, bistro, path, query, valid):
    response = api.get(path, query)
    agree(doc, "get", path, response, query=query)
    assert doc.accepts_query("get", path, query) is valid


def test_an_id_list_of_the_longest_ids(doc, api, bistro):
    query = {"id": ",".join([LONG_ID] * 100)}
    response = api.get("/v1/reservations", query)
    assert response.status_code == 200
    schema = doc.operation("get", "/v1/reservations")["parameters"]
    [id_param] = [p for p in schema if p["name"] == "id"]
    assert doc.valid(id_param["schema"], [LONG_ID] * 100)


@pytest.mark.parametrize(
    "method, path, body, param",
    [
        ("post", "/v1/holds", {"service_date": DAY, "start_time": "19:30", "party_size": 2.0}, "party_size"),
        ("post", "/v1/reservations", {**booking_body(), "party_size": 3.0}, "party_size"),
        ("patch", "/v1/reservations/{reservation_id}", {"party_size": 4.0}, "party_size"),
        (
            "patch",
            "/v1/reservations/{reservation_id}",
            {"guarantee_request": {"deadline_hours": 48.0}},
            "guarantee_request[deadline_hours]",
        ),
    ],
)
def test_an_integer_written_with_a_fraction_is_the_one_disagreement(doc, api, bistro, method, path, body, param):
    """JSON Schema reads `2.0` as the integer 2, so the document cannot refuse it; the service does
    (a count is written as an integer), with the 400 of any other wrong type (docs/api-decisions.md)."""
    assert doc.accepts_body(method, path, body)
    sent = path
    if "{reservation_id}" in path:
        created = api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="c")
        sent = path.replace("{reservation_id}", created.json()["id"])
    send = api.post if method == "post" else api.patch
    response = send(sent, json.dumps(body), content_type="application/json", HTTP_IDEMPOTENCY_KEY="k")
    assert response.status_code == 400
    assert response.json()["error"]["param"] == param


def _hold(api) -> dict:
    response = api.post(
        "/v1/holds", {"service_date": DAY, "start_time": "19:30", "party_size": 2}, HTTP_IDEMPOTENCY_KEY="h-1"
    )
    assert response.status_code == 201, response.content
    return response.json()


@pytest.mark.parametrize(
    "body, valid",
    [
        ({"service_date": "0126-10-12", "start_time": "19:30", "party_size": 2}, False),
        ({"service_date": DAY, "start_time": "19:30", "party_size": 2, "expires_at": "0498-10-08T20:29:16Z"}, False),
        (
            {"service_date": DAY, "start_time": "19:30", "party_size": 2, "expires_at": "2026-12-01T10:20:00+23:59"},
            True,
        ),
        # `override` names each code once.
        ({"service_date": DAY, "start_time": "19:30", "party_size": 2, "override": ["cutoff_passed"] * 2}, False),
        ({"service_date": DAY, "start_time": "19:30", "party_size": 2, "metadata": {"k": "a\x00b"}}, False),
        ({"service_date": DAY, "start_time": "19:30", "party_size": 2, "metadata": {"k\x00": "ab"}}, False),
    ],
)
def test_hold_bodies(doc, api, bistro, body, valid):
    response = api.post("/v1/holds", json.dumps(body), content_type="application/json", HTTP_IDEMPOTENCY_KEY="k")
    agree(doc, "post", "/v1/holds", response, body=body)
    assert doc.accepts_body("post", "/v1/holds", body) is valid


GUEST = {"first_name": "Alice"}


@pytest.mark.parametrize(
    "body, valid",
    [
        # A guest or its id; null is not one.
        ({"service_date": DAY, "start_time": "19:30", "party_size": 2, "guest": None}, False),
        ({"service_date": DAY, "start_time": "19:30", "party_size": 2, "guest": GUEST, "guest_id": None}, True),
        ({"service_date": DAY, "start_time": None, "party_size": 2, "guest": GUEST}, False),
        # A name that is only whitespace (as Python's strip() sees it: U+001C is whitespace to it) is none.
        ({**booking_body(), "guest": {"first_name": "\x1c", "last_name": " \u3000"}}, False),
        ({**booking_body(), "guest": {"first_name": None, "last_name": "Martin"}}, True),
        # An e-mail address contains `@`; blank is none.
        ({**booking_body(), "guest": {"first_name": "Alice", "email": "alice.example.com"}}, False),
        ({**booking_body(), "guest": {"first_name": "Alice", "email": "  "}}, True),
        # No NUL in text; an empty text is fine.
        ({**booking_body(), "guest_notes": "a\x00b"}, False),
        ({**booking_body(), "guest_notes": ""}, True),
        # A guest's name, phone and e-mail are one line each (issue 33); notes may hold several.
        ({**booking_body(), "guest": {"first_name": "Ana\r\nBcc: x@example.com"}}, False),
        ({**booking_body(), "guest": {"first_name": "Ana", "phone": "06\t12"}}, False),
        ({**booking_body(), "guest": {"first_name": "Ana", "email": "a@b.fr\u2028"}}, False),
        ({**booking_body(), "guest_notes": "Window\nHigh chair"}, True),
    ],
)
def test_reservation_bodies(doc, api, bistro, body, valid):
    response = api.post("/v1/reservations", json.dumps(body), content_type="application/json", HTTP_IDEMPOTENCY_KEY="k")
    agree(doc, "post", "/v1/reservations", response, body=body)
    assert doc.accepts_body("post", "/v1/reservations", body) is valid


@pytest.mark.parametrize(
    "extra, valid",
    [
        ({}, True),
        ({"section_id": "sec_abc"}, False),  # the hold fixed the section
        ({"entire_section_id": "sec_abc"}, False),
        ({"excluded_from_shift_limits": True}, False),
        ({"excluded_from_shift_limits": False}, True),
    ],
)
def test_conversion_bodies(doc, api, bistro, extra, valid):
    hold = _hold(api)
    body = {"hold_id": hold["id"], "guest": GUEST, **extra}
    response = api.post("/v1/reservations", json.dumps(body), content_type="application/json", HTTP_IDEMPOTENCY_KEY="k")
    agree(doc, "post", "/v1/reservations", response, body=body)
    assert doc.accepts_body("post", "/v1/reservations", body) is valid


@pytest.mark.parametrize(
    "body, valid",
    [
        ({"service_date": "9999-12-31"}, False),
    ],
)
def test_modify_bodies(doc, api, bistro, body, valid):
    created = api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="c")
    assert created.status_code == 201, created.content
    path = f"/v1/reservations/{created.json()['id']}"
    response = api.patch(path, json.dumps(body), content_type="application/json")
    agree(doc, "patch", "/v1/reservations/{reservation_id}", response, body=body)
    assert doc.accepts_body("patch", "/v1/reservations/{reservation_id}", body) is valid
