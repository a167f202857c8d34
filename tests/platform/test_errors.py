"""The error envelope on every failure, and the headers of every /v1 response."""

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.platform.helpers import assert_error

pytestmark = pytest.mark.urls("tests.platform.urls")

ECHO = "/v1/_test/echo"
VERSION = "2026-06-27"


def assert_v1_headers(response):
    assert response["Service-Version"] == VERSION
    assert response["X-Request-Id"]
    assert not response.has_header("Access-Control-Allow-Origin")


# (`/v1` itself answers the index of the docs: tests/docs/test_pages.py.)
@pytest.mark.parametrize("path", ["/v1/nope", "/v1/configuration/", "/v1/ping/extra", "/v1//ping"])
def test_unknown_path_is_json_not_found(path, api):
    response = api.get(path)
    assert_error(response, 404, "not_found")
    assert b"<html" not in response.content.lower()
    assert_v1_headers(response)


@pytest.mark.urls("config.urls")
def test_unknown_path_with_the_service_urls(db):
    response = Client().get("/v1/does-not-exist", HTTP_ACCEPT="text/html")
    assert_error(response, 404, "not_found")
    assert_v1_headers(response)


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_wrong_method_is_method_not_allowed(method, api):
    response = getattr(api, method)("/v1/configuration")
    assert_error(response, 405, "method_not_allowed")
    assert "OPTIONS" not in response["Allow"]
    assert_v1_headers(response)


def test_wrong_method_on_a_write_endpoint(api):
    assert_error(api.get(ECHO), 405, "method_not_allowed")


@pytest.mark.parametrize("raw", [b"{bad json", b'{"a": 1,}', b"\xff\xfe", b'{"a": NaN}', b"{'a': 1}"])
def test_malformed_json_body_is_bad_request(raw, api):
    response = api.post(ECHO, raw, content_type="application/json")
    assert_error(response, 400, "bad_request")
    assert_v1_headers(response)


@pytest.mark.parametrize("raw", [b"[]", b'[{"name": "x"}]', b'"text"', b"42", b"null", b"true"])
def test_body_not_an_object_is_bad_request(raw, api):
    assert_error(api.post(ECHO, raw, content_type="application/json"), 400, "bad_request")


def test_body_larger_than_one_mebibyte_is_bad_request(api):
    body = json.dumps({"name": "x" * (1024 * 1024)}).encode()
    response = api.post(ECHO, body, content_type="application/json")
    assert_error(response, 400, "bad_request")
    assert_v1_headers(response)


def test_body_just_under_one_mebibyte_is_read(api):
    body = json.dumps({"name": "x" * (1024 * 1024 - 100)}).encode()
    assert len(body) <= 1024 * 1024
    assert api.post(ECHO, body, content_type="application/json").status_code == 200


def test_unknown_body_field_is_named(api):
    assert_error(api.post(ECHO, {"name": "x", "colour": "red"}, format="json"), 400, "bad_request", param="colour")


@pytest.mark.parametrize("path", ["/v1/configuration", "/v1/sections", "/v1/ping"])
def test_unknown_query_parameter_is_named(path, api):
    assert_error(api.get(f"{path}?colour=red"), 400, "bad_request", param="colour")


def test_a_nameless_query_parameter_or_body_field_is_refused_without_an_empty_param(api):
    """`?=x` and `{"": 1}` have no name to put in `param`, which is absent rather than "" (fuzzer)."""
    error = assert_error(api.get("/v1/configuration?=null"), 400, "bad_request")
    assert "param" not in error
    error = assert_error(api.post(ECHO, {"": None}, format="json"), 400, "bad_request")
    assert "param" not in error


def test_query_parameter_on_a_write_is_named(api):
    assert_error(api.post(f"{ECHO}?name=x", {"name": "x"}, format="json"), 400, "bad_request", param="name")


def test_parameter_sent_twice_is_bad_request(api):
    assert_error(api.get("/v1/_test/companies?limit=1&limit=2"), 400, "bad_request", param="limit")


def test_authentication_comes_before_the_handler(db):
    response = APIClient(raise_request_exception=False).get("/v1/_test/boom")
    assert_error(response, 401, "auth_header_missing")


def test_uncaught_exception_is_500_api_error_without_details(api):
    response = api.get("/v1/_test/boom")
    error = assert_error(response, 500, "api_error")
    assert set(error) == {"type", "code", "message", "doc_url"}
    assert b"hunter2" not in response.content
    assert b"Traceback" not in response.content
    assert_v1_headers(response)


def test_uncaught_exception_in_a_plain_django_view_is_api_error(db):
    response = Client(raise_request_exception=False).get("/v1/_test/plain-boom")
    assert_error(response, 500, "api_error")
    assert b"hunter2" not in response.content
    assert_v1_headers(response)


def test_param_is_absent_not_null_when_none(api):
    error = assert_error(api.get("/v1/nope"), 404, "not_found")
    assert "param" not in error
    assert "violations" not in error


def test_every_error_has_a_doc_url(anon, api, db):
    responses = [
        anon.get("/v1/ping"),
        api.get("/v1/nope"),
        api.delete("/v1/ping"),
        api.get("/v1/ping?x=1"),
        api.get("/v1/ping", HTTP_SERVICE_VERSION="1999-01-01"),
    ]
    for response in responses:
        error = response.json()["error"]
        assert error["doc_url"].endswith(f"/api/errors#{error['code']}")


