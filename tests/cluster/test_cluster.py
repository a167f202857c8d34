"""The production topology (issue 33), tried for real against one cluster started by deploy/cluster.py
(what `make cluster` runs; tests/cluster/conftest.py). In one module, so that one test process starts it.

The edge (point 4): what reaches the proxy malformed, slow, chunked or oversized is answered in the
contract's envelope with `Service-Version`, never in gunicorn's HTML, and a slow client does not slow
anyone else. The nodes (point 1): three web nodes share nothing but PostgreSQL and Redis, so every
per-process cache (keys, policies, kept occupancies, answers) stays right when the next request lands
on another node; the parts the process manager runs come back when they die."""

import os
import re
import signal
import socket
import statistics
import subprocess
import threading
import time
import urllib.parse
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest
import requests

from tests.raw_http import HOST, assert_envelope, raw


@pytest.mark.parametrize(
    "request_bytes, status, code",
    [
        pytest.param(
            b"GET /v1/ping HTTP/1.1\r\n" + HOST + b"Authorization: Bearer a\x00b\r\n\r\n",
            400,
            "bad_request",
            id="NUL in a header",
        ),  # fmt: skip
        pytest.param(
            b"POST /v1/reservations HTTP/1.1\r\n" + HOST + b"Idempotency-Key: a\x7fb\r\nContent-Length: 2\r\n\r\n{}",
            400,
            "bad_request",
            id="DEL in a header",
        ),  # fmt: skip
        # The proxy joins a folded line (obsolete, RFC 9112) into one header: a key that is not one.
        pytest.param(
            b"GET /v1/ping HTTP/1.1\r\n" + HOST + b"Authorization: Bearer\r\n  abc\r\n\r\n",
            401,
            "invalid_token",
            id="folded header",
        ),  # fmt: skip
    ],
)
def test_a_malformed_request_is_answered_in_the_envelope(cluster, request_bytes, status, code):
    answer = raw(cluster.proxy, request_bytes)
    assert_envelope(*answer, status, code)


@pytest.mark.parametrize(
    "request_bytes",
    [b"POST /v1/reservations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n", b"GET /v1/ping HTT\r\n\r\n"],
    ids=["negative length", "no HTTP version"],
)
def test_a_request_the_proxy_cannot_parse_never_reaches_a_node(cluster, request_bytes):
    """HAProxy 2.6 (Debian 12) answers these with its built-in page, not the envelope: its error files
    are not used for a request it cannot parse at all (haproxy/haproxy#3032, fixed in 3.2)."""
    status, headers, _ = raw(cluster.proxy, request_bytes)
    assert status == 400 and headers.get("connection") == "close"
    assert "server" not in headers  # gunicorn names itself; the proxy's own answer does not


def test_an_overlong_request_line_or_header_is_answered_in_the_envelope(cluster):
    response = requests.get(f"{cluster.proxy}/v1/ping", params={"x": "a" * 9000}, timeout=10)
    assert_envelope(response.status_code, response.headers, response.content, 414, "uri_too_long")
    response = requests.get(f"{cluster.proxy}/v1/ping", headers={"X-Big": "a" * 9000}, timeout=10)
    assert_envelope(response.status_code, response.headers, response.content, 431, "headers_too_large")


def test_a_request_that_never_finishes_is_cut_off_in_the_envelope(cluster):
    started = time.monotonic()
    status, headers, body = raw(cluster.proxy, b"POST /v1/reservations HTTP/1.1\r\n" + HOST +
                                b"Content-Length: 1000\r\n\r\n{", timeout=30)  # fmt: skip
    assert 9 <= time.monotonic() - started < 20
    assert_envelope(status, headers, body, 408, "request_timeout")


