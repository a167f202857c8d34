"""Requests and assertions shared by the reservation and hold API tests."""

import datetime as dt
import itertools
import re
import uuid

from django.conf import settings
from django.db import connection

from reservations.models import Reservation, TableAllocation
from reservations.services.availability_version import bump_availability_version
from tests.factories import ReservationFactory
from tests.reservations.conftest import DAY, booking_body

PARIS = dt.timezone(dt.timedelta(hours=1))  # the bistro's offset in December
REPLAYED = "Idempotent-Replayed"
ID_RE = {
    prefix: re.compile(rf"^{prefix}_[A-Za-z0-9]{{24}}$")
    for prefix in ("resv", "hold", "gst", "evt", "tbl", "sec", "cmp")
}
_counter = itertools.count()
MISSING = object()


def new_key() -> str:
    return f"key-{next(_counter)}-{uuid.uuid4().hex[:8]}"


def post_json(client, path, body, key=MISSING, **extra):
    """POST a JSON body; `key` None sends no Idempotency-Key, MISSING a fresh one."""
    if key is MISSING:
        key = new_key()
    if key is not None:
        extra["HTTP_IDEMPOTENCY_KEY"] = key
    return client.post(path, body, format="json", **extra)


def create(client, key=MISSING, query: str = "", **fields):
    """POST /v1/reservations with the default body, changed by `fields` (None removes a field)."""
    body = {name: value for name, value in booking_body(**fields).items() if value is not None}
    return post_json(client, "/v1/reservations" + query, body, key)


def hold(client, key=MISSING, **fields):
    body = {"service_date": DAY, "start_time": "19:30", "party_size": 2}
    body.update(fields)
    body = {name: value for name, value in body.items() if value is not None}
    return post_json(client, "/v1/holds", body, key)


def created(response, status: int = 201) -> dict:
    assert response.status_code == status, response.content
    return response.json()


def book(client, **fields) -> dict:
    return created(create(client, **fields))


def take_hold(client, **fields) -> dict:
    return created(hold(client, **fields))


def patch(client, rid: str, body, key=None, query: str = ""):
    extra = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return client.patch(f"/v1/reservations/{rid}{query}", body, format="json", **extra)


def cancel(client, rid: str, body=None, key=None):
    extra = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    if body is None:
        return client.post(f"/v1/reservations/{rid}/cancel", **extra)
    return client.post(f"/v1/reservations/{rid}/cancel", body, format="json", **extra)


def events(client, rid: str, **query) -> list[dict]:
    response = client.get(f"/v1/reservations/{rid}/events", query)
    assert response.status_code == 200, response.content
    return response.json()["data"]


def event_types(client, rid) -> list[str]:
    return [e["type"] for e in events(client, rid)]


def last_event(client, rid) -> dict:
    return events(client, rid)[-1]


def created_event(client, rid: str) -> dict:
    """The data of the booking's only event, its reservation.created."""
    found = events(client, rid)
    assert [e["type"] for e in found] == ["reservation.created"]
    return found[0]["data"]


def ok(response) -> dict:
    """The body of a 200 answer."""
    assert response.status_code == 200, response.content
    return response.json()


def assert_error(response, status: int, code: str, param=MISSING) -> dict:
    """The contract's envelope; `param` None asserts it is absent, MISSING does not look."""
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert error["code"] == code, error
    assert error["type"] == ("invalid_request_error" if status < 500 else "api_error")
    assert error["doc_url"] == f"{settings.DOCS_URL}/api/errors#{code}"
    assert isinstance(error["message"], str) and error["message"]
    if param is None:
        assert "param" not in error, error
    elif param is not MISSING:
        assert error.get("param") == param, error
    return error


def violations(response) -> list[dict]:
    error = assert_error(response, 422, "booking_rules_violated", param=None)
    assert error["message"] == "The request breaks one or more booking rules; see `violations`."
    return error["violations"]


def codes(response) -> list[str]:
    return [v["code"] for v in violations(response)]


def table_names(obj) -> list[str]:
    return [t["name"] for t in obj["tables"]]


def policy_changed(restaurant) -> None:
    """After editing the policy with the ORM: the engine's cached policy is stale."""
    bump_availability_version(restaurant.pk)
    restaurant.refresh_from_db()


def set_status(rid: str, status: str, **fields) -> Reservation:
    """Put a booking into a state with the ORM (states the API cannot reach by itself)."""
    Reservation.objects.filter(public_id=rid).update(status=status, **fields)
    return Reservation.objects.get(public_id=rid)


def offered_times(client, party_size: int = 2, date: str = DAY, **query) -> list[str]:
    response = client.get("/v1/availability", {"service_date": date, "party_size": party_size, **query})
    assert response.status_code == 200, response.content
    return [slot["time"] for shift in response.json()["shifts"] for slot in shift["slots"]]


def overlapping_allocations() -> int:
    """Pairs of allocations of one table whose time ranges overlap (the database must forbid them)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM reservations_tableallocation a JOIN reservations_tableallocation b"
            " ON a.table_id = b.table_id AND a.id < b.id AND a.during && b.during"
        )
        return cursor.fetchone()[0]


def allocations_of(rid: str) -> list[str]:
    return sorted(TableAllocation.objects.filter(reservation__public_id=rid).values_list("table__name", flat=True))


def make_booking(
    bistro, guest=None, *, day: dt.date = dt.date(2026, 12, 5), at: dt.time = dt.time(19, 30), **fields
) -> Reservation:
    """A booking of the bistro written with the ORM (no tables, no allocation): for lists and states the API cannot make."""
    if guest is not None:
        fields["guest"] = guest
    return ReservationFactory(restaurant=bistro.restaurant, shift=bistro.shift, service_date=day, at=at, **fields)
