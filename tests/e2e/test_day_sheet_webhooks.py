"""The host's evening, heard by a partner: the moves made in Chromium on the day sheet reach a real
webhook receiver through a real Celery worker, signed (Standard Webhooks).

Needs the webhooks engine (its receiver, worker helper and endpoint service): skipped on a branch
without it, runs once merged.
"""

import os

import pytest

processes = pytest.importorskip("tests.webhooks.processes")
receiver_module = pytest.importorskip("tests.webhooks.receiver")
endpoints = pytest.importorskip("webhooks.services.endpoints")

from tests.e2e.test_day_sheet import click_move, evening, log_in  # noqa: E402, F401  (the fixture too)

MOVES = {"reservation.confirmed", "reservation.seated", "reservation.completed", "reservation.no_show"}


def test_the_evening_reaches_a_webhook_receiver(live_gunicorn, new_page, evening, settings):  # noqa: F811
    from standardwebhooks.webhooks import Webhook

    settings.WEBHOOK_ALLOWED_NETWORKS = "127.0.0.0/8"
    pending, late = evening["pending"], evening["late"]
    broker = os.environ.get("REDIS_URL", settings.REDIS_URL)
    with receiver_module.Receiver() as receiver:
        created = endpoints.create_endpoint(restaurant=evening["restaurant"], url=receiver.url, events=["*"])
        worker = processes.Worker(broker_url=broker).start()
        try:
            page = new_page(viewport={"width": 1280, "height": 900})
            log_in(page, live_gunicorn, "host-e2e", "/admin/day/")
            click_move(page, pending.public_id, "approve")
            click_move(page, pending.public_id, "seat")
            click_move(page, pending.public_id, "complete")
            click_move(page, late.public_id, "no_show")
            assert receiver.wait_for(lambda r: MOVES <= {e["type"] for e in r.events()}, timeout=60), worker.log()
        finally:
            worker.stop()
        verifier = Webhook(created.secret)
        by_type = {}
        for request in receiver.requests:
            event = verifier.verify(request.body, request.headers)
            by_type[event["type"]] = event
        assert by_type["reservation.confirmed"]["data"]["object"]["id"] == pending.public_id
        assert by_type["reservation.completed"]["data"]["object"]["status"] == "completed"
        assert by_type["reservation.no_show"]["data"]["object"]["id"] == late.public_id
