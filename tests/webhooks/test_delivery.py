"""Delivery mechanics against a real receiver on loopback: retries on the stored schedule, order,
disabling after three days with the owners told, the transport's guards, secret rotation,
encrypted secrets, re-send by hand and the test event."""

import datetime as dt
import time

import pytest
import time_machine
from django.core import mail
from django.db import connection
from django.utils import timezone
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from config.exceptions import InvalidInput
from deploy.receiver import Answer, Receiver
from tests.factories import EndpointFactory, MembershipFactory, RestaurantFactory, UserFactory
from tests.webhooks.conftest import flush
from webhooks import transport
from webhooks.models import Delivery, DeliveryAttempt, Endpoint, OutboxMessage
from webhooks.schedule import DEFAULT_DELAYS
from webhooks.services import disabling, messages
from webhooks.services.delivery import deliver_endpoints, dispatch
from webhooks.services.endpoints import (
    clean_url,
    create_endpoint,
    resend_delivery,
    rotate_secret,
    send_test_event,
)
from webhooks.services.publish import publish

pytestmark = pytest.mark.django_db
T0 = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=True) as traveller:
        yield traveller


@pytest.fixture
def restaurant():
    return RestaurantFactory()


def announce(restaurant, n: int = 1, subject: str = "resv_1"):
    return [
        publish(restaurant.pk, "reservation.updated", {"object": "reservation", "id": subject, "n": i})
        for i in range(n)
    ]


def test_fail_twice_then_accept_is_three_attempts_of_one_event(restaurant, clock):
    with Receiver(respond=lambda request, n: 500 if n <= 2 else 200) as receiver:
        endpoint = EndpointFactory(restaurant=restaurant, url=receiver.url)
        [event] = announce(restaurant)
        assert flush() == 0  # the first attempt and its immediate retry fail
        delivery = Delivery.objects.get()
        assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("pending", 2, 500)
        assert delivery.next_attempt_at - delivery.last_attempt_at == pytest.approx(
            dt.timedelta(seconds=5), abs=dt.timedelta(seconds=1)
        )
        assert flush() == 0 and len(receiver.requests) == 2  # not due yet: stored on the row, nothing else
        clock.shift(dt.timedelta(seconds=6))
        assert flush() == 1
        delivery.refresh_from_db()
        assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("succeeded", 3, 200)
        assert [r.headers["webhook-id"] for r in receiver.requests] == [event.public_id] * 3
        assert [r.json()["id"] for r in receiver.requests] == [event.public_id] * 3
        for request in receiver.requests:
            Webhook(endpoint.secret).verify(request.body, request.headers)
        rows = list(DeliveryAttempt.objects.order_by("at", "id"))
        assert [(a.succeeded, a.status_code) for a in rows] == [(False, 500), (False, 500), (True, 200)]
        assert all(a.response_body == '{"ok":true}' and a.duration_ms < 5000 for a in rows)


def test_the_whole_schedule_then_failed(restaurant, clock):
    with Receiver(respond=lambda request, n: 503) as receiver:
        EndpointFactory(restaurant=restaurant, url=receiver.url)
        announce(restaurant)
        gaps = []
        for _ in range(20):
            flush()
            delivery = Delivery.objects.get()
            if delivery.status != "pending":
                break
            gaps.append(round((delivery.next_attempt_at - delivery.last_attempt_at).total_seconds()))
            clock.move_to(delivery.next_attempt_at + dt.timedelta(milliseconds=10))
    assert delivery.status == "failed" and delivery.attempts == 9 and delivery.next_attempt_at is None
    # After the first two attempts (the immediate retry ran in the same pass): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
    assert gaps == list(DEFAULT_DELAYS[1:])
    assert len(receiver.requests) == 9


def test_deliveries_follow_the_order_of_events(restaurant):
    with Receiver() as receiver:
        EndpointFactory(restaurant=restaurant, url=receiver.url)
        events = announce(restaurant, 150, subject="resv_ordered")
        assert flush() == 150
    assert receiver.ids() == [e.public_id for e in events]


