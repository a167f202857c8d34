"""A request body is read as JSON only when it says it is JSON (issue 33): a write whose body comes as
text, as a form or with no `Content-Type` is 415 `unsupported_media_type` in the contract's envelope,
changes nothing and is not remembered under its `Idempotency-Key`. A request without a body (a
cancel, a release) needs no `Content-Type` (docs/api-decisions.md)."""

import json

import pytest

from holds.models import Hold
from reservations.models import Reservation
from tests.platform.helpers import assert_error
from tests.reservations.conftest import DAY, booking_body
from tests.reservations.helpers import book, new_key, take_hold

pytestmark = pytest.mark.django_db

HOLD = {"service_date": DAY, "start_time": "19:30", "party_size": 2}
REFUSED = [
    "text/plain",
    "text/plain; charset=utf-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "",  # none
    "application/merge-patch+json",
    "application/vnd.api+json",
    "application/json; charset=latin-1",
    "application/jsonx",
]
ACCEPTED = ["application/json", "application/json; charset=utf-8", "Application/JSON; Charset=UTF-8"]


def send(client, method, path, body, content_type, **extra):
    return client.generic(method, path, json.dumps(body).encode(), content_type=content_type, **extra)


@pytest.mark.parametrize("content_type", REFUSED)
def test_a_create_whose_body_is_not_declared_json_is_415(api, bistro, content_type):
    key = new_key()
    response = send(api, "POST", "/v1/reservations", booking_body(), content_type, HTTP_IDEMPOTENCY_KEY=key)
    error = assert_error(response, 415, "unsupported_media_type")
    assert "application/json" in error["message"]
    assert response["Service-Version"] and response["X-Request-Id"]
    assert Reservation.objects.count() == 0
    # Not remembered: the same key with the body sent as JSON books.
    response = send(api, "POST", "/v1/reservations", booking_body(), "application/json", HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 201, response.content
    assert "Idempotent-Replayed" not in response


@pytest.mark.parametrize("content_type", ["text/plain", "", "application/x-www-form-urlencoded"])
def test_every_write_refuses_an_undeclared_body(api, bistro, content_type):
    booking = book(api)
    held = take_hold(api)
    path = f"/v1/reservations/{booking['id']}"
    for method, target, body in [
        ("POST", "/v1/holds", HOLD),
        ("PATCH", path, {"party_size": 4}),
        ("POST", f"{path}/cancel", {}),
        ("DELETE", f"/v1/holds/{held['id']}", {}),
    ]:
        response = send(api, method, target, body, content_type, HTTP_IDEMPOTENCY_KEY=new_key())
        assert_error(response, 415, "unsupported_media_type")
    assert Reservation.objects.get().party_size == 2
    assert Reservation.objects.get().status == "confirmed"
    assert Hold.objects.get().status == "held"


def test_a_form_encoded_body_is_not_read(api, bistro):
    response = api.post(
        "/v1/holds",
        "service_date=2026-12-05&start_time=19:30&party_size=2",
        content_type="application/x-www-form-urlencoded",
        HTTP_IDEMPOTENCY_KEY=new_key(),
    )
    assert_error(response, 415, "unsupported_media_type")
    assert Hold.objects.count() == 0


@pytest.mark.parametrize("content_type", ACCEPTED)
def test_json_with_or_without_a_utf8_charset_is_read(api, bistro, content_type):
    response = send(api, "POST", "/v1/holds", HOLD, content_type, HTTP_IDEMPOTENCY_KEY=new_key())
    assert response.status_code == 201, response.content


@pytest.mark.parametrize("content_type", [None, "", "text/plain", "application/x-www-form-urlencoded"])
def test_a_request_without_a_body_needs_no_content_type(api, bistro, content_type):
    """`curl -X POST .../cancel` sends no body and no type; `curl -d ''` an empty form."""
    booking = book(api)
    held = take_hold(api)
    extra = {} if content_type is None else {"content_type": content_type}
    response = api.generic("POST", f"/v1/reservations/{booking['id']}/cancel", b"", **extra)
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "cancelled"
    response = api.generic("DELETE", f"/v1/holds/{held['id']}", b"", **extra)
    assert response.status_code == 200, response.content


def test_a_json_body_that_is_not_json_stays_a_400(api, bistro):
    response = api.generic(
        "POST", "/v1/holds", b"service_date=x", content_type="application/json", HTTP_IDEMPOTENCY_KEY=new_key()
    )
    assert_error(response, 400, "bad_request")
