"""GET /v1/holds/{id} and DELETE /v1/holds/{id}; a hold's end by release, lapse and sweep."""

import datetime as dt

import time_machine
from django.utils import timezone

from holds.models import Hold
from holds.services import sweep_expired_holds
from reservations.models import TableAllocation
from tests.factories import RestaurantFactory
from tests.reservations.conftest import NOW
from tests.reservations.helpers import assert_error, book, codes, create, offered_times, table_names, take_hold


def convert(client, hold_id: str, **fields) -> dict:
    return book(client, hold_id=hold_id, service_date=None, start_time=None, party_size=None, **fields)


def test_retrieve_a_live_hold(api, bistro):
    made = take_hold(api, metadata={"cart": "c1"})
    response = api.get(f"/v1/holds/{made['id']}")
    assert response.status_code == 200
    assert response.json() == made


def test_retrieve_a_converted_hold(api, bistro):
    made = take_hold(api)
    booking = convert(api, made["id"])
    body = api.get(f"/v1/holds/{made['id']}").json()
    assert body["status"] == "converted" and body["reservation"] == booking["id"]
    assert body["expires_at"] is None and body["ended_at"] is None
    assert table_names(body) == ["T2"]


def test_retrieve_unknown_foreign_and_reservation_ids_is_404(api, bistro, make_client):
    made = take_hold(api)
    assert_error(api.get("/v1/holds/hold_000000000000000000000000"), 404, "not_found")
    booking = book(api, start_time="20:00")
    assert_error(api.get(f"/v1/holds/{booking['id']}"), 404, "not_found")
    stranger = make_client(RestaurantFactory())
    assert_error(stranger.get(f"/v1/holds/{made['id']}"), 404, "not_found")
    assert_error(stranger.delete(f"/v1/holds/{made['id']}"), 404, "not_found")


def test_release_puts_the_table_back_on_sale_at_once(api, bistro):
    made = take_hold(api, party_size=5)
    assert "19:30" not in offered_times(api, party_size=5)
    response = api.delete(f"/v1/holds/{made['id']}")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "released" and body["expires_at"] is None
    assert abs((dt.datetime.fromisoformat(body["ended_at"]) - timezone.now()).total_seconds()) < 30
    assert body["reservation"] is None
    assert not TableAllocation.objects.filter(hold__public_id=made["id"]).exists()
    assert "19:30" in offered_times(api, party_size=5)
    assert table_names(book(api, party_size=5)) == ["T6"]


def test_releasing_a_released_hold_returns_it_unchanged(api, bistro):
    made = take_hold(api)
    first = api.delete(f"/v1/holds/{made['id']}")
    again = api.delete(f"/v1/holds/{made['id']}")
    assert again.status_code == 200 and again.json() == first.json()


def test_releasing_a_converted_hold_is_409_naming_the_reservation(api, bistro):
    made = take_hold(api)
    booking = convert(api, made["id"])
    error = assert_error(api.delete(f"/v1/holds/{made['id']}"), 409, "hold_already_converted")
    assert booking["id"] in error["message"]
    assert api.get(f"/v1/reservations/{booking['id']}").json()["status"] == "confirmed"
    assert table_names(api.get(f"/v1/reservations/{booking['id']}").json()) == ["T2"]


def test_release_takes_no_body(api, bistro):
    made = take_hold(api)
    response = api.delete(f"/v1/holds/{made['id']}", {"reason": "changed mind"}, format="json")
    assert_error(response, 400, "bad_request", param="reason")
    assert api.get(f"/v1/holds/{made['id']}").json()["status"] == "held"
    response = api.delete(f"/v1/holds/{made['id']}?reason=x")
    assert_error(response, 400, "bad_request", param="reason")
    assert api.get(f"/v1/holds/{made['id']}").json()["status"] == "held"


def test_release_needs_the_write_scope(reader, api, bistro):
    made = take_hold(api)
    assert_error(reader.delete(f"/v1/holds/{made['id']}"), 403, "insufficient_scope", param=None)
    assert reader.get(f"/v1/holds/{made['id']}").status_code == 200


def test_release_of_unknown_hold_is_404(api, bistro):
    assert_error(api.delete("/v1/holds/hold_000000000000000000000000"), 404, "not_found")


# A basket hold lapses at its deadline, everywhere, without a worker.


def test_a_basket_hold_is_expired_from_its_deadline_on(api, bistro):
    made = take_hold(api, party_size=5)
    deadline = dt.datetime.fromisoformat(made["expires_at"])
    with time_machine.travel(deadline - dt.timedelta(seconds=1), tick=False):
        assert api.get(f"/v1/holds/{made['id']}").json()["status"] == "held"
        assert "19:30" not in offered_times(api, party_size=5)
        assert codes(create(api, party_size=5)) == ["no_table_available"]
    with time_machine.travel(deadline, tick=False):
        body = api.get(f"/v1/holds/{made['id']}").json()
        assert body["status"] == "expired"
        assert body["expires_at"] is None and body["ended_at"] == made["expires_at"]
        assert "19:30" in offered_times(api, party_size=5)
        assert table_names(book(api, party_size=5)) == ["T6"]
    assert Hold.objects.get(public_id=made["id"]).status in ("held", "expired")  # no worker needed


