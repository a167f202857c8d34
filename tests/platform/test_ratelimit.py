"""Per-restaurant token buckets in Redis, shared by all of a restaurant's keys."""

import threading
import time

import pytest

from config.api import ratelimit
from tests.factories import RestaurantFactory
from tests.platform.helpers import assert_error

pytestmark = pytest.mark.urls("tests.platform.urls")

WRITE = "/v1/_test/echo"


def read(client, path="/v1/ping"):
    return client.get(path)


def write(client):
    return client.post(WRITE, {"name": "x"}, format="json")


def headers(response) -> tuple[int, int, int, str]:
    return (
        int(response["RateLimit-Limit"]),
        int(response["RateLimit-Remaining"]),
        int(response["RateLimit-Reset"]),
        response["RateLimit-Resource"],
    )


def test_read_headers_and_remaining_decreases(api):
    first, second = read(api), read(api, "/v1/configuration")
    limit, remaining, reset, resource = headers(first)
    assert (limit, remaining, resource) == (100, 99, "read")
    assert 0 <= reset <= 1
    assert headers(second)[:2] == (100, 98)


def test_write_headers(api):
    response = write(api)
    assert response.status_code == 200
    limit, remaining, reset, resource = headers(response)
    assert (limit, remaining, resource) == (20, 19, "write")
    assert reset == 1
    assert headers(write(api))[1] == 18


def test_reads_and_writes_are_separate_budgets(api):
    write(api)
    write(api)
    assert headers(read(api))[:2] == (100, 99)


@pytest.mark.parametrize(
    "send, status",
    [
        (lambda client: client.get("/v1/ping?unknown=1"), 400),
        (lambda client: client.get("/v1/configuration", HTTP_IF_NONE_MATCH="*"), 304),
        (lambda client: client.put("/v1/ping"), 405),
        (lambda client: client.post(WRITE, {"override": ["x"]}, format="json"), 403),
        (lambda client: client.post(WRITE, b"[", content_type="application/json"), 400),
    ],
)
def test_headers_on_every_authenticated_response(send, status, restaurant, make_client):
    client = make_client(restaurant, scopes=["reservations:read", "reservations:write"])
    response = send(client)
    assert response.status_code == status
    assert response.has_header("RateLimit-Remaining")
    assert response["RateLimit-Resource"] in {"read", "write"}


def test_budget_is_shared_by_the_keys_of_a_restaurant(restaurant, make_client):
    restaurant.read_per_second = restaurant.write_per_second = 0.001  # no refill during the test
    restaurant.save(update_fields=["read_per_second", "write_per_second"])
    one, two = make_client(restaurant), make_client(restaurant)
    assert headers(read(one))[1] == 99
    assert headers(read(two))[1] == 98
    assert headers(write(two))[1] == 19
    assert headers(write(one))[1] == 18


def test_write_burst_of_20_then_429(restaurant, make_client):
    restaurant.write_per_second = 0.001  # no refill during the test
    restaurant.save(update_fields=["write_per_second"])
    client = make_client(restaurant)
    remaining = [headers(write(client))[1] for _ in range(20)]
    assert remaining == list(range(19, -1, -1))
    refused = write(client)
    assert_error(refused, 429, "rate_limited", type_="rate_limit_error")
    assert int(refused["Retry-After"]) >= 1
    assert headers(refused)[:2] == (20, 0)
    assert refused["RateLimit-Resource"] == "write"
    assert refused["Service-Version"] == "2026-06-27"
    assert refused["X-Request-Id"]
    assert headers(read(client))[1] == 99  # reads still flow


def test_write_burst_with_the_default_refill(api):
    started = time.monotonic()
    responses = [write(api) for _ in range(22)]
    elapsed = time.monotonic() - started
    assert [response.status_code for response in responses[:20]] == [200] * 20
    if elapsed < 1.0:  # at 1 per second, less than one token came back
        refused = responses[-1]
        assert [response.status_code for response in responses[20:]] == [429, 429]
        assert refused["Retry-After"] == "1"
        assert int(refused["RateLimit-Reset"]) in (19, 20)


def test_read_burst_of_100_then_429(restaurant, make_client):
    restaurant.read_per_second = 0.001
    restaurant.save(update_fields=["read_per_second"])
    client = make_client(restaurant, scopes=["guests:read"])
    assert all(read(client).status_code == 200 for _ in range(100))
    refused = read(client)
    assert_error(refused, 429, "rate_limited")
    assert refused["RateLimit-Resource"] == "read"
    assert int(refused["Retry-After"]) >= 1


