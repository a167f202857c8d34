"""GET /v1/reservations: filters, both orders, id batches, expansions, pages."""

import datetime as dt

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.postgresql import prepared
from reservations.models import Reservation
from tests.factories import GuestFactory, ReservationFactory, RestaurantFactory
from tests.reservations.conftest import NOW
from tests.reservations.helpers import (
    assert_error,
    book,
    make_booking,
    patch,
    set_status,
)

DEC = dt.date(2026, 12, 1)


def day(n: int) -> dt.date:
    return DEC + dt.timedelta(days=n - 1)


def ids(response) -> list[str]:
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["object"] == "list" and isinstance(body["has_more"], bool)
    return [r["id"] for r in body["data"]]


def test_default_order_is_service_date_descending_then_newest_recorded(api, bistro):
    early_day = book(api, service_date="2026-12-04", start_time="21:00")
    late_slot = book(api, service_date="2026-12-05", start_time="21:00")
    early_slot = book(api, service_date="2026-12-05", start_time="19:00")
    assert ids(api.get("/v1/reservations")) == [early_slot["id"], late_slot["id"], early_day["id"]]


def test_statuses(api, bistro):
    rows = {
        status: make_booking(bistro, status=status).public_id
        for status in (
            "awaiting_guarantee",
            "pending",
            "confirmed",
            "partially_seated",
            "seated",
            "completed",
            "cancelled",
            "no_show",
        )
    }
    hidden = [make_booking(bistro, status=status).public_id for status in ("held", "awaiting_guest")]
    listed = ids(api.get("/v1/reservations", {"limit": 100}))
    assert sorted(listed) == sorted(rows.values())
    assert not set(hidden) & set(listed)
    for status, rid in rows.items():
        assert ids(api.get("/v1/reservations", {"status": status})) == [rid]
    for status in ("held", "awaiting_guest"):
        assert ids(api.get("/v1/reservations", {"status": status})) == []


@pytest.mark.parametrize(
    ("query", "param"),
    [
        ({"status": "late"}, "status"),
        ({"status": "confirmed,pending"}, "status"),
        ({"status": "CONFIRMED"}, "status"),
        ({"source": "phone"}, "source"),
        ({"service_date": "2026-12-05"}, "service_date"),
        ({"date": "2026-12-5"}, "date"),
        ({"date[gte]": "tomorrow"}, "date[gte]"),
        ({"date[lte]": "2026-02-30"}, "date[lte]"),
        ({"date[gt]": "2026-12-05"}, "date[gt]"),
        ({"updated_since": "yesterday"}, "updated_since"),
        ({"guest_id": "resv_1"}, "guest_id"),
        ({"id": "gst_1"}, "id"),
        ({"id": ",".join(f"resv_{i}" for i in range(101))}, "id"),
        ({"limit": "0"}, "limit"),
        ({"limit": "-1"}, "limit"),
        ({"limit": "ten"}, "limit"),
        ({"starting_after": "resv_000000000000000000000000"}, "starting_after"),
        ({"ending_before": "resv_000000000000000000000000"}, "ending_before"),
        ({"expand": "modification_token"}, "expand"),
        ({"expand": "company"}, "expand"),
        ({"order": "asc"}, "order"),
    ],
)
def test_bad_queries_are_400_naming_the_parameter(api, bistro, query, param):
    assert_error(api.get("/v1/reservations", query), 400, "bad_request", param=param)


def test_a_status_sent_twice_is_400(api, bistro):
    assert_error(api.get("/v1/reservations?status=confirmed&status=pending"), 400, "bad_request", param="status")


def test_awaiting_guarantee_matches_card_requests_only(api, bistro):
    make_booking(bistro, status="confirmed")
    card = make_booking(bistro, status="awaiting_guarantee", guarantee_kind="imprint", guarantee_status="requested")
    assert ids(api.get("/v1/reservations", {"status": "awaiting_guarantee"})) == [card.public_id]


def test_source_filter(api, bistro):
    mine = book(api)
    walk_in = make_booking(bistro, source="walk_in", booking_channel="walk_in")
    imported = make_booking(bistro, source="import", booking_channel="back_office")
    assert ids(api.get("/v1/reservations", {"source": "api"})) == [mine["id"]]
    assert ids(api.get("/v1/reservations", {"source": "walk_in"})) == [walk_in.public_id]
    assert ids(api.get("/v1/reservations", {"source": "import"})) == [imported.public_id]
    assert ids(api.get("/v1/reservations", {"source": "widget"})) == []


