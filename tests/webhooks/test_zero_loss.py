"""Zero loss under faults: 200 bookings and their cancellations made through the service under
gunicorn while the receiver is down, while the Celery worker is SIGKILLed and restarted, and while
Redis is stopped (a Redis of the test's own, on another port; the machine's is never touched).
When everything is back, every event arrives at least once (duplicates are counted, none is
missing), and so does every guest e-mail."""

import time
import uuid

import pytest
import requests

from deploy.receiver import Receiver, free_port
from tests.e2e.conftest import start_gunicorn
from tests.factories import ALL_SCOPES, EndpointFactory, make_key
from tests.webhooks.mailbox import sent_mail
from tests.webhooks.processes import OwnRedis, Supervisor, Worker
from tests.webhooks.world import big_restaurant, booking_bodies
from webhooks.models import Event, OutboxMessage

BOOKINGS = 200
CANCEL_EVERY = 3  # one booking in three is cancelled again
DRAIN_TIMEOUT = 180


@pytest.mark.django_db(transaction=True)
def test_every_event_and_every_email_survives_receiver_worker_and_redis_outages(tmp_path):
    redis_server = OwnRedis().start()
    mail_dir = tmp_path / "mail"
    mail_dir.mkdir()
    restaurant = big_restaurant()
    _key, secret = make_key(restaurant, ALL_SCOPES)
    receiver_port = free_port()
    EndpointFactory(restaurant=restaurant, url=f"http://127.0.0.1:{receiver_port}/hooks")
    shared_env = {
        "REDIS_URL": redis_server.url,
        "CELERY_BROKER_URL": redis_server.url,
        "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
        # Retries every 2 s instead of hours, with room for a long outage: the test cannot wait 5 minutes.
        "WEBHOOK_RETRY_DELAYS": ",".join(["0"] + ["2"] * 120),
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(mail_dir),
    }
    worker = Worker(redis_server.url, extra_env=shared_env).start()
    receiver = Receiver(port=receiver_port)
    bodies = booking_bodies()
    made, cancelled = [], []
    try:
        with start_gunicorn(extra_env=shared_env) as server:
            session = requests.Session()
            session.headers["Authorization"] = f"Bearer {secret}"

            started = time.monotonic()

            def traffic(n: int) -> None:
                began = time.monotonic()
                for _ in range(n):
                    response = session.post(
                        server + "/v1/reservations",
                        json=next(bodies),
                        headers={"Idempotency-Key": str(uuid.uuid4())},
                        timeout=30,
                    )
                    assert response.status_code == 201, response.text
                    made.append(response.json()["id"])
                    if len(made) % CANCEL_EVERY == 0:
                        victim = made[-2]
                        answer = session.post(f"{server}/v1/reservations/{victim}/cancel", timeout=30)
                        assert answer.status_code == 200, answer.text
                        cancelled.append(victim)
                print(f"zero-loss: {n} bookings in {time.monotonic() - began:.1f} s (at {began - started:.1f} s)")

            # 1. The receiver is down (nothing listens on its port).
            traffic(60)
            receiver.start()
            # 2. The worker is killed (SIGKILL, its pool with it) in the middle of the traffic, then restarted.
            traffic(20)
            worker.kill()
            traffic(40)
            worker.start()
            # 3. Redis is stopped: the service still books (the doorbell fails fast), then Redis comes back
            # empty. The worker may exit when its broker drops (see Supervisor): it is restarted, as in production.
            with Supervisor(worker) as supervisor:
                traffic(20)
                redis_server.stop()
                traffic(40)
                redis_server.start()
                traffic(BOOKINGS - len(made))

                expected = set(Event.objects.filter(restaurant=restaurant).values_list("public_id", flat=True))
                # One reservation.* event per booking and per cancel (each new guest also announces guest.created).
                announced = Event.objects.filter(restaurant=restaurant, type__startswith="reservation.").count()
                assert announced == len(made) + len(cancelled)
                drain = time.monotonic()
                deadline = drain + DRAIN_TIMEOUT
                while time.monotonic() < deadline:
                    received = receiver.ids()
                    mails_left = OutboxMessage.objects.exclude(status="sent").count()
                    if expected <= set(received) and mails_left == 0:
                        break
                    time.sleep(0.5)
                print(
                    f"zero-loss: drained in {time.monotonic() - drain:.1f} s "
                    f"(the worker restarted {supervisor.restarts} time(s) after the Redis outage)"
                )
    finally:
        receiver.stop()
        worker.stop()
        redis_server.stop()

    received = receiver.ids()
    missing = expected - set(received)
    duplicates = len(received) - len(set(received))
    print(
        f"\nzero-loss: {len(made)} bookings, {len(cancelled)} cancellations, {len(expected)} events; "
        f"received {len(received)} deliveries ({duplicates} duplicates), missing {len(missing)}"
    )
    assert len(made) == BOOKINGS
    if missing:
        from webhooks.models import Delivery, Endpoint

        state = {
            "undispatched": Event.objects.filter(dispatched_at__isnull=True).count(),
            "deliveries": list(
                Delivery.objects.values_list("status").annotate(n=__import__("django").db.models.Count("id"))
            ),
            "next_attempts": [
                str(d) for d in Delivery.objects.filter(status="pending").values_list("next_attempt_at", flat=True)[:5]
            ],
            "endpoint": list(Endpoint.objects.values("enabled", "failing_since")),
        }
        errors = [line for line in worker.log().splitlines() if "ERROR" in line or "Error" in line][-20:]
        raise AssertionError(f"{len(missing)} events never arrived: {state}\n" + "\n".join(errors))
    # Every guest e-mail: a confirmation per booking, a cancellation per cancelled one.
    mails = sent_mail(mail_dir)
    # In the restaurant's language (French) when the guest gave none.
    got = {(m["To"], m["Subject"].endswith(("is cancelled", "est annulée"))) for m in mails}
    guests = {booking_id: i for i, booking_id in enumerate(made)}
    wanted = {(f"guest{guests[b]}@example.com", False) for b in made} | {
        (f"guest{guests[b]}@example.com", True) for b in cancelled
    }
    assert wanted <= got, f"{len(wanted - got)} e-mails missing"
    assert OutboxMessage.objects.filter(status="sent").count() == len(wanted)
    print(f"zero-loss: {len(wanted)} e-mails expected, {len(mails)} sent ({len(mails) - len(wanted)} duplicates)")