def test_per_restaurant_raises_apply(restaurant, make_client):
    restaurant.write_burst = 25
    restaurant.write_per_second = 0.001
    restaurant.read_burst = 150
    restaurant.save()
    client = make_client(restaurant)
    assert headers(read(client))[:2] == (150, 149)
    assert [write(client).status_code for _ in range(26)] == [200] * 25 + [429]


def test_daily_write_limit(restaurant, make_client):
    restaurant.write_per_day = 3
    restaurant.write_burst = 1000
    restaurant.save()
    client = make_client(restaurant)
    assert [write(client).status_code for _ in range(3)] == [200, 200, 200]
    refused = write(client)
    error = assert_error(refused, 429, "rate_limited")
    assert "daily" in error["message"]
    assert 1 <= int(refused["Retry-After"]) <= 86400
    assert read(client).status_code == 200  # the day counts writes only


def test_daily_counter_ends_at_utc_midnight(restaurant, make_client):
    """The day's count is dropped at the next UTC midnight, whatever the traffic."""
    restaurant.write_per_day = 3
    restaurant.write_burst = 1000
    restaurant.save()
    client = make_client(restaurant)
    redis = ratelimit.redis_client()
    day_key = f"rl:{restaurant.public_id}:write:day"
    write(client)
    seconds, _ = redis.time()
    until_midnight = 86400 - seconds % 86400
    ttl = redis.ttl(day_key)
    assert 0 < ttl <= until_midnight
    write(client)
    assert redis.ttl(day_key) <= ttl  # a later write does not push the reset back
    write(client)
    refused = write(client)
    assert refused.status_code == 429
    assert abs(int(refused["Retry-After"]) - until_midnight) <= 2


def test_bucket_refills_over_time(restaurant, make_client):
    restaurant.write_burst = 2
    restaurant.write_per_second = 4.0
    restaurant.save()
    client = make_client(restaurant)
    assert [write(client).status_code for _ in range(2)] == [200, 200]
    refused = write(client)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "1"
    time.sleep(0.6)  # 2.4 tokens' worth at 4 per second, capped at the burst of 2
    assert write(client).status_code == 200
    assert write(client).status_code == 200
    assert write(client).status_code == 429


def test_one_restaurant_never_spends_another_ones_budget(make_client, db):
    a, b = RestaurantFactory(write_per_second=0.001), RestaurantFactory()
    client_a, client_b = make_client(a), make_client(b)
    while write(client_a).status_code != 429:
        pass
    assert headers(write(client_b))[:2] == (20, 19)
    assert headers(read(client_b))[:2] == (100, 99)


def test_unauthenticated_requests_spend_nothing(restaurant, make_client, anon):
    for _ in range(3):
        anon.get("/v1/ping")
    assert headers(read(make_client(restaurant)))[1] == 99


def test_a_redis_outage_lets_requests_through(monkeypatch, api):
    import redis

    dead = redis.Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2, socket_timeout=0.2)
    monkeypatch.setattr(ratelimit, "_client", dead)
    monkeypatch.setattr(ratelimit, "_thread", threading.local())  # no connection made before the outage
    response = read(api)
    assert response.status_code == 200
    assert not response.has_header("RateLimit-Remaining")
    assert write(api).status_code == 200


def test_a_flushed_redis_gets_the_script_again(restaurant, make_client):
    """Redis forgets scripts on a restart or SCRIPT FLUSH: the bucket loads it again, and counts."""
    client = make_client(restaurant)
    ratelimit.redis_client().script_flush()
    first, second = read(client), read(client)
    assert first.status_code == second.status_code == 200
    assert headers(second)[1] == headers(first)[1] - 1


def test_a_connection_redis_dropped_is_replaced_and_the_request_counted(restaurant, make_client):
    """Redis ended the bucket's connection while it was idle (a restart, a client timeout): the next
    request connects afresh and is still drawn from the budget."""
    client = make_client(restaurant)
    first = read(client)
    own = ratelimit._thread.connection
    own.send_command("CLIENT", "ID")
    ratelimit.redis_client().client_kill_filter(_id=own.read_response())
    second = read(client)
    assert second.status_code == 200
    assert headers(second)[1] == headers(first)[1] - 1
