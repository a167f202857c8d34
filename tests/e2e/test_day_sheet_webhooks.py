"""The host's evening, heard by a partner: the moves made in Chromium on the day sheet reach a real
webhook receiver through a real Celery worker, signed (Standard Webhooks)."""

import os

from tests.e2e.admin_login import log_in
from tests.e2e.test_day_sheet import PASSWORD, click_move, evening  # noqa: F401  (the fixture too)
from tests.webhooks import processes
from tests.webhooks import receiver as receiver_module
from webhooks.services import endpoints

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
            log_in(page, live_gunicorn, "host-e2e", PASSWORD, "/admin/day/")
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
