"""gunicorn alone (`make run`, no proxy in front) answers a request it cannot parse in the contract's
envelope with `Service-Version`, not in its HTML page (issue 33: 13 kinds of bad request were HTML).

Each request goes straight to gunicorn, under both worker classes the project runs (gthread in the
Procfile and the cluster, sync in the end-to-end server); Django never sees any of them."""

import json

import pytest

from config.api.errors import envelope
from config.ops.edge import envelope_bytes
from tests.e2e.conftest import start_gunicorn
from tests.raw_http import HOST, assert_envelope, raw

PING = b"GET /v1/ping HTTP/1.1\r\n" + HOST
CREATE = b"POST /v1/reservations HTTP/1.1\r\n" + HOST


@pytest.fixture(scope="module", params=["gthread", "sync"])
def gunicorn_alone(request, django_db_setup, django_db_blocker):
    arguments = "--worker-class gthread --threads 2" if request.param == "gthread" else "--worker-class sync"
    with django_db_blocker.unblock(), start_gunicorn(extra_env={"GUNICORN_CMD_ARGS": arguments}) as server:
        yield server


@pytest.mark.parametrize(
    "request_bytes, status, code",
    [
        pytest.param(PING + b"Authorization: Bearer a\x00b\r\n\r\n", 400, "bad_request", id="NUL in Authorization"),
        pytest.param(CREATE + b"Idempotency-Key: a\x7fb\r\nContent-Length: 2\r\n\r\n{}", 400, "bad_request",
                     id="DEL in Idempotency-Key"),
        pytest.param(CREATE + b"Content-Length: -1\r\n\r\n", 400, "bad_request", id="negative Content-Length"),
        pytest.param(CREATE + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", 400, "bad_request",
                     id="two Content-Lengths"),
        pytest.param(PING + b"Authorization: Bearer\r\n  abc\r\n\r\n", 400, "bad_request", id="folded header"),
        pytest.param(b"GET /v1/ping HTT\r\n\r\n", 400, "bad_request", id="no HTTP version"),
        pytest.param(CREATE + b"Transfer-Encoding: gzip\r\n\r\n", 400, "bad_request",
                     id="a Transfer-Encoding gunicorn does not decode (its 501)"),
        pytest.param(CREATE + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", 400, "bad_request",
                     id="a bad chunk size"),
        pytest.param(b"GET /v1/ping?x=" + b"a" * 9000 + b" HTTP/1.1\r\n" + HOST + b"\r\n", 414, "uri_too_long",
                     id="request line over 8,190 bytes"),
        pytest.param(PING + b"X-Big: " + b"a" * 9000 + b"\r\n\r\n", 431, "headers_too_large",
                     id="header over 8,190 bytes"),
    ],
)  # fmt: skip
def test_a_request_gunicorn_cannot_parse_is_answered_in_the_envelope(gunicorn_alone, request_bytes, status, code):
    status_answered, headers, body = raw(gunicorn_alone.url, request_bytes)
    assert_envelope(status_answered, headers, body, status, code)
    assert headers["connection"] == "close"  # where the next request would start is unknown
    assert b"<html" not in body.lower()


def test_the_edge_answer_is_the_apps_own_envelope(settings):
    """What the proxy and gunicorn write is what the app's declared error shape renders."""
    for status, code, message in [(400, "bad_request", "The request is not valid HTTP."),
                                  (414, "uri_too_long", "The request line is longer than 8,190 bytes."),
                                  (503, "service_unavailable", "No node of the service can take the request right now.")]:  # fmt: skip
        assert json.loads(envelope_bytes(status, settings.DOCS_URL)) == envelope(status, code, message)
