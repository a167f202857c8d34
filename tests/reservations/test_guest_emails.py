"""Guest e-mails: queued after the write commits, sent by the Celery task, none when the partner manages them."""

import pytest
from django.core import mail

from reservations.models import Reservation
from reservations.tasks import send_guest_email
from tests.reservations.conftest import booking_body


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
    assert "Your table at" in mail.outbox[0].body and "19:30" in mail.outbox[0].body
    assert mail.outbox[0].body.count(Reservation.objects.get().modification_token) == 1
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/v1/reservations/{made.json()['id']}/cancel")
    assert mail.outbox[1].subject.endswith("is cancelled")


def test_partner_managed_bookings_get_no_discretionary_message(api, bistro, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        made = api.post(
            "/v1/reservations",
            booking_body(guest_notifications="partner_managed"),
            format="json",
            HTTP_IDEMPOTENCY_KEY="mail-2",
        )
        api.post(f"/v1/reservations/{made.json()['id']}/cancel")
    assert made.status_code == 201
    assert callbacks == []


def test_a_refused_booking_queues_nothing(api, bistro, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        refused = api.post(
            "/v1/reservations", booking_body(party_size=40), format="json", HTTP_IDEMPOTENCY_KEY="mail-3"
        )
    assert refused.status_code == 422
    assert callbacks == []


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
    assert "save a card before" in mail.outbox[0].body


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
    assert "Could not queue the confirmation e-mail" in caplog.text