def test_releasing_a_lapsed_basket_hold_returns_it_expired(api, bistro):
    made = take_hold(api)
    with time_machine.travel(NOW + dt.timedelta(minutes=15), tick=False):
        response = api.delete(f"/v1/holds/{made['id']}")
        assert response.status_code == 200, response.content
        body = response.json()
        assert body["status"] == "expired" and body["ended_at"] == made["expires_at"]
        assert api.delete(f"/v1/holds/{made['id']}").json() == body


def test_a_lapsed_basket_hold_cannot_be_converted(api, bistro):
    made = take_hold(api)
    with time_machine.travel(NOW + dt.timedelta(minutes=15), tick=False):
        response = create(api, hold_id=made["id"], service_date=None, start_time=None, party_size=None)
        assert_error(response, 409, "hold_expired", param="hold_id")


def test_a_commitment_hold_stays_held_until_the_sweep(api, bistro):
    made = take_hold(api, party_size=5, kind="commitment", expires_at=(NOW + dt.timedelta(hours=2)).isoformat())
    with time_machine.travel(NOW + dt.timedelta(hours=3), tick=False):
        body = api.get(f"/v1/holds/{made['id']}").json()
        assert body["status"] == "held" and body["expires_at"] == made["expires_at"]
        assert "19:30" not in offered_times(api, party_size=5)
        assert codes(create(api, party_size=5)) == ["no_table_available"]
        assert sweep_expired_holds() == 1
        body = api.get(f"/v1/holds/{made['id']}").json()
        assert body["status"] == "expired" and body["expires_at"] is None
        assert body["ended_at"] == made["expires_at"]
        assert "19:30" in offered_times(api, party_size=5)
        assert table_names(book(api, party_size=5)) == ["T6"]
        assert sweep_expired_holds() == 0


def test_the_sweep_leaves_live_holds_alone(api, bistro):
    commitment = take_hold(api, kind="commitment")
    basket = take_hold(api)
    assert sweep_expired_holds() == 0
    assert api.get(f"/v1/holds/{commitment['id']}").json()["status"] == "held"
    assert api.get(f"/v1/holds/{basket['id']}").json()["status"] == "held"


def test_a_commitment_hold_past_its_deadline_can_still_be_converted_before_the_sweep(api, bistro):
    made = take_hold(api, kind="commitment", expires_at=(NOW + dt.timedelta(hours=1)).isoformat())
    with time_machine.travel(NOW + dt.timedelta(hours=2), tick=False):
        booking = convert(api, made["id"])
        assert booking["id"] == "resv_" + made["id"].removeprefix("hold_")


def test_the_sweep_task_is_scheduled_every_five_minutes():
    from config.celery import app

    schedule = app.conf.beat_schedule
    entries = [entry for entry in schedule.values() if entry["task"] == "holds.tasks.sweep_holds"]
    assert entries, schedule
    assert entries[0]["schedule"] in (300, 300.0, dt.timedelta(minutes=5))


def test_a_lapsed_basket_hold_stops_counting_against_the_caps(api, bistro):
    from reservations.models import Shift
    from tests.reservations.helpers import policy_changed

    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=4)
    policy_changed(bistro.restaurant)
    basket = take_hold(api, party_size=4)
    commitment = take_hold(
        api,
        party_size=2,
        kind="commitment",
        override=["slot_no_longer_available"],
        expires_at=(NOW + dt.timedelta(minutes=20)).isoformat(),
    )
    assert codes(create(api, party_size=2, start_time="21:00")) == ["slot_no_longer_available"]
    with time_machine.travel(NOW + dt.timedelta(minutes=21), tick=False):
        # the basket's four covers are free; the commitment's two still count until the sweep
        assert codes(create(api, party_size=3, start_time="21:00")) == ["slot_no_longer_available"]
        assert book(api, party_size=2, start_time="21:00")["status"] == "confirmed"
        sweep_expired_holds()
        assert api.get(f"/v1/holds/{commitment['id']}").json()["status"] == "expired"
        assert book(api, party_size=2, start_time="19:00")["status"] == "confirmed"
    assert basket["id"]


def test_a_cached_availability_answer_is_not_revalidated_across_a_lapse(api, bistro):
    made = take_hold(api, party_size=5)
    query = {"service_date": "2026-12-05", "party_size": 5}
    deadline = dt.datetime.fromisoformat(made["expires_at"])
    with time_machine.travel(deadline - dt.timedelta(seconds=1), tick=False):
        first = api.get("/v1/availability", query)
        assert api.get("/v1/availability", query, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    with time_machine.travel(deadline, tick=False):
        fresh = api.get("/v1/availability", query, HTTP_IF_NONE_MATCH=first["ETag"])
        assert fresh.status_code == 200
        assert "19:30" in [s["time"] for shift in fresh.json()["shifts"] for s in shift["slots"]]


def test_a_release_changes_the_availability_etag(api, bistro):
    made = take_hold(api, party_size=5)
    query = {"service_date": "2026-12-05", "party_size": 5}
    first = api.get("/v1/availability", query)
    api.delete(f"/v1/holds/{made['id']}")
    assert api.get("/v1/availability", query, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