def test_one_pass_serves_every_endpoint_whatever_the_backlog_of_the_others():
    """The sweep's pass over several endpoints reads each one's oldest due deliveries: a large backlog
    at the endpoint with the lowest id does not leave the others to the next sweep."""
    with Receiver() as first, Receiver() as second, Receiver() as third:
        receivers, endpoints = [first, second, third], []
        for receiver in receivers:
            restaurant = RestaurantFactory()
            endpoints.append(EndpointFactory(restaurant=restaurant, url=receiver.url))
            announce(restaurant, 7, subject="resv_backlog")
        dispatch()
        assert deliver_endpoints([endpoint.pk for endpoint in endpoints], batch=3) == 21
    assert [len(receiver.ids()) for receiver in receivers] == [7, 7, 7]


def test_an_unhealthy_receiver_is_probed_by_its_oldest_delivery_then_drained_in_order(restaurant, clock):
    state = {"up": False}
    with Receiver(respond=lambda request, n: 200 if state["up"] else 502) as receiver:
        endpoint = EndpointFactory(restaurant=restaurant, url=receiver.url)
        events = announce(restaurant, 5)
        flush()
        assert len(receiver.requests) == 2  # the oldest, twice; the others wait behind it
        endpoint.refresh_from_db()
        assert endpoint.failing_since is not None
        state["up"] = True
        clock.shift(dt.timedelta(seconds=6))
        assert flush() == 5
        endpoint.refresh_from_db()
        assert endpoint.failing_since is None
        assert receiver.ids()[2:] == [e.public_id for e in events]


