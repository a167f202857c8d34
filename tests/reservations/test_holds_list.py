"""GET /v1/holds: statuses, service-date filters, converted holds absent, newest first, pages."""

import datetime as dt

import pytest
import time_machine

from holds.services import sweep_expired_holds
from tests.reservations.conftest import NOW
from tests.reservations.helpers import assert_error, book, created, take_hold


def ids(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [h["id"] for h in response.json()["data"]]


@pytest.fixture
def three_days(api, bistro):
    """One hold on each of three service dates, oldest first."""
    return [take_hold(api, service_date=day)["id"] for day in ("2026-12-04", "2026-12-05", "2026-12-06")]


def test_list_envelope_newest_first(api, three_days):
    response = api.get("/v1/holds")
    body = response.json()
    assert body["object"] == "list" and body["has_more"] is False
    assert [h["id"] for h in body["data"]] == three_days[::-1]
    assert all(h["object"] == "hold" for h in body["data"])


def test_date_filters(api, three_days):
    assert ids(api.get("/v1/holds", {"date": "2026-12-05"})) == [three_days[1]]
    assert ids(api.get("/v1/holds", {"date[gte]": "2026-12-05"})) == three_days[:0:-1]
    assert ids(api.get("/v1/holds", {"date[lte]": "2026-12-05"})) == three_days[1::-1]
    assert ids(api.get("/v1/holds", {"date[gte]": "2026-12-05", "date[lte]": "2026-12-05"})) == [three_days[1]]


@pytest.mark.parametrize(
    ("query", "param"),
    [
        ({"service_date": "2026-12-05"}, "service_date"),
        ({"status": "converted"}, "status"),
        ({"status": "cancelled"}, "status"),
        ({"status": "held,released"}, "status"),
        ({"date": "2026-13-01"}, "date"),
        ({"date[gte]": "05/12/2026"}, "date[gte]"),
        ({"limit": "0"}, "limit"),
        ({"starting_after": "hold_unknown"}, "starting_after"),
        ({"expand": "reservation"}, "expand"),
    ],
)
def test_bad_filters_are_400_naming_them(api, bistro, query, param):
    assert_error(api.get("/v1/holds", query), 400, "bad_request", param=param)


def test_statuses_and_converted_holds_absent(api, bistro):
    released = take_hold(api, start_time="19:00")
    assert api.delete(f"/v1/holds/{released['id']}").status_code == 200
    converted = take_hold(api, start_time="19:30")
    book(api, hold_id=converted["id"], service_date=None, start_time=None, party_size=None)
    held = take_hold(api, start_time="20:00", kind="commitment", service_date="2026-12-06")
    lapsing = take_hold(api, start_time="21:00", service_date="2026-12-06", party_size=4)
    assert ids(api.get("/v1/holds")) == [lapsing["id"], held["id"], released["id"]]
    assert ids(api.get("/v1/holds", {"status": "held"})) == [lapsing["id"], held["id"]]
    assert ids(api.get("/v1/holds", {"status": "released"})) == [released["id"]]
    assert ids(api.get("/v1/holds", {"status": "expired"})) == []
    with time_machine.travel(NOW + dt.timedelta(minutes=11), tick=False):
        # The basket hold lapsed at its deadline; no worker has run.
        assert ids(api.get("/v1/holds", {"status": "expired"})) == [lapsing["id"]]
        assert ids(api.get("/v1/holds", {"status": "held"})) == [held["id"]]
        listed = {h["id"]: h for h in api.get("/v1/holds").json()["data"]}
        assert listed[lapsing["id"]]["status"] == "expired"
        assert listed[lapsing["id"]]["expires_at"] is None
        assert listed[lapsing["id"]]["ended_at"] == lapsing["expires_at"]
    with time_machine.travel(NOW + dt.timedelta(hours=25), tick=False):
        assert ids(api.get("/v1/holds", {"status": "held"})) == [held["id"]]  # a commitment waits for the sweep
        assert sweep_expired_holds() == 2
        assert ids(api.get("/v1/holds", {"status": "expired"})) == [lapsing["id"], held["id"]]
        assert ids(api.get("/v1/holds", {"status": "held"})) == []


def test_pagination(api, bistro):
    made = [take_hold(api, service_date=f"2026-12-0{day}")["id"] for day in range(2, 7)]
    newest_first = made[::-1]
    first = api.get("/v1/holds", {"limit": 2}).json()
    assert [h["id"] for h in first["data"]] == newest_first[:2] and first["has_more"] is True
    second = api.get("/v1/holds", {"limit": 2, "starting_after": newest_first[1]}).json()
    assert [h["id"] for h in second["data"]] == newest_first[2:4] and second["has_more"] is True
    third = api.get("/v1/holds", {"limit": 2, "starting_after": newest_first[3]}).json()
    assert [h["id"] for h in third["data"]] == newest_first[4:] and third["has_more"] is False
    before = api.get("/v1/holds", {"limit": 2, "ending_before": newest_first[4]}).json()
    assert [h["id"] for h in before["data"]] == newest_first[2:4]


def test_only_this_restaurants_holds(api, bistro, make_client):
    from tests.factories import RestaurantFactory

    take_hold(api)
    other = make_client(RestaurantFactory())
    assert ids(other.get("/v1/holds")) == []


def test_a_read_only_key_lists_holds(reader, api, bistro):
    made = take_hold(api)
    assert ids(reader.get("/v1/holds")) == [made["id"]]


def test_converted_hold_leaves_the_list_after_conversion(api, bistro):
    made = created(
        api.post(
            "/v1/holds",
            {"service_date": "2026-12-05", "start_time": "19:30", "party_size": 2},
            format="json",
            HTTP_IDEMPOTENCY_KEY="list-convert",
        )
    )
    assert ids(api.get("/v1/holds")) == [made["id"]]
    book(api, hold_id=made["id"], service_date=None, start_time=None, party_size=None)
    assert ids(api.get("/v1/holds")) == []
    assert ids(api.get("/v1/holds", {"status": "held"})) == []