@pytest.mark.parametrize(
    "make_response",
    [
        pytest.param(lambda api, anon: api.get("/v1/ping"), id="200"),
        pytest.param(lambda api, anon: anon.get("/v1/ping"), id="401"),
        pytest.param(lambda api, anon: api.get("/v1/missing"), id="404"),
        pytest.param(lambda api, anon: anon.get("/v1/missing"), id="404-anonymous"),
        pytest.param(lambda api, anon: api.put("/v1/ping"), id="405"),
        pytest.param(lambda api, anon: api.get("/v1/_test/boom"), id="500"),
        pytest.param(lambda api, anon: api.get("/v1/ping?x=1"), id="400"),
        pytest.param(lambda api, anon: api.options("/v1/ping"), id="options"),
        pytest.param(lambda api, anon: api.head("/v1/ping"), id="head"),
    ],
)
def test_every_v1_response_carries_version_and_request_id(make_response, api, anon):
    response = make_response(api, anon)
    assert_v1_headers(response)
    assert response["X-Request-Id"].startswith("req_")


def test_request_id_is_echoed_when_sent(api, anon):
    assert api.get("/v1/ping", HTTP_X_REQUEST_ID="partner-42.a:b_c")["X-Request-Id"] == "partner-42.a:b_c"
    assert anon.get("/v1/ping", HTTP_X_REQUEST_ID="abc123")["X-Request-Id"] == "abc123"
    assert api.get("/v1/missing", HTTP_X_REQUEST_ID="abc124")["X-Request-Id"] == "abc124"


def test_request_id_generated_and_unique_otherwise(api):
    ids = {api.get("/v1/ping")["X-Request-Id"] for _ in range(10)}
    assert len(ids) == 10
    assert all(value.startswith("req_") for value in ids)


def test_unusable_request_id_is_replaced(api):
    response = api.get("/v1/ping", HTTP_X_REQUEST_ID="x" * 500)
    assert response["X-Request-Id"].startswith("req_")
    response = api.get("/v1/ping", HTTP_X_REQUEST_ID="<script>")
    assert response["X-Request-Id"].startswith("req_")


def test_no_cors_on_a_preflight(api, anon):
    for client in (api, anon):
        response = client.options(
            "/v1/configuration",
            HTTP_ORIGIN="https://partner.example",
            HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
            HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization",
        )
        assert_error(response, 405, "method_not_allowed")
        assert not any(name.lower().startswith("access-control-") for name in response.headers)
        assert_v1_headers(response)


def test_no_cors_on_a_request_with_an_origin(api):
    response = api.get("/v1/configuration", HTTP_ORIGIN="https://partner.example")
    assert response.status_code == 200
    assert not any(name.lower().startswith("access-control-") for name in response.headers)


def test_pages_outside_v1_are_not_api(db):
    response = Client().get("/nope-not-api")
    assert response.status_code == 404
    assert not response.has_header("Service-Version")


@pytest.mark.parametrize(
    "metadata",
    [
        {f"k{index}": "v" for index in range(50)},
        {"k" * 40: "v" * 500},
        {"order": 12, "vip": True, "note": None, "ratio": 0.5},
        {},
    ],
)
def test_metadata_within_limits(metadata, api):
    response = api.post(ECHO, {"metadata": metadata}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["body"]["metadata"] == metadata


@pytest.mark.parametrize(
    "metadata",
    [
        {f"k{index}": "v" for index in range(51)},
        {"k" * 41: "v"},
        {"": "v"},
        {"note": "v" * 501},
        {"nested": {"a": 1}},
        {"list": [1, 2]},
        ["not", "an", "object"],
        "text",
        None,
    ],
)
def test_metadata_beyond_limits_is_bad_request(metadata, api):
    assert_error(api.post(ECHO, {"metadata": metadata}, format="json"), 400, "bad_request", param="metadata")


@pytest.mark.django_db(transaction=True)
def test_a_write_waiting_too_long_for_the_restaurant_lock_is_429_lock_timeout(restaurant, make_client):
    """A writer holds the restaurant's lock; a second one gives up after lock_timeout."""
    import threading

    from django.db import connections, transaction

    import config.locking as locking
    from config.locking import lock_restaurant
    from tests.factories import FloorPlanFactory, SectionFactory, ShiftFactory, TableFactory

    plan = FloorPlanFactory(restaurant=restaurant)
    TableFactory(section=SectionFactory(floor_plan=plan))
    ShiftFactory(floor_plan=plan)
    client = make_client(restaurant)
    holding, release = threading.Event(), threading.Event()

    def hold_the_lock():
        with transaction.atomic():
            lock_restaurant(restaurant.pk)
            holding.set()
            release.wait(10)
        connections.close_all()

    worker = threading.Thread(target=hold_the_lock)
    worker.start()
    holding.wait(5)
    original, locking.LOCK_WAIT = locking.LOCK_WAIT, "200ms"
    try:
        response = client.post(
            "/v1/holds",
            {"service_date": "2030-01-05", "start_time": "19:00", "party_size": 2},
            format="json",
            HTTP_IDEMPOTENCY_KEY="lock-test",
        )
    finally:
        locking.LOCK_WAIT = original
        release.set()
        worker.join()
    assert response.status_code == 429, response.content
    error = response.json()["error"]
    assert (error["type"], error["code"]) == ("rate_limit_error", "lock_timeout")
    assert response["Retry-After"] == "1"