@pytest.mark.parametrize("through", ["proxy", "node"])
def test_a_chunked_body_is_read_whole(cluster, through):
    base = cluster.proxy if through == "proxy" else cluster.nodes[0]
    day, time_ = cluster.free_slot(base, skip=3 if through == "proxy" else 4)
    body = ('{"service_date": "%s", "start_time": "%s", "party_size": 2, "guest": {"first_name": "Chunk", '
            '"last_name": "Ed", "email": "chunked-%s@example.com"}}' % (day, time_, through)).encode()  # fmt: skip
    chunks = iter([body[:20], body[20:]])  # a generator body: requests sends it chunked
    headers = cluster.headers(**{"Idempotency-Key": f"chunked-{through}-{time.time()}",
                                 "Content-Type": "application/json"})  # fmt: skip
    created = requests.post(f"{base}/v1/reservations", data=chunks, headers=headers, timeout=30)
    assert created.status_code == 201, created.text
    assert created.json()["service_date"] == day
    # A chunked cancel's reason is read too: the same as one sent with a length.
    cancel = iter([b'{"reason": "x', b'yz"}'])
    headers = cluster.headers(**{"Content-Type": "application/json"})
    cancelled = requests.post(f"{base}/v1/reservations/{created.json()['id']}/cancel", data=cancel, headers=headers,
                              timeout=30)  # fmt: skip
    # The cancel takes no `reason`: refused (it went through, reason dropped, while chunked bodies were lost).
    assert cancelled.status_code == 400, cancelled.text
    kept = requests.get(f"{base}/v1/reservations/{created.json()['id']}", headers=cluster.headers(), timeout=10)
    assert kept.json()["status"] != "cancelled"
    straight = requests.post(f"{base}/v1/reservations/{created.json()['id']}/cancel", json={"reason": "xyz"},
                             headers=cluster.headers(), timeout=30)  # fmt: skip
    assert straight.status_code == 400 and straight.json()["error"] == cancelled.json()["error"]


def _median_ping(cluster, n: int = 25) -> float:
    session, times = requests.Session(), []
    for _ in range(n):
        started = time.perf_counter()
        assert session.get(f"{cluster.proxy}/v1/ping", headers=cluster.headers(), timeout=10).status_code == 200
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def test_two_hundred_slow_connections_do_not_slow_a_normal_client(cluster):
    unloaded = _median_ping(cluster)
    stop, socks = threading.Event(), []
    parsed = urllib.parse.urlsplit(cluster.proxy)
    for _ in range(200):
        sock = socket.create_connection((parsed.hostname, parsed.port), timeout=10)
        sock.sendall(b"POST /v1/reservations HTTP/1.1\r\n" + HOST + b"Content-Length: 1000\r\n\r\n{")
        socks.append(sock)
    try:
        loaded = _median_ping(cluster)
    finally:
        stop.set()
        for sock in socks:
            sock.close()
    assert loaded <= 2 * max(unloaded, 0.002), (unloaded, loaded)


MINT = """
from apikeys.services import mint_key
from reservations.models import Restaurant
restaurant = Restaurant.objects.order_by("id").first()
print(mint_key(restaurant=restaurant, name="cluster test {name}").secret)
"""


def test_a_write_through_one_node_is_read_the_same_through_the_others(cluster):
    a, b, c = cluster.nodes
    day, time_ = cluster.free_slot(a, skip=10)
    params = {"service_date": day, "party_size": 2}
    before = {
        node: requests.get(f"{node}/v1/availability", params=params, headers=cluster.headers(), timeout=10)
        for node in cluster.nodes
    }  # fmt: skip  (each node keeps this answer and its occupancy)
    created = cluster.create(a, day, time_)
    assert created.status_code == 201, created.text
    booking = created.json()
    for node in (b, c):
        read = requests.get(f"{node}/v1/reservations/{booking['id']}", headers=cluster.headers(), timeout=10)
        assert read.status_code == 200 and read.json() == booking
    after = {node: requests.get(f"{node}/v1/availability", params=params, headers=cluster.headers(), timeout=10)
             for node in cluster.nodes}  # fmt: skip
    etags = {response.headers["ETag"] for response in after.values()}
    assert len(etags) == 1 and etags.isdisjoint(response.headers["ETag"] for response in before.values())
    bodies = [response.json() for response in after.values()]
    assert bodies[0] == bodies[1] == bodies[2]


def test_a_revoked_key_is_refused_by_every_node_within_a_second(cluster):
    secret = cluster.shell(MINT.format(name=uuid.uuid4().hex[:6]))
    for node in cluster.nodes:  # every node has the key in its cache
        assert requests.get(f"{node}/v1/ping", headers=cluster.headers(secret), timeout=10).status_code == 200
    cluster.shell("from apikeys.models import ApiKey; from apikeys.services import revoke_key; "
                          f"revoke_key(key=ApiKey.objects.get(last4='{secret[-4:]}', revoked_at__isnull=True))")  # fmt: skip
    revoked_at = time.monotonic()
    time.sleep(1.0)
    for node in cluster.nodes:
        response = requests.get(f"{node}/v1/ping", headers=cluster.headers(secret), timeout=10)
        assert response.status_code == 401 and response.json()["error"]["code"] == "invalid_token"
    assert time.monotonic() - revoked_at < 3


