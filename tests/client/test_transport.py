"""The client's retry and idempotency rules where the live service cannot be made to answer so on
demand (a 503, a broken connection on a read, a wait longer than allowed): an httpx transport plays
the network; the client above it is the real one."""

import json

import httpx
import pytest
from reservations_client import APIConnectionError, APIError, InvalidRequestError, RateLimitError, ReservationsClient

PING = {"object": "ping", "ok": True}


def client_over(answers, **options):
    """A client whose requests get `answers` in turn (a status and body, or an exception to raise)."""
    sent, slept = [], []

    def handler(request):
        sent.append(request)
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        status, body, headers = (*answer, {})[:3]
        return httpx.Response(status, json=body, headers=headers)

    client = ReservationsClient(
        "sk_live_test",
        base_url="http://api.test",
        transport=httpx.MockTransport(handler),
        sleep=slept.append,
        **options,
    )
    return client, sent, slept


def error(code, status):
    return {"error": {"type": "api_error", "code": code, "message": "m", "doc_url": f"http://d/#{code}"}}


def test_a_read_is_retried_on_503_and_on_a_broken_connection_with_growing_backoff():
    client, sent, slept = client_over(
        [(503, error("upstream_error", 503)), httpx.ConnectError("refused"), (200, PING)],
        backoff_base=1.0,
        backoff_max=100.0,
    )
    assert client.ping().ok is True
    assert len(sent) == 3 and len(slept) == 2
    assert 0 <= slept[0] <= 1.0 and 0 <= slept[1] <= 2.0  # full jitter under 1 s, then under 2 s


def test_retries_stop_after_max_retries_with_the_typed_error_or_a_connection_error():
    client, sent, _ = client_over([(500, error("api_error", 500))] * 3, max_retries=2)
    with pytest.raises(APIError) as failed:
        client.ping()
    assert failed.value.status == 500 and failed.value.code == "api_error" and len(sent) == 3
    client, sent, _ = client_over([httpx.ReadTimeout("slow")] * 2, max_retries=1)
    with pytest.raises(APIConnectionError):
        client.ping()
    assert len(sent) == 2


def test_a_wait_longer_than_allowed_is_not_slept_but_raised():
    client, sent, slept = client_over([(429, error("rate_limited", 429), {"Retry-After": "3600"})], max_retry_wait=60)
    with pytest.raises(RateLimitError) as limited:
        client.ping()
    assert limited.value.retry_after == 3600 and len(sent) == 1 and slept == []


def test_writes_carry_one_key_across_retries_and_a_given_key_is_kept():
    client, sent, _ = client_over([(502, error("upstream_error", 502)), (400, error("bad_request", 400))])
    with pytest.raises(InvalidRequestError):
        client.holds.create(service_date="2026-12-05", start_time="19:30", party_size=2)
    keys = {request.headers["Idempotency-Key"] for request in sent}
    assert len(sent) == 2 and len(keys) == 1 and len(keys.pop()) == 36
    assert [json.loads(request.content)["party_size"] for request in sent] == [2, 2]

    client, sent, _ = client_over([(503, error("upstream_error", 503)), (503, error("upstream_error", 503))] * 2)
    with pytest.raises(APIError):
        client.reservations.cancel("resv_x", idempotency_key="mine")
    assert {request.headers["Idempotency-Key"] for request in sent} == {"mine"}


def test_a_request_that_is_neither_a_read_nor_keyed_is_not_retried():
    client, sent, _ = client_over([(503, error("upstream_error", 503)), (200, PING)])
    response = client.http.get_httpx_client().request("TRACE", "/v1/anything")
    assert response.status_code == 503 and len(sent) == 1
