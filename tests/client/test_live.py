"""The Python client (clients/python) against the live service under gunicorn: the booking flow,
pagination over 250 bookings, a create whose answer was lost and is replayed on retry, a 429 waited
out as `Retry-After` says, a 422 surfacing as a typed error with its violations, and a webhook
delivery verified (signed by the public `standardwebhooks` package, as the service signs them)."""

import base64
import datetime as dt
import json
import secrets
import time

import httpx
import pytest
import standardwebhooks
from reservations_client import (
    BookingRulesViolated,
    NotFoundError,
    PermissionDeniedError,
    ReservationsClient,
    Webhook,
    WebhookVerificationError,
)
from reservations_client.models import Reservation, ReservationStatus

from reservations.models import Reservation as ReservationRow
from reservations.models import Restaurant, Shift
from tests.factories import ReservationFactory

SETUP = """
restaurant: {name: Client Bistro, timezone: Europe/Paris, country: FR, currency: EUR, primary_language: en,
             max_advance_days: 60, max_party_size: 8}
floor_plans:
  - key: main
    name: Main
    sections:
      - key: room
        name: Room
        tables: [{name: "1", min: 1, max: 2}, {name: "2", min: 1, max: 2}, {name: "3", min: 1, max: 4},
                 {name: "4", min: 1, max: 4}, {name: "5", min: 2, max: 6}, {name: "6", min: 2, max: 6}]
shifts:
  - {key: dinner, name: Dinner, floor_plan: main, start_time: "18:00", end_time: "23:30", last_seating: "22:00"}
api_keys:
  - {key: partner, name: Client tests, scopes: [reservations:read, reservations:write, guests:read]}
  - {key: reader, name: Read only, scopes: [reservations:read]}
"""
ADA = {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com"}


@pytest.fixture
def keys(transactional_db):
    from setup_file.loader import load

    return load(SETUP)["api_keys"]


@pytest.fixture
def client(live_gunicorn, keys):
    with ReservationsClient(keys["partner"], base_url=live_gunicorn.url, backoff_base=0.05) as client:
        yield client


def a_free_slot(client: ReservationsClient, party_size: int = 2) -> tuple[dt.date, str]:
    today = client.configuration.retrieve().current_date
    service_date = today + dt.timedelta(days=3)
    day = client.availability.retrieve(service_date=service_date, party_size=party_size)
    slot = next(slot for shift in day.shifts for slot in shift.slots)
    return service_date, slot.time


def test_the_whole_booking_flow(client, live_gunicorn, keys):
    assert client.ping().ok is True
    assert client.last_response.headers["Service-Version"] == "2026-06-27"
    configuration = client.configuration.retrieve()
    assert configuration.restaurant.name == "Client Bistro" and configuration.timezone == "Europe/Paris"
    assert [section.name for section in client.sections.list().data] == ["Room"]
    month = client.availability_months.retrieve(month=configuration.current_date.strftime("%Y-%m"))
    assert month.days and month.days[0].date.day == 1

    service_date, time_ = a_free_slot(client)
    hold = client.holds.create(service_date=service_date, start_time=time_, party_size=2, metadata={"cart": "c-1"})
    assert hold.status.value == "held" and hold.expires_at > dt.datetime.now(dt.UTC)
    assert client.holds.retrieve(hold.id).id == hold.id
    assert hold.id in [h.id for h in client.holds.list(status="held")]

    booking = client.reservations.create(hold_id=hold.id, guest=ADA, guest_notes="Window", expand=["guest"])
    assert isinstance(booking, Reservation)
    assert booking.id == "resv_" + hold.id.removeprefix("hold_")
    assert booking.status == ReservationStatus.CONFIRMED and booking.guest.email == "ada@example.com"
    assert booking.metadata["cart"] == "c-1" and booking.guest_notes == "Window"
    assert client.holds.retrieve(hold.id).status.value == "converted"

    moved = client.reservations.modify(booking.id, party_size=4, guest_notes=None)
    assert moved.party_size == 4 and moved.guest_notes is None
    fetched = client.reservations.retrieve(booking.id, expand=["events"])
    assert [event.type_.value for event in fetched.events] == ["reservation.created", "reservation.updated"]

    guest = client.guests.retrieve(booking.guest.id)
    assert guest.email == "ada@example.com"
    assert [g.id for g in client.guests.list(email="ADA@example.com").data] == [guest.id]
    assert [g.id for g in client.guests.list_all(query=guest.last_name[:3])] == [guest.id]
    assert list(client.waitlist_entries.list_all()) == []

    cancelled = client.reservations.cancel(booking.id)
    assert cancelled.status == ReservationStatus.CANCELLED
    assert client.reservations.cancel(booking.id).status == ReservationStatus.CANCELLED  # 200 again
    events = client.reservations.events(booking.id)
    assert [event.type_.value for event in events.data][-1] == "reservation.cancelled"
    assert [r.id for r in client.reservations.list_all(date=service_date)] == [booking.id]

    raw = client.request("GET", "/v1/reservations", params={"date": service_date, "status": "cancelled"})
    assert [r["id"] for r in raw["data"]] == [booking.id] and raw["object"] == "list"
    with pytest.raises(NotFoundError):
        client.request("POST", f"/v1/reservations/resv_{'y' * 24}/cancel")
    with pytest.raises(NotFoundError) as missing:
        client.reservations.retrieve("resv_" + "x" * 24)
    assert missing.value.status == 404 and missing.value.code == "not_found"
    with ReservationsClient(keys["reader"], base_url=live_gunicorn.url) as reader:
        with pytest.raises(PermissionDeniedError) as refused:
            reader.reservations.cancel(booking.id)
    assert refused.value.code == "insufficient_scope" and refused.value.param is None
    assert refused.value.request_id


def test_pagination_walks_250_bookings_once_each_in_list_order(client):
    restaurant = Restaurant.objects.get(name="Client Bistro")
    shift = Shift.objects.get(restaurant=restaurant)
    start = dt.date.today() + dt.timedelta(days=2)
    made = [
        ReservationFactory(restaurant=restaurant, shift=shift, service_date=start + dt.timedelta(days=i % 25))
        for i in range(250)
    ]
    calls = []
    page = client.reservations.list(limit=40)
    assert len(page.data) == 40 and page.has_more
    seen = []
    while page is not None:
        calls.append(len(page.data))
        seen.extend(page.data)
        page = page.next_page()
    assert calls == [40] * 6 + [10]
    assert sorted(r.id for r in seen) == sorted(r.public_id for r in made)
    dates = [r.service_date for r in seen]
    assert dates == sorted(dates, reverse=True)  # service_date descending, across pages

    everything = list(client.reservations.list_all())  # 100 a page
    assert [r.id for r in everything] == [r.id for r in seen]
    confirmed_on_one_day = list(client.reservations.list_all(date=start, status="confirmed", limit=3))
    assert len(confirmed_on_one_day) == 10 and {r.service_date for r in confirmed_on_one_day} == {start}


class LoseTheFirstAnswer(httpx.BaseTransport):
    """Sends each request to the service, but drops the first answer to POST /v1/reservations as a
    connection reset would: the booking is made, the client never hears of it."""

    def __init__(self):
        self.inner = httpx.HTTPTransport()
        self.lost: list[dict] = []
        self.sent: list[httpx.Request] = []

    def handle_request(self, request):
        self.sent.append(request)
        response = self.inner.handle_request(request)
        if request.method == "POST" and request.url.path == "/v1/reservations" and not self.lost:
            response.read()
            self.lost.append(json.loads(response.content))
            raise httpx.ReadError("connection reset by peer", request=request)
        return response


def test_a_create_whose_answer_was_lost_is_retried_and_replayed(live_gunicorn, keys):
    flaky = LoseTheFirstAnswer()
    retries = []
    with ReservationsClient(
        keys["partner"],
        base_url=live_gunicorn.url,
        transport=flaky,
        backoff_base=0.05,
        on_retry=lambda attempt, delay, request, response, error: retries.append(error),
    ) as client:
        service_date, time_ = a_free_slot(client)
        booking = client.reservations.create(service_date=service_date, start_time=time_, party_size=2, guest=ADA)
        assert client.last_replayed is True
    assert len(retries) == 1 and isinstance(retries[0], httpx.ReadError)
    [lost] = flaky.lost
    assert booking.id == lost["id"]  # the answer of the first attempt, replayed
    creates = [r for r in flaky.sent if r.method == "POST"]
    assert len(creates) == 2 and len({r.headers["Idempotency-Key"] for r in creates}) == 1
    assert ReservationRow.objects.filter(restaurant__name="Client Bistro").count() == 1


def test_a_spent_write_budget_is_waited_out_as_retry_after_says(live_gunicorn, keys, client):
    Restaurant.objects.filter(name="Client Bistro").update(write_burst=2, write_per_second=1.0)
    service_date, time_ = a_free_slot(client)
    waits = []
    slept = []

    def sleep(seconds):
        slept.append(seconds)
        time.sleep(seconds)

    with ReservationsClient(
        keys["partner"],
        base_url=live_gunicorn.url,
        sleep=sleep,
        on_retry=lambda attempt, delay, request, response, error: waits.append(
            (response.status_code, response.headers.get("Retry-After"), delay)
        ),
    ) as throttled:
        holds = [throttled.holds.create(service_date=service_date, start_time=time_, party_size=2) for _ in range(5)]
    assert len({hold.id for hold in holds}) == 5
    assert waits, "5 writes in a row should have spent a budget of 2 refilled at 1 a second"
    for status, retry_after, delay in waits:
        assert status == 429 and delay == float(retry_after) >= 1
    assert slept == [delay for _, _, delay in waits]


def test_a_refused_booking_raises_a_typed_error_with_its_violations(client):
    service_date, _ = a_free_slot(client)
    with pytest.raises(BookingRulesViolated) as refused:
        client.reservations.create(service_date=service_date, start_time="19:30", party_size=12, guest=ADA)
    error = refused.value
    assert (error.status, error.code, error.type) == (422, "booking_rules_violated", "invalid_request_error")
    assert error.doc_url.endswith("/api/errors#booking_rules_violated")
    [violation] = error.violations
    assert (violation.code, violation.param, violation.overridable) == ("party_size_too_large", "party_size", True)
    assert error.overridable_codes == ["party_size_too_large"]

    with pytest.raises(BookingRulesViolated) as off_grid:
        client.reservations.create(service_date=service_date, start_time="19:07", party_size=2, guest=ADA)
    assert [(v.code, v.param, v.overridable) for v in off_grid.value.violations] == [
        ("start_time_off_grid", "start_time", False)
    ]
    assert "19:07" in off_grid.value.violations[0].message
    assert not ReservationRow.objects.filter(restaurant__name="Client Bistro").exists()


def test_a_webhook_signed_as_standard_webhooks_signs_is_verified(client):
    secret = "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()
    service_date, time_ = a_free_slot(client)
    booking = client.reservations.create(service_date=service_date, start_time=time_, party_size=2, guest=ADA)
    event = {
        "id": "evt_" + secrets.token_hex(12),
        "object": "event",
        "type": "reservation.created",
        "created": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "livemode": True,
        "api_version": "2026-06-27",
        "data": {"object": booking.to_dict()},
    }
    body = json.dumps(event)
    now = dt.datetime.now(dt.UTC)
    headers = {
        "webhook-id": event["id"],
        "webhook-timestamp": str(int(now.timestamp())),
        "webhook-signature": standardwebhooks.Webhook(secret).sign(event["id"], now, body),
    }

    received = Webhook(secret).verify(body.encode(), headers)
    assert received["data"]["object"]["id"] == booking.id
    assert Reservation.from_dict(received["data"]["object"]).status == booking.status

    other = "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()
    for tampered_body, tampered_headers, why in [
        (body.replace(booking.id, "resv_" + "x" * 24), headers, "body"),
        (body, headers, "secret"),
        (body, {**headers, "webhook-id": "evt_other"}, "id"),
        (body, {k: v for k, v in headers.items() if k != "webhook-signature"}, "missing"),
    ]:
        verifier = Webhook(other if why == "secret" else secret)
        with pytest.raises(WebhookVerificationError):
            verifier.verify(tampered_body, tampered_headers)
    stale = now - dt.timedelta(minutes=6)
    old = {
        **headers,
        "webhook-timestamp": str(int(stale.timestamp())),
        "webhook-signature": standardwebhooks.Webhook(secret).sign(event["id"], stale, body),
    }
    with pytest.raises(WebhookVerificationError, match="too far"):
        Webhook(secret).verify(body, old)
    # And the other way round: what the client signs, the public package verifies.
    signature = Webhook(secret).sign(event["id"], int(now.timestamp()), body)
    assert (
        standardwebhooks.Webhook(secret).verify(body, {**headers, "webhook-signature": signature})["id"] == event["id"]
    )
