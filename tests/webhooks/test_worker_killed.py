"""A Celery worker SIGKILLed mid-delivery (its pool with it), on a Redis of the test's own, to a slow
real receiver: once the worker is back, its beat's sweep sends again what it had not recorded. No
event is lost, and the duplicates are the deliveries in flight at the kill (sent, their answer not
yet recorded): one lane has at most two (one awaiting its answer, one answered a moment before)."""

import time

import pytest
from django.db import transaction

from deploy.receiver import Answer, Receiver
from tests.factories import EndpointFactory, RestaurantFactory
from tests.webhooks.processes import OwnRedis, Worker, use_broker
from webhooks.models import Delivery, DeliveryStatus
from webhooks.services.publish import publish

EVENTS = 30
ANSWER_SECONDS = 0.2
KILL_AFTER = 10  # deliveries received


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_delivery_loses_nothing_and_resends_only_what_was_in_flight():
    redis_server = OwnRedis().start()
    undo = use_broker(redis_server.url)
    worker = Worker(redis_server.url)
    receiver = Receiver(respond=lambda request, n: Answer(delay=ANSWER_SECONDS)).start()
    try:
        worker.start()
        restaurant = RestaurantFactory()
        EndpointFactory(restaurant=restaurant, url=receiver.url)
        with transaction.atomic():  # one commit, one pump: one run of the worker has all of them
            expected = {
                publish(restaurant.pk, "reservation.updated", {"object": "reservation", "id": f"resv_{i}"}).public_id
                for i in range(EVENTS)
            }
        assert receiver.wait_for(lambda r: len(r.requests) >= KILL_AFTER, timeout=60), worker.log()[-3000:]
        worker.kill()
        time.sleep(0.2)  # a request the worker sent just before dying is read by the receiver
        received_at_kill = set(receiver.ids())
        recorded = set(
            Delivery.objects.filter(status=DeliveryStatus.SUCCEEDED).values_list("event__public_id", flat=True)
        )
        in_flight = received_at_kill - recorded
        worker.start()
        drained = receiver.wait_for(lambda r: set(r.ids()) >= expected, timeout=90)
        assert drained, f"{len(expected - set(receiver.ids()))} events never arrived"
        deadline = time.monotonic() + 30
        while Delivery.objects.exclude(status=DeliveryStatus.SUCCEEDED).exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        received = receiver.ids()
    finally:
        receiver.stop()
        worker.stop()
        undo()
        redis_server.stop()
    duplicates = len(received) - len(set(received))
    print(
        f"\nworker killed: {EVENTS} events, {len(received_at_kill)} received before the kill, {len(recorded)} "
        f"recorded, {len(in_flight)} in flight; {len(received)} received in all, {duplicates} duplicates"
    )
    assert set(received) == expected  # none lost, none foreign
    assert len(received_at_kill) < EVENTS  # the kill came mid-run
    assert len(in_flight) <= 2  # answers are recorded as they come, not at the end of a run
    assert duplicates <= len(in_flight)
    assert Delivery.objects.filter(status=DeliveryStatus.SUCCEEDED).count() == EVENTS
