"""Scopes per endpoint, and the fields and expansions that demand one of their own."""

import pytest

from tests.platform.helpers import assert_error

pytestmark = pytest.mark.urls("tests.platform.urls")

READ = "reservations:read"
WRITE = "reservations:write"
OVERRIDE = "reservations:write:override"
GUESTS = "guests:read"
ECHO = "/v1/_test/echo"


@pytest.mark.parametrize("path", ["/v1/configuration", "/v1/sections"])
@pytest.mark.parametrize("scopes", [[WRITE], [GUESTS], [WRITE, OVERRIDE, GUESTS]])
def test_read_endpoints_need_reservations_read(path, scopes, restaurant, make_client):
    response = make_client(restaurant, scopes=scopes).get(path)
    error = assert_error(response, 403, "insufficient_scope")
    assert READ in error["message"]


@pytest.mark.parametrize("path", ["/v1/configuration", "/v1/sections"])
def test_read_endpoints_answer_with_reservations_read_alone(path, restaurant, make_client):
    assert make_client(restaurant, scopes=[READ]).get(path).status_code == 200


@pytest.mark.parametrize("scopes", [[READ], [WRITE], [GUESTS], [WRITE, OVERRIDE]])
def test_ping_needs_no_scope(scopes, restaurant, make_client):
    response = make_client(restaurant, scopes=scopes).get("/v1/ping")
    assert response.status_code == 200
    assert response.json() == {"object": "ping", "ok": True}


def test_write_endpoint_needs_reservations_write(restaurant, make_client):
    response = make_client(restaurant, scopes=[READ, GUESTS]).post(ECHO, {"name": "x"}, format="json")
    assert_error(response, 403, "insufficient_scope")


def test_endpoint_scope_is_checked_before_the_body(restaurant, make_client):
    client = make_client(restaurant, scopes=[READ])
    response = client.post(ECHO, {"override": ["cutoff_passed"], "unknown": 1}, format="json")
    assert_error(response, 403, "insufficient_scope")


@pytest.mark.parametrize(
    "field, value",
    [
        ("override", ["cutoff_passed"]),
        ("override", ["party_size_too_large", "cutoff_passed"]),
        ("excluded_from_shift_limits", True),
        ("entire_section_id", "sec_abc"),
    ],
)
def test_override_fields_each_refused_with_their_own_param(field, value, restaurant, make_client):
    client = make_client(restaurant, scopes=[READ, WRITE, GUESTS])
    response = client.post(ECHO, {"name": "x", field: value}, format="json")
    error = assert_error(response, 403, "insufficient_scope", param=field)
    assert OVERRIDE in error["message"]


@pytest.mark.parametrize(
    "body",
    [
        {"override": []},
        {"excluded_from_shift_limits": False},
        {"override": [], "excluded_from_shift_limits": False},
        {"name": "no override field at all"},
    ],
)
def test_harmless_values_of_override_fields_need_nothing(body, restaurant, make_client):
    response = make_client(restaurant, scopes=[WRITE]).post(ECHO, body, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["body"] == body


def test_the_first_demanding_field_is_named(restaurant, make_client):
    client = make_client(restaurant, scopes=[WRITE])
    body = {"override": [], "excluded_from_shift_limits": True, "entire_section_id": "sec_x"}
    assert_error(client.post(ECHO, body, format="json"), 403, "insufficient_scope", param="excluded_from_shift_limits")


def test_override_scope_allows_all_three(restaurant, make_client):
    client = make_client(restaurant, scopes=[WRITE, OVERRIDE])
    body = {"override": ["cutoff_passed"], "excluded_from_shift_limits": True, "entire_section_id": "sec_x"}
    response = client.post(ECHO, body, format="json")
    assert response.status_code == 200, response.content


@pytest.mark.parametrize("expand", ["guest", "modification_token", "events,guest", "modification_token,events"])
def test_guest_expansions_need_guests_read(expand, restaurant, make_client):
    client = make_client(restaurant, scopes=[READ, WRITE, OVERRIDE])
    response = client.post(f"{ECHO}?expand={expand}", {"name": "x"}, format="json")
    assert_error(response, 403, "insufficient_scope", param="expand")


def test_guest_expansions_allowed_with_guests_read(restaurant, make_client):
    client = make_client(restaurant, scopes=[WRITE, GUESTS])
    response = client.post(f"{ECHO}?expand=guest,modification_token", {"name": "x"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["expand"] == ["guest", "modification_token"]


def test_other_expansions_need_no_guest_scope(restaurant, make_client):
    client = make_client(restaurant, scopes=[READ, WRITE])
    assert client.post(f"{ECHO}?expand=events", {"name": "x"}, format="json").status_code == 200
    assert client.get("/v1/_test/companies?expand=events").status_code == 200
    assert_error(client.get("/v1/_test/companies?expand=guest"), 403, "insufficient_scope", param="expand")


def test_unknown_expansion_is_bad_request(restaurant, make_client):
    client = make_client(restaurant)
    assert_error(client.get("/v1/_test/companies?expand=tables"), 400, "bad_request", param="expand")


def test_order_version_before_scope(restaurant, make_client):
    client = make_client(restaurant, scopes=[GUESTS])
    response = client.get("/v1/configuration", HTTP_SERVICE_VERSION="1999-01-01")
    assert_error(response, 400, "bad_request", param="Service-Version")


def test_order_rate_limit_before_scope(restaurant, make_client):
    restaurant.read_burst = 1
    restaurant.read_per_second = 0.001
    restaurant.save()
    client = make_client(restaurant, scopes=[GUESTS])
    assert_error(client.get("/v1/configuration"), 403, "insufficient_scope")
    assert_error(client.get("/v1/configuration"), 429, "rate_limited")


def test_order_scope_before_query_params(restaurant, make_client):
    client = make_client(restaurant, scopes=[GUESTS])
    assert_error(client.get("/v1/configuration?colour=red"), 403, "insufficient_scope")


def test_order_query_params_before_expand_scope(restaurant, make_client):
    client = make_client(restaurant, scopes=[READ])
    response = client.get("/v1/_test/companies?expand=guest&colour=red")
    assert_error(response, 400, "bad_request", param="colour")


def test_empty_expand_is_bad_request(restaurant, make_client):
    client = make_client(restaurant)
    assert_error(client.get("/v1/_test/companies?expand="), 400, "bad_request", param="expand")
