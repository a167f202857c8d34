"""Guest e-mails: outbox rows written with the booking, sent by the worker once it commits, none
when the partner manages them, none lost while the broker is down."""

import pytest
from django.core import mail

from reservations.models import Reservation
from reservations.tasks import send_guest_email
from tests.reservations.conftest import booking_body
from webhooks.models import OutboxMessage
from webhooks.services.messages import send_due


@pytest.fixture(autouse=True)
def locmem_mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def deliver(callbacks) -> None:
    """Run what the write queued on commit, as the worker would (`delay` -> the task body)."""
    for callback in callbacks:
        callback()


def test_confirmation_and_cancellation_reach_the_guest(api, bistro, django_capture_on_commit_callbacks):
    # The task runs in-process here (tests/conftest.py): what a worker would send.
    with django_capture_on_commit_callbacks(execute=True):
        made = api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="mail-1")
    assert made.status_code == 201
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    # In the guest's language, by default the restaurant's primary language (French here).
    assert "Votre table chez" in mail.outbox[0].body and "19:30" in mail.outbox[0].body
    assert mail.outbox[0].body.count(Reservation.objects.get().modification_token) == 1
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/v1/reservations/{made.json()['id']}/cancel")
    assert mail.outbox[1].subject.endswith("est annulée")


def test_partner_managed_bookings_get_no_discretionary_message(api, bistro, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        made = api.post(
            "/v1/reservations",
            booking_body(guest_notifications="partner_managed"),
            format="json",
            HTTP_IDEMPOTENCY_KEY="mail-2",
        )
        api.post(f"/v1/reservations/{made.json()['id']}/cancel")
    assert made.status_code == 201
    assert not OutboxMessage.objects.exists()
    assert mail.outbox == []


def test_the_message_is_written_with_the_booking(api, bistro, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        made = api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="mail-2b")
    message = OutboxMessage.objects.get()
    reservation = Reservation.objects.get(public_id=made.json()["id"])
    assert (message.handler, message.payload) == (
        "guest_email",
        {"reservation_id": reservation.pk, "kind": "confirmation"},
    )
    assert message.status == "pending"
    assert len(callbacks) == 1  # one doorbell for the event and the e-mail together


def test_a_refused_booking_queues_nothing(api, bistro, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        refused = api.post(
            "/v1/reservations", booking_body(party_size=40), format="json", HTTP_IDEMPOTENCY_KEY="mail-3"
        )
    assert refused.status_code == 422
    assert callbacks == []
    assert not OutboxMessage.objects.exists()


def test_a_card_request_is_sent_even_when_the_partner_manages_messages(api, bistro):
    bistro.shift.guarantee_per_guest_amount = 1500
    bistro.shift.save()
    from reservations.services.availability_version import bump_availability_version

    bump_availability_version(bistro.restaurant.pk)
    made = api.post(
        "/v1/reservations",
        booking_body(guest_notifications="partner_managed"),
        format="json",
        HTTP_IDEMPOTENCY_KEY="mail-4",
    )
    assert made.json()["status"] == "awaiting_guarantee"
    assert send_guest_email(Reservation.objects.get().pk, "card_request") is True
    assert "enregistrer une carte avant" in mail.outbox[0].body


def test_no_address_no_message(api, bistro):
    made = api.post(
        "/v1/reservations",
        booking_body(guest={"first_name": "No", "last_name": "Mail"}),
        format="json",
        HTTP_IDEMPOTENCY_KEY="mail-5",
    )
    assert made.status_code == 201
    assert send_guest_email(Reservation.objects.get().pk, "confirmation") is False
    assert mail.outbox == []


def test_a_broker_outage_never_fails_the_committed_booking(api, bistro, django_capture_on_commit_callbacks, caplog):
    from config.celery import app

    broker = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens there
    app.conf.task_always_eager = False  # really queue
    app.pool.force_close_all()
    try:
        with django_capture_on_commit_callbacks(execute=True):
            made = api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="mail-6")
    finally:
        app.conf.broker_url = broker
        app.conf.task_always_eager = True
        app.pool.force_close_all()
        # Fresh producer pools for the tests that follow (a closed one refuses to lend: "Acquire on
        # closed pool", and every later e-mail of this process would be logged, not sent).
        from kombu import pools

        pools.reset()
        app._pool = None
        app.amqp._producer_pool = None
    assert made.status_code == 201
    assert Reservation.objects.get().public_id == made.json()["id"]
    assert "Could not ring the outbox doorbell" in caplog.text
    assert mail.outbox == []
    # The message waited in PostgreSQL: the sweep (or the next doorbell) sends it.
    assert OutboxMessage.objects.get().status == "pending"
    assert send_due() == 1
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    assert OutboxMessage.objects.get().status == "sent"


def test_a_failing_mail_server_is_retried_on_the_schedule(api, bistro, settings, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 1, 1  # nothing listens
    with django_capture_on_commit_callbacks(execute=True):
        made = api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="mail-7")
    assert made.status_code == 201
    message = OutboxMessage.objects.get()
    assert (message.status, message.attempts) == ("pending", 1)
    assert "ConnectionRefusedError" in message.last_error
    assert message.next_attempt_at <= message.created_at + __import__("datetime").timedelta(seconds=1)  # at once
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert send_due() == 1
    assert OutboxMessage.objects.get().attempts == 2
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
