"""The doorbell's pacing in a process: at most one ring per interval reaches Redis, and a ring always
follows a commit (at once, or at the end of the interval it fell in). A private redis-server is the
broker, so the commands counted are this test's alone."""

import time

import pytest
import redis

from tests.webhooks.processes import OwnRedis, use_broker
from webhooks import doorbell

INTERVAL = 0.4


@pytest.fixture
def broker(settings, monkeypatch):
    server = OwnRedis().start()
    undo = use_broker(server.url)
    settings.OUTBOX_RING_INTERVAL = INTERVAL
    monkeypatch.setattr(doorbell, "_last_ring", float("-inf"))
    monkeypatch.setattr(doorbell, "_pending", None)
    client = redis.Redis.from_url(server.url)
    yield client
    pending = doorbell._pending
    if pending is not None:
        pending.cancel()
    undo()
    server.stop()


def set_commands(client) -> int:
    """SET commands the server has run (the doorbell's claim is a SET NX)."""
    return client.info("commandstats").get("cmdstat_set", {}).get("calls", 0)


def queued_pumps(client) -> int:
    return client.llen("celery")


def test_a_first_commit_rings_at_once(broker):
    doorbell.ring_soon()
    assert broker.exists(doorbell.PUMP_KEY)
    assert queued_pumps(broker) == 1


def test_commits_within_an_interval_share_one_ring_at_its_end(broker):
    doorbell.ring_soon()
    broker.delete(doorbell.PUMP_KEY)  # the queued pump starts and clears its mark
    started = time.monotonic()
    for _ in range(5):  # five more commits while the interval runs
        doorbell.ring_soon()
    assert not broker.exists(doorbell.PUMP_KEY), "rang again inside the interval"
    assert set_commands(broker) == 1
    deadline = started + INTERVAL + 5
    while queued_pumps(broker) < 2 and time.monotonic() < deadline:  # claimed, then queued
        time.sleep(0.02)
    assert queued_pumps(broker) == 2, "no ring followed the commits"  # the first ring's and this one
    assert broker.exists(doorbell.PUMP_KEY)
    assert set_commands(broker) == 2


def test_a_commit_after_the_interval_rings_at_once(broker):
    doorbell.ring_soon()
    broker.delete(doorbell.PUMP_KEY)
    time.sleep(INTERVAL + 0.05)
    doorbell.ring_soon()
    assert broker.exists(doorbell.PUMP_KEY)
    assert set_commands(broker) == 2
