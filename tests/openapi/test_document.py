"""The OpenAPI document: valid, complete against the URL conf, generated without warnings, public."""

import json
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from config.api.views import ApiViewSet

OPERATION_IDS = {
    ("/v1/ping", "get"): "ping",
    ("/v1/configuration", "get"): "configuration_retrieve",
    ("/v1/sections", "get"): "sections_list",
    ("/v1/availability", "get"): "availability_retrieve",
    ("/v1/availability/months", "get"): "availability_months_retrieve",
    ("/v1/holds", "get"): "holds_list",
    ("/v1/holds", "post"): "holds_create",
    ("/v1/holds/{hold_id}", "get"): "holds_retrieve",
    ("/v1/holds/{hold_id}", "delete"): "holds_release",
    ("/v1/reservations", "get"): "reservations_list",
    ("/v1/reservations", "post"): "reservations_create",
    ("/v1/reservations/{reservation_id}", "get"): "reservations_retrieve",
    ("/v1/reservations/{reservation_id}", "patch"): "reservations_partial_update",
    ("/v1/reservations/{reservation_id}/cancel", "post"): "reservations_cancel",
    ("/v1/reservations/{reservation_id}/events", "get"): "reservations_events_list",
    ("/v1/waitlist-entries", "get"): "waitlist_entries_list",
    ("/v1/waitlist-entries/{waitlist_entry_id}", "get"): "waitlist_entries_retrieve",
    ("/v1/guests", "get"): "guests_list",
    ("/v1/guests/{guest_id}", "get"): "guests_retrieve",
}
HTTP_METHODS = ("get", "post", "put", "patch", "delete")


def v1_routes():
    """(path template, view class, {method: action}) of every route under /v1 in config.urls."""
    routes = []

    def walk(patterns, prefix):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern) and route.startswith("v1/"):
                template = "/" + re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", route).replace("^", "").replace("$", "")
                view = getattr(pattern.callback, "cls", None)
                if view is None:  # a plain view: the /v1 index of the docs, outside the document
                    routes.append((template, None, {}))
                    continue
                actions = getattr(pattern.callback, "actions", None) or {m: m for m in HTTP_METHODS if hasattr(view, m)}
                routes.append((template, view, actions))

    walk(get_resolver("config.urls").url_patterns, "")
    return routes


def action_view(view_class, action: str):
    """An instance of the viewset as it serves `action` (what drf-spectacular documents)."""
    view = view_class()
    view.action = action
    return view


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in HTTP_METHODS:
                yield path, method, operation


def response(document, operation, status: str) -> dict:
    """An operation's response, or the shared one (components/responses) it refers to."""
    found = operation["responses"][status]
    if "$ref" in found:
        return document["components"]["responses"][found["$ref"].rsplit("/", 1)[-1]]
    return found


def test_the_document_is_a_valid_openapi_3_1_document(document):
    assert document["openapi"] == "3.1.0"
    assert document["info"]["version"] == "2026-06-27"
    validate(document)


def test_every_component_schema_is_valid_json_schema_2020_12(document):
    for _name, schema in document["components"]["schemas"].items():
        Draft202012Validator.check_schema(schema)