def test_an_idempotent_replay_answers_the_first_outcome_on_another_node(cluster):
    day, time_ = cluster.free_slot(cluster.nodes[0], skip=20)
    key = str(uuid.uuid4())
    first = cluster.create(cluster.nodes[0], day, time_, idempotency_key=key)
    assert first.status_code == 201, first.text
    for node in cluster.nodes[1:]:
        replay = cluster.create(node, day, time_, idempotency_key=key)
        assert replay.status_code == 201 and replay.json()["id"] == first.json()["id"]
    listed = requests.get(f"{cluster.proxy}/v1/reservations", params={"date": day, "limit": 100},
                          headers=cluster.headers(), timeout=10).json()["data"]  # fmt: skip
    assert [r["id"] for r in listed].count(first.json()["id"]) == 1


def test_the_write_budget_is_exact_across_nodes(cluster):
    """Burst 20 per restaurant across all its keys: of 30 writes spread over three nodes at once,
    20 pass the budget (whatever the write then answers) and the rest are 429."""
    secret = cluster.shell(MINT.format(name="budget").replace(
        "Restaurant.objects.order_by(\"id\").first()",
        "__import__('tests.factories', fromlist=['x']).RestaurantFactory(name='Budget')"))  # fmt: skip

    def write(n):
        node = cluster.nodes[n % 3]
        return requests.post(f"{node}/v1/holds", json={}, timeout=30,
                             headers=cluster.headers(secret, **{"Idempotency-Key": str(uuid.uuid4())})).status_code  # fmt: skip

    started = time.monotonic()
    with ThreadPoolExecutor(10) as pool:
        statuses = list(pool.map(write, range(30)))
    refilled = int(time.monotonic() - started) + 1  # sustained: one more per second
    passed = 30 - statuses.count(429)
    assert 20 <= passed <= 20 + refilled, statuses  # a budget per node would have let all 30 through


def test_a_part_that_dies_is_started_again(cluster):
    for program in ("web2", "worker1"):
        pid = cluster.pid(program)
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and cluster.pid(program) in (None, pid):
            time.sleep(0.5)
        assert cluster.pid(program) not in (None, pid), cluster.ctl("status")
    # The killed master's worker notices its parent is gone and exits; the new master then serves.
    deadline, ready = time.monotonic() + 60, None
    while time.monotonic() < deadline:
        try:
            ready = requests.get(f"{cluster.nodes[1]}/readyz", timeout=2)
        except requests.RequestException:
            ready = None
        if ready is not None and ready.status_code == 200:
            break
        time.sleep(0.5)
    assert ready is not None and ready.json()["status"] == "ok"


def test_one_scheduler_ticks_even_when_a_second_is_started(cluster):
    cluster.ctl("start", "beat2")
    try:
        time.sleep(12)  # the outbox sweep is due every 5 s
        first, second = cluster.log("beat1"), cluster.log("beat2")
        assert "Sending due task" in first
        assert "Sending due task" not in second
    finally:
        cluster.ctl("stop", "beat2")


@pytest.mark.parametrize("part", ["standby"])
def test_the_standby_replays_the_primary(cluster, part):
    import psycopg

    with psycopg.connect(cluster.description["standby"], autocommit=True) as standby:
        assert standby.execute("SELECT pg_is_in_recovery()").fetchone()[0] is True
        deadline = time.monotonic() + 10
        with psycopg.connect(cluster.description["primary"], autocommit=True) as primary:
            count = primary.execute("SELECT count(*) FROM reservations_reservation").fetchone()[0]
        while time.monotonic() < deadline:
            if standby.execute("SELECT count(*) FROM reservations_reservation").fetchone()[0] == count:
                break
            time.sleep(0.2)
        assert standby.execute("SELECT count(*) FROM reservations_reservation").fetchone()[0] == count


