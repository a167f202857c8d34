"""POST /v1/reservations/{id}/cancel: no body, any booking, final states, reason partner_api."""

import datetime as dt

import pytest

from reservations.models import Reservation, TableAllocation
from reservations.services.availability_version import bump_availability_version
from tests.reservations.conftest import DAY, booking_body
from tests.reservations.helpers import (
    REPLAYED,
    assert_error,
    book,
    cancel,
    codes,
    create,
    events,
    make_booking,
    offered_times,
    policy_changed,
    set_status,
    table_names,
)


def test_cancel_frees_the_tables_and_records_the_reason(api, bistro):
    made = book(api, party_size=5)
    assert codes(create(api, party_size=5)) == ["no_table_available"]
    response = cancel(api, made["id"])
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "cancelled"
    assert {k: v for k, v in body.items() if k not in ("status", "updated_at")} == {
        k: v for k, v in made.items() if k not in ("status", "updated_at")
    }
    assert not TableAllocation.objects.filter(reservation__public_id=made["id"]).exists()
    assert "19:30" in offered_times(api, party_size=5)
    assert table_names(book(api, party_size=5)) == ["T6"]
    event = events(api, made["id"])[-1]
    assert event["type"] == "reservation.cancelled"
    assert event["data"] == {"from_status": "confirmed", "to_status": "cancelled", "cancellation_reason": "partner_api"}
    assert Reservation.objects.get(public_id=made["id"]).cancellation_reason == "partner_api"


def test_cancelling_again_is_200_with_the_same_booking(api, bistro):
    made = book(api)
    first = cancel(api, made["id"])
    again = cancel(api, made["id"])
    assert again.status_code == 200 and again.json() == first.json()
    assert [e["type"] for e in events(api, made["id"])] == ["reservation.created", "reservation.cancelled"]


@pytest.mark.parametrize("status", ["completed", "no_show"])
def test_final_states_are_409(api, bistro, status):
    made = book(api)
    set_status(made["id"], status)
    assert_error(cancel(api, made["id"]), 409, "reservation_finalized")
    assert Reservation.objects.get(public_id=made["id"]).status == status


@pytest.mark.parametrize("status", ["pending", "confirmed", "partially_seated", "seated"])
def test_any_live_state_is_cancelled(api, bistro, status):
    made = book(api)
    set_status(made["id"], status)
    assert cancel(api, made["id"]).json()["status"] == "cancelled"
    assert events(api, made["id"])[-1]["data"]["from_status"] == status


def test_a_body_is_refused_and_the_booking_stays(api, bistro):
    made = book(api)
    response = cancel(api, made["id"], {"reason": "changed plans"})
    assert_error(response, 400, "bad_request", param="reason")
    assert Reservation.objects.get(public_id=made["id"]).status == "confirmed"
    assert_error(api.post(f"/v1/reservations/{made['id']}/cancel?reason=x"), 400, "bad_request", param="reason")
    assert cancel(api, made["id"], {}).status_code == 200  # an empty object carries no field


def test_any_booking_of_the_restaurant_can_be_cancelled(api, bistro, make_client):
    staff_made = make_booking(bistro, source="manual", booking_channel="back_office")
    other_key = make_client(bistro.restaurant, ["reservations:write"])
    response = cancel(other_key, staff_made.public_id)
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    made = book(api)
    assert cancel(other_key, made["id"]).status_code == 200


def test_a_booking_awaiting_its_card_is_cancelled_silently(api, bistro):
    from reservations.models import Shift

    Shift.objects.filter(pk=bistro.shift.pk).update(guarantee_per_guest_amount=1000)
    policy_changed(bistro.restaurant)
    made = book(api)
    assert made["status"] == "awaiting_guarantee"
    assert cancel(api, made["id"]).json()["status"] == "cancelled"
    assert events(api, made["id"]) == []


def test_unknown_foreign_or_hold_ids_are_404(api, bistro):
    assert_error(cancel(api, "resv_000000000000000000000000"), 404, "not_found")
    held = api.post(
        "/v1/holds",
        {"service_date": "2026-12-05", "start_time": "19:30", "party_size": 2},
        format="json",
        HTTP_IDEMPOTENCY_KEY="cancel-hold",
    ).json()
    assert_error(cancel(api, held["id"]), 404, "not_found")
    assert api.get(f"/v1/holds/{held['id']}").json()["status"] == "held"


def test_scopes(reader, api, bistro):
    made = book(api)
    assert_error(cancel(reader, made["id"]), 403, "insufficient_scope", param=None)


def test_idempotency_key_is_optional_and_replays(api, bistro):
    made = book(api)
    first = cancel(api, made["id"], key="cancel-1")
    again = cancel(api, made["id"], key="cancel-1")
    assert again[REPLAYED] == "true" and again.content == first.content


def test_cancelling_a_card_request_releases_the_guarantee(api, bistro):
    bistro.shift.guarantee_per_guest_amount = 1500
    bistro.shift.save()
    bump_availability_version(bistro.restaurant.pk)
    created = api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="card-1")
    assert created.status_code == 201, created.content
    assert created.json()["guarantee"]["status"] == "requested"
    cancelled = api.post(f"/v1/reservations/{created.json()['id']}/cancel")
    assert cancelled.status_code == 200
    assert cancelled.json()["guarantee"]["status"] == "released"


def test_metadata_carried_from_a_hold_and_sent_on_create_stays_within_the_limit(api, bistro):
    held = api.post(
        "/v1/holds",
        {"service_date": DAY, "start_time": "19:30", "party_size": 2, "metadata": {f"hold{i}": "x" for i in range(30)}},
        format="json",
        HTTP_IDEMPOTENCY_KEY="meta-hold",
    )
    assert held.status_code == 201, held.content
    refused = api.post(
        "/v1/reservations",
        {
            "hold_id": held.json()["id"],
            "guest": {"first_name": "A", "last_name": "B"},
            "metadata": {f"create{i}": "y" for i in range(30)},
        },
        format="json",
        HTTP_IDEMPOTENCY_KEY="meta-create",
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["param"] == "metadata"
    assert api.get(f"/v1/holds/{held.json()['id']}").json()["status"] == "held"


def test_the_answer_is_the_booking_as_read_afterwards_and_as_its_event_recorded_it(api, bistro):
    from webhooks.models import Event

    made = book(api, party_size=4, guest={"first_name": "Ada", "email": "ada@example.com"})
    answer = cancel(api, made["id"])
    assert answer.status_code == 200, answer.content
    assert answer.json() == api.get(f"/v1/reservations/{made['id']}").json()
    recorded = Event.objects.filter(type="reservation.cancelled", subject=made["id"]).get()
    assert recorded.data["object"]["tables"] == answer.json()["tables"] == made["tables"]
    assert recorded.data["object"]["status"] == "cancelled"


def test_a_booking_changed_between_the_read_and_the_lock_is_taken_as_locked(bistro):
    from reservations.services.cancel import _carry_over

    read = make_booking(bistro, status="confirmed")
    read = Reservation.objects.select_related("guest", "company").prefetch_related("tables").get(pk=read.pk)
    Reservation.objects.filter(pk=read.pk).update(updated_at=read.updated_at + dt.timedelta(seconds=1))
    locked = _carry_over(Reservation.objects.get(pk=read.pk), read)
    assert not Reservation._meta.get_field("guest").is_cached(locked)
    assert "_known_tables" not in locked.__dict__

    unchanged = _carry_over(
        Reservation.objects.get(pk=read.pk), Reservation.objects.select_related("guest").get(pk=read.pk)
    )
    assert Reservation._meta.get_field("guest").is_cached(unchanged)
