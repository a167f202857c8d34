"""POST /v1/reservations with hold_id: a hold becomes its booking, rules checked at hold time only."""

import pytest

from holds.models import Hold
from reservations.models import Reservation, Shift, TableAllocation
from tests.factories import RestaurantFactory
from tests.reservations.helpers import (
    assert_error,
    book,
    codes,
    create,
    created,
    events,
    new_key,
    policy_changed,
    table_names,
    take_hold,
)

NO_SLOT = {"service_date": None, "start_time": None, "party_size": None}


def convert(client, hold_id: str, key=None, **fields):
    body = {**NO_SLOT, **fields}
    if key is not None:
        return create(client, key=key, hold_id=hold_id, **body)
    return create(client, hold_id=hold_id, **body)


def test_conversion_keeps_the_suffix_tables_and_metadata(api, bistro):
    made = take_hold(api, party_size=4, start_time="20:00", metadata={"cart": "c-1", "step": 2})
    response = convert(api, made["id"], metadata={"step": 3, "order": "o-9"}, guest_notes="Birthday")
    booking = created(response)
    assert booking["id"] == "resv_" + made["id"].removeprefix("hold_")
    assert response["Location"] == f"/v1/reservations/{booking['id']}"
    assert booking["status"] == "confirmed" and booking["source"] == "api" and booking["booking_channel"] == "api"
    assert booking["party_size"] == 4 and booking["service_date"] == made["service_date"]
    assert booking["starts_at"] == made["starts_at"] and booking["ends_at"] == made["ends_at"]
    assert booking["tables"] == made["tables"]
    assert booking["metadata"] == {"cart": "c-1", "step": 3, "order": "o-9"}
    assert booking["guest_notes"] == "Birthday"
    assert [e["type"] for e in events(api, booking["id"])] == ["reservation.created"]
    hold = api.get(f"/v1/holds/{made['id']}").json()
    assert hold["status"] == "converted" and hold["reservation"] == booking["id"]
    assert api.get("/v1/holds").json()["data"] == []
    # The tables passed from the hold to the booking, without a gap.
    rows = TableAllocation.objects.filter(table__name="T4")
    assert rows.count() == 1 and rows.get().reservation.public_id == booking["id"] and rows.get().hold is None


def test_slot_fields_beside_hold_id_must_be_the_holds(api, bistro):
    made = take_hold(api, party_size=2, start_time="20:00")
    assert_error(convert(api, made["id"], party_size=3), 400, "bad_request", param="party_size")
    assert_error(convert(api, made["id"], start_time="19:30"), 400, "bad_request", param="start_time")
    assert_error(convert(api, made["id"], service_date="2026-12-06"), 400, "bad_request", param="service_date")
    assert_error(convert(api, made["id"], section_id=bistro.section.public_id), 400, "bad_request", param="section_id")
    assert api.get(f"/v1/holds/{made['id']}").json()["status"] == "held"
    booking = created(convert(api, made["id"], service_date="2026-12-05", start_time="20:00", party_size=2))
    assert booking["party_size"] == 2


def test_rules_are_not_rechecked_at_conversion(api, bistro):
    made = take_hold(api, party_size=4)
    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=1, cutoff_minutes=365 * 24 * 60)
    policy_changed(bistro.restaurant)
    assert codes(create(api, party_size=1, start_time="21:00")) == ["cutoff_passed", "slot_no_longer_available"]
    assert created(convert(api, made["id"]))["status"] == "confirmed"


