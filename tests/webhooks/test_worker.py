"""Delivery by a real Celery worker (and a beat process: the 5-second sweep runs), on a Redis of the
test's own, to real receivers on loopback."""

import time
import uuid

import pytest
from standardwebhooks.webhooks import Webhook

from deploy.receiver import Answer, Receiver
from tests.factories import EndpointFactory
from tests.webhooks.mailbox import sent_mail
from tests.webhooks.processes import OwnRedis, Worker, use_broker
from tests.webhooks.world import big_restaurant, booking_bodies
from webhooks.models import Delivery, DeliveryAttempt, OutboxMessage
from webhooks.services.publish import publish


@pytest.fixture(scope="module")
def redis_server():
    server = OwnRedis().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def mail_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("mail")


@pytest.fixture(scope="module")
def worker(django_db_setup, redis_server, mail_dir):
    running = Worker(
        redis_server.url,
        extra_env={
            "WEBHOOK_TIMEOUT": "3",
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_FILE_PATH": str(mail_dir),
        },
    ).start()
    yield running
    running.stop()


@pytest.fixture
def broker(redis_server, worker, transactional_db):
    undo = use_broker(redis_server.url)
    yield
    undo()


def test_a_booking_reaches_the_receiver_and_the_guest_through_the_worker(broker, make_client, mail_dir):
    restaurant = big_restaurant()
    api = make_client(restaurant)
    with Receiver() as receiver:
        endpoint = EndpointFactory(restaurant=restaurant, url=receiver.url, events=["reservation.created"])
        body = next(booking_bodies())
        made = api.post("/v1/reservations", body, format="json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
        assert made.status_code == 201
        assert receiver.wait_for(lambda r: len(r.requests) >= 1, timeout=20), "nothing delivered"
        request = receiver.requests[0]
        payload = Webhook(endpoint.secret).verify(request.body, request.headers)
    assert payload["type"] == "reservation.created" and payload["data"]["object"]["id"] == made.json()["id"]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and OutboxMessage.objects.filter(status="sent").count() < 1:
        time.sleep(0.1)
    [message] = [m for m in sent_mail(mail_dir) if m["To"] == body["guest"]["email"]]
    # In the restaurant's language when the guest gave none (big_restaurant is French).
    assert message["Subject"].startswith("Votre réservation")


def test_fail_twice_then_accept_with_the_worker_and_its_sweep(broker):
    restaurant = big_restaurant()
    with Receiver(respond=lambda request, n: 500 if n <= 2 else 204) as receiver:
        EndpointFactory(restaurant=restaurant, url=receiver.url)
        from django.db import transaction

        with transaction.atomic():
            event = publish(restaurant.pk, "reservation.updated", {"object": "reservation", "id": "resv_w"})
        assert receiver.wait_for(lambda r: len(r.requests) >= 3, timeout=30), receiver.requests
        time.sleep(0.5)
        requests = list(receiver.requests)
    assert [r.headers["webhook-id"] for r in requests] == [event.public_id] * 3
    # Immediately, then after 5 s (picked up by the sweep from the row, no Celery ETA).
    assert requests[1].at - requests[0].at < 2
    assert requests[2].at - requests[1].at >= 4.5
    delivery = Delivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("succeeded", 3, 204)
    assert DeliveryAttempt.objects.count() == 3


def test_a_slow_endpoint_never_delays_the_others(broker):
    restaurant = big_restaurant()
    with Receiver(respond=lambda request, n: Answer(delay=8)) as slow, Receiver() as fast:
        EndpointFactory(restaurant=restaurant, url=slow.url)
        EndpointFactory(restaurant=restaurant, url=fast.url)
        from django.db import transaction

        started = time.time()
        for i in range(5):
            with transaction.atomic():
                publish(restaurant.pk, "hold.created", {"object": "hold", "id": f"hold_{i}"})
        assert fast.wait_for(lambda r: len(r.requests) >= 5, timeout=10)
        took = max(r.at for r in fast.requests) - started
        assert took < 3, took
        assert len(slow.requests) >= 1  # it is being tried, and hangs