def test_three_days_of_failures_disable_the_endpoint_and_tell_the_owners(restaurant, clock, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    for role, address in (
        ("owner", "o@x.test"),
        ("co_owner", "c@x.test"),
        ("manager", "m@x.test"),
        ("host", "h@x.test"),
    ):
        MembershipFactory(restaurant=restaurant, role=role, user=UserFactory(email=address))
    with Receiver(respond=lambda request, n: 500) as receiver:
        endpoint = EndpointFactory(restaurant=restaurant, url=receiver.url)
        announce(restaurant)
        flush()
        clock.shift(dt.timedelta(days=2, hours=23))
        assert disabling.disable_failing_endpoints() == []
        announce(restaurant)
        clock.shift(dt.timedelta(hours=2))
        assert disabling.disable_failing_endpoints() == [endpoint.public_id]
    endpoint.refresh_from_db()
    assert not endpoint.enabled and endpoint.disabled_reason == "failing for three days"
    assert not Delivery.objects.filter(status="pending").exists()
    assert OutboxMessage.objects.get().handler == "webhooks.endpoint_disabled"
    assert messages.send_due() == 1
    [message] = mail.outbox
    assert sorted(message.to) == ["c@x.test", "o@x.test"]
    assert endpoint.url in message.body and "disabled" in message.subject
    # Disabled: new events are not delivered to it.
    announce(restaurant)
    flush()
    assert Delivery.objects.filter(endpoint=endpoint, status="pending").count() == 0


def test_a_success_restarts_the_three_day_clock(restaurant, clock):
    answers = iter([500, 500, 200] + [500] * 50)
    with Receiver(respond=lambda request, n: next(answers)) as receiver:
        endpoint = EndpointFactory(restaurant=restaurant, url=receiver.url)
        announce(restaurant)
        flush()
        clock.shift(dt.timedelta(days=2))
        flush()  # the retry succeeds
        announce(restaurant)
        flush()  # fails again: a new run of failures starts now
        clock.shift(dt.timedelta(days=2))
        assert disabling.disable_failing_endpoints() == []
        assert len(receiver.requests) >= 4
    endpoint.refresh_from_db()
    assert endpoint.enabled


def test_private_loopback_and_link_local_addresses_are_refused(restaurant, settings):
    settings.WEBHOOK_ALLOWED_NETWORKS = []
    for address in ("127.0.0.1", "10.1.2.3", "192.168.0.10", "169.254.169.254", "::1", "fe80::1", "::ffff:127.0.0.1"):
        assert transport.address_problem(address), address
    assert transport.address_problem("93.184.216.34") is None
    with Receiver() as receiver:
        EndpointFactory(restaurant=restaurant, url=receiver.url)
        EndpointFactory(restaurant=restaurant, url="http://localhost:%d/hooks" % receiver.port)
        announce(restaurant)
        flush()
        assert receiver.requests == []
    errors = set(DeliveryAttempt.objects.values_list("error", flat=True))
    assert errors == {"refused: 127.0.0.1 is a loopback address"}


def test_redirects_are_not_followed(restaurant):
    with Receiver() as target:
        moved = Answer(status=307, headers={"Location": target.url})
        with Receiver(respond=lambda request, n: moved) as receiver:
            EndpointFactory(restaurant=restaurant, url=receiver.url)
            announce(restaurant)
            flush()
            assert len(receiver.requests) == 2
        assert target.requests == []
    assert Delivery.objects.get().last_status_code == 307


def test_the_answer_read_is_bounded(restaurant):
    big = Answer(status=200, body=b"x" * (5 * 1024 * 1024))
    with Receiver(respond=lambda request, n: big) as receiver:
        EndpointFactory(restaurant=restaurant, url=receiver.url)
        announce(restaurant)
        assert flush() == 1
    attempt = DeliveryAttempt.objects.get()
    assert attempt.succeeded and attempt.response_body == "x" * 1024


def test_an_answer_after_the_timeout_is_a_failure(restaurant, settings):
    settings.WEBHOOK_TIMEOUT = 0.5
    with Receiver(respond=lambda request, n: Answer(delay=1.5)) as receiver:
        EndpointFactory(restaurant=restaurant, url=receiver.url)
        announce(restaurant)
        assert flush() == 0
    attempt = DeliveryAttempt.objects.order_by("id").first()
    assert not attempt.succeeded and attempt.error == "timed out" and attempt.duration_ms < 1400


def test_a_refused_connection_is_a_failure(restaurant):
    receiver = Receiver()  # never started: nothing listens on its port
    EndpointFactory(restaurant=restaurant, url=receiver.url)
    announce(restaurant)
    assert flush() == 0
    assert DeliveryAttempt.objects.first().error == "connection refused"


def test_a_rotated_secret_signs_beside_the_new_one_for_24_hours(restaurant, clock):
    with Receiver() as receiver:
        endpoint = EndpointFactory(restaurant=restaurant, url=receiver.url)
        old = endpoint.secret
        new = rotate_secret(endpoint=endpoint).secret
        assert new != old and new.startswith("whsec_")
        announce(restaurant)
        flush()
        request = receiver.requests[-1]
        assert len(request.headers["webhook-signature"].split(" ")) == 2
        Webhook(old).verify(request.body, request.headers)
        Webhook(new).verify(request.body, request.headers)
        clock.shift(dt.timedelta(hours=24, seconds=1))
        announce(restaurant)
        flush()
        request = receiver.requests[-1]
        assert len(request.headers["webhook-signature"].split(" ")) == 1
        Webhook(new).verify(request.body, request.headers)
        with pytest.raises(WebhookVerificationError):
            Webhook(old).verify(request.body, request.headers)


def test_a_tampered_body_does_not_verify(restaurant):
    with Receiver() as receiver:
        endpoint = EndpointFactory(restaurant=restaurant, url=receiver.url)
        announce(restaurant)
        flush()
    request = receiver.requests[0]
    with pytest.raises(WebhookVerificationError):
        Webhook(endpoint.secret).verify(request.body.replace(b"resv_1", b"resv_2"), request.headers)


def test_secrets_are_stored_encrypted(restaurant):
    created = create_endpoint(restaurant=restaurant, url="https://hooks.example.com/in")
    secret = created.secret
    assert secret.startswith("whsec_") and len(secret) > 30
    with connection.cursor() as cursor:
        cursor.execute("SELECT secret_encrypted, previous_secret_encrypted FROM webhooks_endpoint")
        stored = cursor.fetchall()
    assert all(secret not in value and secret.removeprefix("whsec_") not in value for row in stored for value in row)
    assert Endpoint.objects.get().secret_last4 == secret[-4:]


def test_urls_need_https_except_on_loopback(settings):
    settings.DEBUG = False
    assert clean_url("https://hooks.example.com/in") == "https://hooks.example.com/in"
    assert clean_url("http://127.0.0.1:9000/hooks") == "http://127.0.0.1:9000/hooks"
    assert clean_url("http://localhost/hooks") == "http://localhost/hooks"
    for bad in ("http://hooks.example.com/in", "ftp://x.test/", "hooks.example.com", "https://u:p@x.test/"):
        with pytest.raises(InvalidInput):
            clean_url(bad)
    settings.DEBUG = True
    assert clean_url("http://hooks.example.com/in")


def test_resend_by_hand_and_the_test_event(restaurant):
    answers = iter([500] * 9 + [200, 200])
    with Receiver(respond=lambda request, n: next(answers)) as receiver:
        endpoint = EndpointFactory(restaurant=restaurant, url=receiver.url)
        [event] = announce(restaurant)
        flush()
        delivery = Delivery.objects.get()
        Delivery.objects.filter(pk=delivery.pk).update(status="failed", next_attempt_at=None)
        for _ in range(7):
            resend_delivery(delivery=delivery)  # failures by hand leave it failed
        delivery.refresh_from_db()
        assert delivery.status == "failed"
        attempt = resend_delivery(delivery=delivery)
        assert attempt.succeeded and attempt.manual
        delivery.refresh_from_db()
        assert delivery.status == "succeeded"
        assert receiver.requests[-1].json()["id"] == event.public_id
        test = send_test_event(endpoint=endpoint)
        assert test.succeeded and test.manual
        payload = Webhook(endpoint.secret).verify(receiver.requests[-1].body, receiver.requests[-1].headers)
        assert payload["type"] == "webhook_endpoint.test"
        assert payload["data"]["object"]["id"] == endpoint.public_id
    # The test event went to this endpoint only and never joins the schedule.
    assert flush() == 0


def test_a_slow_endpoint_does_not_hold_up_the_others_run(restaurant, settings):
    settings.WEBHOOK_TIMEOUT = 1
    with Receiver(respond=lambda request, n: Answer(delay=3)) as slow, Receiver() as fast:
        stuck = EndpointFactory(restaurant=restaurant, url=slow.url)
        healthy = EndpointFactory(restaurant=restaurant, url=fast.url)
        announce(restaurant, 10)
        from webhooks.services.delivery import deliver_endpoint, dispatch

        dispatch()
        started = timezone.now()
        assert deliver_endpoint(stuck.pk) == 0  # one probe and its immediate retry, then it lets go
        assert (timezone.now() - started).total_seconds() < 3
        assert deliver_endpoint(healthy.pk) == 10
        assert len(fast.requests) == 10


@pytest.mark.django_db(transaction=True)  # the receiver's thread reads what the sender committed
def test_each_answer_is_recorded_while_the_next_delivery_is_in_flight(restaurant):
    """A worker killed mid-run re-sends only what was in flight, not the answered rest of its run."""
    from django.db import connections, transaction

    succeeded_when_answering = []

    def respond(request, n):
        time.sleep(0.2)  # the previous answer has long arrived: it must be recorded by now
        succeeded_when_answering.append(Delivery.objects.filter(status="succeeded").count())
        connections.close_all()  # this thread's connection
        return 200

    with Receiver(respond=respond) as receiver:
        EndpointFactory(restaurant=restaurant, url=receiver.url)
        with transaction.atomic():  # its commit runs one pump (eager here): one run of five deliveries
            announce(restaurant, 5)
        assert len(receiver.requests) == 5
    assert succeeded_when_answering == [0, 1, 2, 3, 4]