def test_every_part_serves_its_metrics_on_loopback_and_the_proxy_does_not(cluster):
    requests.get(f"{cluster.nodes[0]}/v1/ping", headers=cluster.headers(), timeout=10)
    for part, address in cluster.description["metrics"].items():
        exposed = requests.get(address, timeout=10)
        assert exposed.status_code == 200, part
        if part.startswith("web"):
            assert "http_requests_total{" in exposed.text and "http_request_duration_seconds_bucket{" in exposed.text
    assert 'route="/v1/ping"' in requests.get(cluster.description["metrics"]["web1"], timeout=10).text
    assert "http_requests_total" not in requests.get(f"{cluster.proxy}/metrics", timeout=10).text


def reads_by_server(cluster) -> Counter:
    """`database_reads_total` over the web nodes, by (database, reason) (config/postgresql/replica.py)."""
    found = Counter()
    for part, address in cluster.description["metrics"].items():
        for line in requests.get(address, timeout=10).text.splitlines() if part.startswith("web") else []:
            labels = re.match(r'database_reads_total\{database="(\w+)",reason="(\w+)"\} (\S+)', line)
            if labels:
                found[labels[1], labels[2]] += float(labels[3])
    return found


def served_from(cluster, database: str, read) -> bool:
    """`read()` (answering 200), asked until a read of it is counted as `database`'s, for 20 s."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        before = reads_by_server(cluster)
        assert read().status_code == 200
        if sum(n for (where, _), n in (reads_by_server(cluster) - before).items() if where == database):
            return True
        time.sleep(0.2)
    return False


def test_reads_go_to_the_standby_once_it_has_replayed_the_restaurants_last_write(cluster):
    import psycopg
    import redis

    other = cluster.shell(MINT.format(name="standby").replace("Restaurant.objects.order_by(\"id\").first()",
                          "__import__('tests.factories', fromlist=['x']).RestaurantFactory(name='Elsewhere')"))  # fmt: skip
    day, time_ = cluster.free_slot(skip=30)
    mine = partial(requests.get, f"{cluster.proxy}/v1/reservations", params={"date": day}, headers=cluster.headers(),
                   timeout=10)  # fmt: skip
    theirs = partial(requests.get, f"{cluster.proxy}/v1/reservations", headers=cluster.headers(other), timeout=10)
    redis.Redis.from_url(cluster.description["redis"]).delete("standby-reads:epoch")  # a fresh one, for a minute
    assert served_from(cluster, "standby", mine) and served_from(cluster, "standby", theirs)
    standby = psycopg.connect(cluster.description["standby"], autocommit=True)
    standby.execute("SELECT pg_wal_replay_pause()")
    try:
        availability = {"service_date": day, "party_size": 2}
        before = requests.get(f"{cluster.proxy}/v1/availability", params=availability, headers=cluster.headers(),
                              timeout=10)  # fmt: skip
        created = cluster.create(cluster.proxy, day, time_)
        assert created.status_code == 201, created.text
        booking = created.json()["id"]
        counted = reads_by_server(cluster)
        # Read through any node: the write is there, although the standby has not replayed it.
        assert booking in [r["id"] for r in mine().json()["data"]]
        after = requests.get(f"{cluster.proxy}/v1/availability", params=availability, headers=cluster.headers(),
                             timeout=10)  # fmt: skip
        assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
        seen = standby.execute("SELECT count(*) FROM reservations_reservation WHERE public_id = %s", [booking])
        assert seen.fetchone()[0] == 0  # so both answers came from the primary
        assert reads_by_server(cluster) - counted == Counter({("primary", "behind"): 2})
        # Another restaurant's reads still go to the standby.
        assert served_from(cluster, "standby", theirs)
    finally:
        standby.execute("SELECT pg_wal_replay_resume()")
    assert served_from(cluster, "standby", mine)  # replayed past the write: the standby again
    assert booking in [r["id"] for r in mine().json()["data"]]
    standby.close()
    # The standby stopped: the same reads, answered by the primary, no error.
    cluster.ctl("stop", "pg-standby")
    try:
        counted = reads_by_server(cluster)
        for _ in range(6):
            assert mine().status_code == 200 and theirs().status_code == 200
        assert booking in [r["id"] for r in mine().json()["data"]]
        moved = reads_by_server(cluster) - counted
        assert sum(moved.values()) == 13 and {database for database, _ in moved} == {"primary"}, moved
    finally:
        cluster.ctl("start", "pg-standby")
        deadline = time.monotonic() + 30
        while (
            time.monotonic() < deadline
            and subprocess.run(["pg_isready", "-q", "-d", cluster.description["standby"]]).returncode
        ):
            time.sleep(0.5)