def test_overrides_of_the_hold_are_recorded_on_the_created_event(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(cutoff_minutes=365 * 24 * 60)
    policy_changed(bistro.restaurant)
    made = take_hold(api, override=["cutoff_passed"])
    booking = created(convert(api, made["id"]))
    assert events(api, booking["id"])[0]["data"] == {
        "from_status": None,
        "to_status": "confirmed",
        "overrides_accepted": ["cutoff_passed"],
    }


def test_the_exemption_flag_is_carried_and_needs_the_override_scope(api, writer, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=4)
    policy_changed(bistro.restaurant)
    made = take_hold(api, party_size=4, excluded_from_shift_limits=True)
    assert_error(convert(writer, made["id"]), 403, "insufficient_scope", param="hold_id")
    assert api.get(f"/v1/holds/{made['id']}").json()["status"] == "held"
    booking = created(convert(api, made["id"]))
    assert booking["excluded_from_shift_limits"] is True
    book(api, party_size=4, start_time="19:00")  # still charged nothing


def test_a_plain_hold_converts_with_the_write_scope(writer, bistro):
    made = take_hold(writer)
    assert created(convert(writer, made["id"]))["excluded_from_shift_limits"] is False


def test_conversion_follows_the_services_approval_and_guarantee(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(
        approval_from_party_size=4, guarantee_per_guest_amount=1000, guarantee_from_party_size=6
    )
    policy_changed(bistro.restaurant)
    pending = created(convert(api, take_hold(api, party_size=4)["id"]))
    assert pending["status"] == "pending"
    awaiting = created(convert(api, take_hold(api, party_size=6)["id"]))
    assert awaiting["status"] == "awaiting_guarantee" and awaiting["guarantee"]["amount"] == 6000
    assert events(api, awaiting["id"]) == []
    no_email = take_hold(api, party_size=6, start_time="19:00", service_date="2026-12-06")
    assert_error(convert(api, no_email["id"], guest={"first_name": "Bob"}), 422, "email_required_for_guarantee")
    assert api.get(f"/v1/holds/{no_email['id']}").json()["status"] == "held"


def test_a_hold_whose_card_was_waived_converts_without_one(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(guarantee_per_guest_amount=1000)
    policy_changed(bistro.restaurant)
    made = take_hold(api, override=["guarantee_required"])
    booking = created(convert(api, made["id"]))
    assert booking["status"] == "confirmed" and booking["guarantee"] is None
    assert events(api, booking["id"])[0]["data"]["overrides_accepted"] == ["guarantee_required"]


def test_unknown_foreign_and_ended_holds(api, bistro, make_client):
    assert_error(convert(api, "hold_000000000000000000000000"), 404, "not_found", param="hold_id")
    stranger = make_client(RestaurantFactory())
    made = take_hold(api)
    assert_error(convert(stranger, made["id"]), 404, "not_found", param="hold_id")
    api.delete(f"/v1/holds/{made['id']}")
    assert_error(convert(api, made["id"]), 409, "hold_released", param="hold_id")
    other = take_hold(api)
    booking = created(convert(api, other["id"]))
    error = assert_error(convert(api, other["id"]), 409, "hold_already_converted", param="hold_id")
    assert booking["id"] in error["message"]
    assert Reservation.objects.count() == 1


def test_conversion_is_idempotent(api, bistro):
    made = take_hold(api)
    key = new_key()
    first = convert(api, made["id"], key=key)
    again = convert(api, made["id"], key=key)
    assert first.status_code == again.status_code == 201 and again.content == first.content
    assert Reservation.objects.count() == 1
    assert Hold.objects.get(public_id=made["id"]).status == "converted"


def test_the_converted_booking_is_modified_and_cancelled_like_any(api, bistro):
    made = take_hold(api)
    booking = created(convert(api, made["id"]))
    response = api.patch(f"/v1/reservations/{booking['id']}", {"party_size": 4}, format="json")
    assert response.status_code == 200 and table_names(response.json()) == ["T4"]
    response = api.post(f"/v1/reservations/{booking['id']}/cancel")
    assert response.json()["status"] == "cancelled"
    assert not TableAllocation.objects.exists()
    assert api.get(f"/v1/holds/{made['id']}").json()["status"] == "converted"


@pytest.mark.parametrize("field", ["entire_section_id", "excluded_from_shift_limits"])
def test_fields_fixed_by_the_hold(api, bistro, field):
    made = take_hold(api)
    value = bistro.section.public_id if field == "entire_section_id" else True
    assert_error(convert(api, made["id"], **{field: value}), 400, "bad_request", param=field)
