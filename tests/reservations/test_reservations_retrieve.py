"""GET /v1/reservations/{id}: the booking as the key reads it; 404 for anything it cannot."""

import pytest

from tests.factories import ReservationFactory, RestaurantFactory
from tests.reservations.helpers import assert_error, book, patch, set_status, take_hold


def test_retrieve_returns_what_create_returned(api, bistro):
    made = book(api, guest_notes="Quiet table", metadata={"ref": "1"})
    response = api.get(f"/v1/reservations/{made['id']}")
    assert response.status_code == 200 and response.json() == made
    assert response["Service-Version"] == "2026-06-27"


def test_unknown_id_is_404(api, bistro):
    assert_error(api.get("/v1/reservations/resv_000000000000000000000000"), 404, "not_found")
    assert_error(api.get("/v1/reservations/anything"), 404, "not_found")


def test_a_hold_id_is_404(api, bistro):
    made = take_hold(api)
    assert_error(api.get(f"/v1/reservations/{made['id']}"), 404, "not_found")
    suffix_twin = "resv_" + made["id"].removeprefix("hold_")
    assert_error(api.get(f"/v1/reservations/{suffix_twin}"), 404, "not_found")


def test_another_restaurants_booking_is_404(api, bistro, make_client):
    restaurant = RestaurantFactory()
    foreign = ReservationFactory(restaurant=restaurant)
    assert_error(api.get(f"/v1/reservations/{foreign.public_id}"), 404, "not_found")
    owner = make_client(restaurant)
    assert owner.get(f"/v1/reservations/{foreign.public_id}").status_code == 200


@pytest.mark.parametrize("status", ["held", "awaiting_guest"])
def test_statuses_never_served_are_404(api, bistro, status):
    made = book(api)
    set_status(made["id"], status)
    assert_error(api.get(f"/v1/reservations/{made['id']}"), 404, "not_found")


@pytest.mark.parametrize(
    "status",
    ["awaiting_guarantee", "pending", "confirmed", "partially_seated", "seated", "completed", "cancelled", "no_show"],
)
def test_every_served_status_reads(api, bistro, status):
    made = book(api)
    set_status(made["id"], status)
    assert api.get(f"/v1/reservations/{made['id']}").json()["status"] == status


def test_expansions(api, no_guests, bistro):
    made = book(api)
    patch(api, made["id"], {"guest_notes": "x"})
    body = api.get(f"/v1/reservations/{made['id']}", {"expand": "guest,events,modification_token"}).json()
    assert body["guest"]["id"] == made["guest"]
    assert [e["type"] for e in body["events"]] == ["reservation.created", "reservation.updated"]
    assert isinstance(body["modification_token"], str)
    for expand in ("guest", "modification_token"):
        assert_error(
            no_guests.get(f"/v1/reservations/{made['id']}", {"expand": expand}),
            403,
            "insufficient_scope",
            param="expand",
        )
    assert_error(api.get(f"/v1/reservations/{made['id']}", {"expand": "tables"}), 400, "bad_request", param="expand")
    assert_error(api.get(f"/v1/reservations/{made['id']}", {"include": "guest"}), 400, "bad_request", param="include")


def test_a_read_only_key_reads(reader, api, bistro):
    made = book(api)
    assert reader.get(f"/v1/reservations/{made['id']}").status_code == 200