def test_guest_id_filter(api, bistro):
    alice = GuestFactory(restaurant=bistro.restaurant, email="alice@example.com")
    bob = GuestFactory(restaurant=bistro.restaurant, first_name="Bob", email="bob@example.com")
    first = make_booking(bistro, alice)
    make_booking(bistro, bob)
    assert ids(api.get("/v1/reservations", {"guest_id": alice.public_id})) == [first.public_id]
    assert ids(api.get("/v1/reservations", {"guest_id": "gst_000000000000000000000000"})) == []
    merged = GuestFactory(restaurant=bistro.restaurant, email="old@example.com", merged_into=alice)
    assert ids(api.get("/v1/reservations", {"guest_id": merged.public_id})) == [first.public_id]


def test_date_filters(api, bistro):
    rows = [make_booking(bistro, day=day(n)).public_id for n in (3, 4, 5, 6)]
    assert ids(api.get("/v1/reservations", {"date": "2026-12-04"})) == [rows[1]]
    assert ids(api.get("/v1/reservations", {"date[gte]": "2026-12-05"})) == [rows[3], rows[2]]
    assert ids(api.get("/v1/reservations", {"date[lte]": "2026-12-04"})) == [rows[1], rows[0]]
    assert ids(api.get("/v1/reservations", {"date[gte]": "2026-12-04", "date[lte]": "2026-12-05"})) == [
        rows[2],
        rows[1],
    ]
    assert ids(api.get("/v1/reservations", {"date": "2026-12-04", "status": "cancelled"})) == []


def test_updated_since_orders_by_update_ascending(api, bistro):
    first = book(api, start_time="19:00")
    second = book(api, start_time="19:30")
    third = book(api, start_time="21:00", service_date="2026-12-04")
    later = NOW + dt.timedelta(minutes=5)
    with time_machine.travel(later, tick=True):
        assert patch(api, first["id"], {"guest_notes": "late change"}).status_code == 200
    with time_machine.travel(later + dt.timedelta(minutes=1), tick=True):
        assert ids(api.get("/v1/reservations", {"updated_since": "2026-12-01T09:00:00"})) == [
            second["id"],
            third["id"],
            first["id"],
        ]
        assert ids(api.get("/v1/reservations", {"updated_since": "2026-12-01T10:04:00+01:00"})) == [first["id"]]
        assert ids(api.get("/v1/reservations", {"updated_since": "2026-12-01T09:04:00Z"})) == [first["id"]]
        page = api.get("/v1/reservations", {"updated_since": "2026-12-01T09:00:00", "limit": 1}).json()
        assert [r["id"] for r in page["data"]] == [second["id"]] and page["has_more"] is True
        rest = api.get("/v1/reservations", {"updated_since": "2026-12-01T09:00:00", "starting_after": second["id"]})
        assert ids(rest) == [third["id"], first["id"]]
        assert ids(api.get("/v1/reservations", {"updated_since": "2026-12-01T09:10:00Z"})) == []


def test_updated_since_is_inclusive(api, bistro):
    made = book(api)
    stamp = Reservation.objects.get(public_id=made["id"]).updated_at
    exact = stamp.isoformat()
    assert ids(api.get("/v1/reservations", {"updated_since": exact})) == [made["id"]]


def test_id_batches(api, bistro):
    rows = [make_booking(bistro, day=day(n)).public_id for n in (3, 4, 5)]
    assert ids(api.get("/v1/reservations", {"id": f"{rows[0]},{rows[2]}"})) == [rows[2], rows[0]]
    hundred = ",".join([rows[1]] + [f"resv_{i:024d}" for i in range(99)])
    assert ids(api.get("/v1/reservations", {"id": hundred})) == [rows[1]]
    foreign = make_booking_elsewhere()
    assert ids(api.get("/v1/reservations", {"id": foreign})) == []


def make_booking_elsewhere() -> str:
    return ReservationFactory().public_id  # a booking of a restaurant of its own


def test_only_the_restaurants_own_bookings(api, bistro):
    make_booking_elsewhere()
    assert ids(api.get("/v1/reservations")) == []


def test_expand_guest_and_events(api, bistro):
    made = book(api)
    patch(api, made["id"], {"party_size": 3})
    body = api.get("/v1/reservations", {"expand": "guest,events"}).json()["data"][0]
    assert body["guest"]["object"] == "guest" and body["guest"]["email"] == "alice@example.com"
    assert [e["type"] for e in body["events"]] == ["reservation.created", "reservation.updated"]
    assert body["events"][0]["object"] == "reservation_event"
    plain = api.get("/v1/reservations").json()["data"][0]
    assert plain["guest"] == body["guest"]["id"] and "events" not in plain


def test_expand_guest_needs_guests_read(no_guests, reader, api, bistro):
    book(api)
    assert_error(no_guests.get("/v1/reservations", {"expand": "guest"}), 403, "insufficient_scope", param="expand")
    assert_error(reader.get("/v1/reservations", {"expand": "events,guest"}), 403, "insufficient_scope", param="expand")
    assert len(reader.get("/v1/reservations", {"expand": "events"}).json()["data"][0]["events"]) == 1