def test_every_reference_resolves(document):
    refs = set()

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                refs.add(node["$ref"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    for ref in refs:
        assert ref.startswith("#/components/"), ref
        _, _, kind, name = ref.split("/")
        assert name in document["components"].get(kind, {}), f"{ref} does not resolve"


def test_generation_emits_no_warning_nor_error():
    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        SchemaGenerator().get_schema(request=None, public=True)
    assert not GENERATOR_STATS._warn_cache, dict(GENERATOR_STATS._warn_cache)
    assert not GENERATOR_STATS._error_cache, dict(GENERATOR_STATS._error_cache)


def test_every_v1_route_is_documented_with_every_method_its_view_implements(document):
    routes = v1_routes()
    assert len(routes) >= 10
    for template, view, actions in routes:
        if template == "/v1/openapi.json" or view is None:
            assert template not in document["paths"]
            continue
        methods = {m for m in actions if m in HTTP_METHODS}
        assert methods, template
        documented = {m for m in document["paths"].get(template, {}) if m in HTTP_METHODS}
        assert documented == methods, f"{template}: view implements {sorted(methods)}, documented {sorted(documented)}"
    assert set(document["paths"]) == {t for t, view, _ in routes if t != "/v1/openapi.json" and view is not None}


def test_operation_ids_are_stable_and_every_operation_is_tagged_and_secured(document):
    found = {(path, method): op["operationId"] for path, method, op in operations(document)}
    # Published ids never change (generated clients name their functions after them); a new operation
    # gets `<resource>_<action>` (config.api.schema.ApiAutoSchema.get_operation_id) and joins the table.
    assert {key: found.get(key) for key in OPERATION_IDS} == OPERATION_IDS
    assert set(found) == set(OPERATION_IDS), f"pin the new operations' ids: {sorted(set(found) - set(OPERATION_IDS))}"
    for operation_id in found.values():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", operation_id), operation_id
    assert len(set(found.values())) == len(found)
    tags = {tag["name"] for tag in document["tags"]}
    for path, method, operation in operations(document):
        assert operation["tags"] and set(operation["tags"]) <= tags, (path, method)
        assert operation["summary"] and operation["description"], (path, method)
        assert operation["security"], (path, method)
        assert operation["security"] == [{"bearerAuth": []}], (path, method)
    assert document["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"


def test_each_operation_requires_the_scope_its_view_demands(document):
    for template, view, actions in v1_routes():
        if view is None or not issubclass(view, ApiViewSet):
            continue
        for method in document["paths"].get(template, {}):
            scope = action_view(view, actions[method]).required_scope()
            scopes = document["paths"][template][method]["x-required-scopes"]
            assert scopes == ([scope] if scope else []), (template, method)


def test_query_parameters_are_exactly_the_ones_each_view_accepts(document):
    for template, view, actions in v1_routes():
        if view is None or not issubclass(view, ApiViewSet):
            continue
        for method, operation in document["paths"].get(template, {}).items():
            action = actions[method]
            names = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
            assert names == set(action_view(view, action).accepted_params()), (template, method)
            expand = [p for p in operation.get("parameters", []) if p["name"] == "expand"]
            if expand:
                assert set(expand[0]["schema"]["items"]["enum"]) == view.expandable[action]


def test_common_headers_and_errors_are_on_every_operation(document):
    for path, method, operation in operations(document):
        headers = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
        assert "Service-Version" in headers, (path, method)
        for status in ("400", "401", "403", "429", "500"):
            schema = response(document, operation, status)["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/Error"}
        for status in operation["responses"]:
            headers = response(document, operation, status)["headers"]
            assert {"Service-Version", "X-Request-Id"} <= set(headers), (path, method, status)
        assert "Retry-After" in response(document, operation, "429")["headers"]


@pytest.mark.parametrize(
    "path, method, required",
    [
        ("/v1/holds", "post", True),
        ("/v1/reservations", "post", True),
        ("/v1/reservations/{reservation_id}", "patch", False),
        ("/v1/reservations/{reservation_id}/cancel", "post", False),
    ],
)
def test_idempotency_key_is_documented_on_writes(document, path, method, required):
    operation = document["paths"][path][method]
    [header] = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
    assert header["in"] == "header" and header.get("required", False) is required
    success = "201" if method == "post" and "{" not in path else "200"
    assert "Idempotent-Replayed" in operation["responses"][success]["headers"]
    assert "idempotency_key_reused" in response(document, operation, "422")["description"]
    if success == "201":
        assert "Location" in operation["responses"]["201"]["headers"]


def test_conditional_reads_document_etag_and_304(document):
    for path in ("/v1/configuration", "/v1/sections", "/v1/availability", "/v1/availability/months"):
        responses = document["paths"][path]["get"]["responses"]
        assert "ETag" in responses["200"]["headers"] and "ETag" in responses["304"]["headers"], path
        assert "content" not in responses["304"]


def test_specific_error_codes_are_documented(document):
    paths = document["paths"]
    create = paths["/v1/reservations"]["post"]["responses"]
    for code in ("booking_rules_violated", "guest_fields_required", "email_required_for_guarantee"):
        assert code in create["422"]["description"], code
    modify = paths["/v1/reservations/{reservation_id}"]["patch"]["responses"]
    assert "reservation_finalized" in modify["409"]["description"]
    assert "company_id" in modify["404"]["description"]
    for code in (
        "guarantee_consent_guest_only",
        "guarantee_modify_requires_card",
        "guarantee_request_not_allowed",
        "payments_suspended",
        "guarantee_amount_invalid",
        "email_required_for_guarantee",
    ):
        assert code in modify["422"]["description"], code
    assert "hold_already_converted" in paths["/v1/holds/{hold_id}"]["delete"]["responses"]["409"]["description"]


def test_the_document_is_served_publicly_as_json(anon, db):
    response = anon.get("/v1/openapi.json")
    assert response.status_code == 200
    assert response["Content-Type"].split(";")[0].endswith("json")
    document = json.loads(response.content)
    assert document["openapi"] == "3.1.0"
    assert "/v1/reservations" in document["paths"]
    again = anon.get("/v1/openapi.json", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