def test_pagination_and_limits(api, bistro):
    rows = [make_booking(bistro, day=day(1 + n % 28)).public_id for n in range(30)]
    assert len(ids(api.get("/v1/reservations"))) == 20
    assert len(ids(api.get("/v1/reservations", {"limit": 1000}))) == 30
    assert len(ids(api.get("/v1/reservations", {"limit": 100, "expand": "guest"}))) == 25
    everything = ids(api.get("/v1/reservations", {"limit": 100}))
    assert sorted(everything) == sorted(rows)
    first = api.get("/v1/reservations", {"limit": 10}).json()
    assert [r["id"] for r in first["data"]] == everything[:10] and first["has_more"] is True
    second = api.get("/v1/reservations", {"limit": 10, "starting_after": everything[9]}).json()
    assert [r["id"] for r in second["data"]] == everything[10:20]
    last = api.get("/v1/reservations", {"limit": 10, "starting_after": everything[19]}).json()
    assert [r["id"] for r in last["data"]] == everything[20:] and last["has_more"] is False
    before = api.get("/v1/reservations", {"limit": 5, "ending_before": everything[10]}).json()
    assert [r["id"] for r in before["data"]] == everything[5:10] and before["has_more"] is True
    both = api.get(
        "/v1/reservations", {"limit": 5, "starting_after": everything[0], "ending_before": everything[20]}
    ).json()
    assert [r["id"] for r in both["data"]] == everything[1:6]


def test_a_cancelled_booking_stays_listed(api, bistro):
    made = book(api)
    set_status(made["id"], "cancelled")
    assert ids(api.get("/v1/reservations", {"status": "cancelled"})) == [made["id"]]


def test_a_read_only_key_lists(reader, api, bistro):
    made = book(api)
    listed = reader.get("/v1/reservations").json()["data"]
    assert [r["id"] for r in listed] == [made["id"]]


def test_a_repeated_list_runs_its_page_query_prepared_and_answers_the_same(api, bistro, monkeypatch):
    monkeypatch.setattr(prepared, "_dynamic", {})  # this process's run-time statements, as at start
    monkeypatch.setattr(prepared, "_seen", set())
    book(api, start_time="19:00")
    book(api, start_time="20:00", party_size=4)
    path = "/v1/reservations?status=confirmed&expand=guest&limit=10"
    answers, statements = [], []
    for _ in range(3):
        with CaptureQueriesContext(connection) as queries:
            answers.append(api.get(path).json())
        statements.append(" ".join(q["sql"] for q in queries.captured_queries))
    assert answers[0] == answers[1] == answers[2] and len(answers[0]["data"]) == 2
    assert "EXECUTE dynamic_" not in statements[0]  # a text seen once is sent as text
    assert "EXECUTE dynamic_" in statements[2]


@pytest.fixture
def compiled(monkeypatch):
    """How many times a list request built its queryset (compiled its statement): the statements
    kept per process start empty."""
    from reservations.api import list_pages
    from reservations.selectors import reservations as selectors

    list_pages.clear()
    calls = []
    real = selectors.served

    def served(*args, **kwargs):
        calls.append(args[0].pk)
        return real(*args, **kwargs)

    monkeypatch.setattr(selectors, "served", served)
    yield calls
    list_pages.clear()


def test_a_repeated_list_runs_the_statement_it_ran_and_reads_afresh(api, bistro, compiled):
    first = book(api, start_time="19:00")
    path = "/v1/reservations?status=confirmed&expand=guest&limit=1"
    assert ids(api.get(path)) == [first["id"]]
    later = book(api, service_date="2026-12-06", start_time="20:00")  # now first in the order
    response = api.get(path)
    assert ids(response) == [later["id"]] and response.json()["has_more"] is True
    assert len(compiled) == 1  # the second request ran the first one's statement


def test_a_kept_statement_is_its_restaurants_own(api, bistro, compiled, make_client):
    mine = book(api)
    other = RestaurantFactory()
    theirs = ReservationFactory(restaurant=other, status="confirmed")
    path = "/v1/reservations?limit=5"
    assert ids(api.get(path)) == [mine["id"]]
    assert ids(make_client(other).get(path)) == [theirs.public_id]
    assert ids(api.get(path)) == [mine["id"]]
    assert compiled == [bistro.restaurant.pk, other.pk]


def test_lists_that_read_the_database_on_the_way_are_compiled_each_time(api, bistro, compiled):
    made = book(api)
    guest = Reservation.objects.get(public_id=made["id"]).guest.public_id
    for _ in range(2):
        assert ids(api.get("/v1/reservations", {"guest_id": guest})) == [made["id"]]
        assert ids(api.get("/v1/reservations", {"starting_after": made["id"]})) == []
    assert len(compiled) == 4


def test_a_refused_filter_is_refused_every_time(api, bistro, compiled):
    for _ in range(2):
        assert_error(api.get("/v1/reservations", {"status": "late"}), 400, "bad_request", param="status")
