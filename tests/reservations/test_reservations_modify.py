"""PATCH /v1/reservations/{id}: partial, re-validated, all or nothing, with the guarantee rules."""

import datetime as dt

import pytest
import time_machine

from reservations.models import Reservation, Shift
from tests.factories import CompanyFactory, GuestFactory, SectionFactory, ShiftFactory, TableFactory
from tests.reservations.conftest import NOW
from tests.reservations.helpers import (
    REPLAYED,
    allocations_of,
    assert_error,
    book,
    codes,
    create,
    events,
    new_key,
    patch,
    policy_changed,
    set_status,
    table_names,
    violations,
)


def ok(response) -> dict:
    assert response.status_code == 200, response.content
    return response.json()


def event_types(client, rid) -> list[str]:
    return [e["type"] for e in events(client, rid)]


def last_event(client, rid) -> dict:
    return events(client, rid)[-1]


def test_a_partial_update_changes_only_what_is_sent(api, bistro):
    made = book(api, guest_notes="Window", internal_notes="VIP", metadata={"a": 1})
    body = ok(patch(api, made["id"], {"guest_notes": "Terrace"}))
    assert body["guest_notes"] == "Terrace"
    unchanged = {k: v for k, v in made.items() if k not in ("guest_notes", "updated_at")}
    assert {k: v for k, v in body.items() if k not in ("guest_notes", "updated_at")} == unchanged
    assert last_event(api, made["id"])["type"] == "reservation.updated"
    assert last_event(api, made["id"])["data"] == {"changes": {"guest_notes": {"from": "Window", "to": "Terrace"}}}
    assert ok(api.get(f"/v1/reservations/{made['id']}")) == body


def test_internal_notes_and_company(api, bistro):
    company = CompanyFactory(restaurant=bistro.restaurant, name="Acme")
    made = book(api)
    body = ok(patch(api, made["id"], {"internal_notes": "Allergic to nuts", "company_id": company.public_id}))
    assert body["internal_notes"] == "Allergic to nuts"
    assert body["company"] == {"object": "company", "id": company.public_id, "name": "Acme"}
    data = last_event(api, made["id"])["data"]
    assert data["changes"]["company"] == {"from": None, "to": company.public_id}
    assert data["changes"]["internal_notes"] == {"from": None, "to": "Allergic to nuts"}


def test_null_clears_notes_company_and_section(api, bistro):
    company = CompanyFactory(restaurant=bistro.restaurant)
    made = book(
        api,
        guest_notes="Window",
        company_id=company.public_id,
        section_id=bistro.section.public_id,
        internal_notes="note",
    )
    body = ok(
        patch(api, made["id"], {"guest_notes": None, "company_id": None, "section_id": None, "internal_notes": None})
    )
    assert body["guest_notes"] is None and body["company"] is None and body["internal_notes"] is None
    assert Reservation.objects.get(public_id=made["id"]).section_group_id is None
    assert table_names(body) == ["T2"]


def test_unknown_company_or_section_is_404_and_nothing_changes(api, bistro):
    made = book(api)
    response = patch(api, made["id"], {"company_id": "cmp_000000000000000000000000", "guest_notes": "x"})
    assert_error(response, 404, "not_found", param="company_id")
    response = patch(api, made["id"], {"section_id": "sec_000000000000000000000000", "guest_notes": "x"})
    assert_error(response, 404, "not_found", param="section_id")
    assert ok(api.get(f"/v1/reservations/{made['id']}")) == made
    assert event_types(api, made["id"]) == ["reservation.created"]


def test_a_larger_party_moves_to_a_fitting_table(api, bistro):
    made = book(api, party_size=2)
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["party_size"] == 4 and table_names(body) == ["T4"]
    assert allocations_of(made["id"]) == ["T4"]
    assert last_event(api, made["id"])["data"] == {"changes": {"party_size": {"from": 2, "to": 4}}}
    assert table_names(book(api, party_size=2)) == ["T2"]  # the old table is free again


def test_moving_the_time_and_date(api, bistro):
    made = book(api, party_size=5)
    body = ok(patch(api, made["id"], {"start_time": "20:30"}))
    assert body["starts_at"] == "2026-12-05T20:30:00+01:00" and body["ends_at"] == "2026-12-05T22:30:00+01:00"
    assert table_names(body) == ["T6"]  # its own table does not block it
    changes = last_event(api, made["id"])["data"]["changes"]
    assert changes == {"starts_at": {"from": "2026-12-05T19:30:00+01:00", "to": "2026-12-05T20:30:00+01:00"}}
    body = ok(patch(api, made["id"], {"service_date": "2026-12-06", "start_time": "19:00"}))
    assert body["service_date"] == "2026-12-06" and body["starts_at"] == "2026-12-06T19:00:00+01:00"
    assert codes(patch(api, made["id"], {"start_time": "19:10"})) == ["start_time_off_grid"]


def test_the_booking_does_not_block_itself_on_a_cap(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=8)
    policy_changed(bistro.restaurant)
    four = book(api, party_size=4)
    two = book(api, party_size=2)
    assert ok(patch(api, four["id"], {"party_size": 6}))["party_size"] == 6  # two extra covers: 8 of 8
    assert codes(patch(api, two["id"], {"party_size": 3})) == ["slot_no_longer_available"]
    body = ok(patch(api, two["id"], {"party_size": 3, "override": ["slot_no_longer_available"]}))
    assert body["party_size"] == 3
    assert last_event(api, two["id"])["data"]["overrides_accepted"] == ["slot_no_longer_available"]


def test_no_table_rolls_the_whole_modify_back(api, bistro):
    made = book(api, party_size=2, guest_notes="before")
    book(api, party_size=5)  # takes T6, the only table for five
    before = Reservation.objects.get(public_id=made["id"])
    response = patch(api, made["id"], {"party_size": 5, "guest_notes": "after", "internal_notes": "x"})
    assert violations(response) == [
        {"code": "no_table_available", "message": "No table can seat this party at this time.", "overridable": False}
    ]
    after = Reservation.objects.get(public_id=made["id"])
    assert (after.party_size, after.guest_notes, after.internal_notes) == (2, "before", None)
    assert after.updated_at == before.updated_at
    assert allocations_of(made["id"]) == ["T2"]
    assert list(after.tables.values_list("name", flat=True)) == ["T2"]
    assert event_types(api, made["id"]) == ["reservation.created"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("guest", {"first_name": "Bob"}),
        ("guest_id", "gst_000000000000000000000000"),
        ("guest_notifications", "partner_managed"),
        ("metadata", {"a": 2}),
        ("hold_id", "hold_000000000000000000000000"),
        ("table_ids", ["tbl_000000000000000000000000"]),
        ("status", "cancelled"),
        ("entire_section_id", None),
        ("source", "manual"),
        ("colour", "blue"),
    ],
)
def test_fields_that_cannot_change_are_400_naming_them(api, bistro, field, value):
    made = book(api)
    response = patch(api, made["id"], {"guest_notes": "x", field: value})
    assert_error(response, 400, "bad_request", param=field)
    assert ok(api.get(f"/v1/reservations/{made['id']}")) == made
    assert event_types(api, made["id"]) == ["reservation.created"]


@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({"party_size": None}, "party_size"),
        ({"party_size": "4"}, "party_size"),
        ({"service_date": None}, "service_date"),
        ({"start_time": "8pm"}, "start_time"),
        ({"excluded_from_shift_limits": None}, "excluded_from_shift_limits"),
        ({"section_id": "cmp_1"}, "section_id"),
        ({"guest_notes": 12}, "guest_notes"),
        ({"override": "cutoff_passed"}, "override"),
        ({"override": ["no_table_available"]}, "override"),
        ({"guarantee_request": "yes"}, "guarantee_request"),
        ({"guarantee_request": {"amount": "10"}}, "guarantee_request[amount]"),
        ({"guarantee_request": {"currency": "EUR"}}, "guarantee_request[currency]"),
        ({"guarantee_request": {"deadline_hours": 0}}, "guarantee_request[deadline_hours]"),
        ({"guarantee_request": {"cancel_on_expiry": "no"}}, "guarantee_request[cancel_on_expiry]"),
    ],
)
def test_malformed_values_are_400(api, bistro, body, param):
    made = book(api)
    assert_error(patch(api, made["id"], body), 400, "bad_request", param=param)


def test_an_empty_body_is_400(api, bistro):
    made = book(api)
    assert_error(patch(api, made["id"], {}), 400, "bad_request", param=None)
    response = api.patch(f"/v1/reservations/{made['id']}")
    assert_error(response, 400, "bad_request", param=None)
    assert_error(
        patch(api, made["id"], {"guest_notes": "x"}, query="?guest_notes=y"), 400, "bad_request", param="guest_notes"
    )


def test_scopes_and_foreign_ids(api, writer, reader, bistro):
    made = book(api)
    assert_error(patch(reader, made["id"], {"guest_notes": "x"}), 403, "insufficient_scope", param=None)
    assert_error(
        patch(writer, made["id"], {"excluded_from_shift_limits": True}),
        403,
        "insufficient_scope",
        param="excluded_from_shift_limits",
    )
    assert_error(
        patch(writer, made["id"], {"override": ["cutoff_passed"], "party_size": 3}),
        403,
        "insufficient_scope",
        param="override",
    )
    assert ok(patch(writer, made["id"], {"excluded_from_shift_limits": False, "override": []}))
    assert_error(patch(api, "resv_000000000000000000000000", {"guest_notes": "x"}), 404, "not_found")


def test_excluded_from_shift_limits_can_be_set_and_cleared(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=4)
    policy_changed(bistro.restaurant)
    made = book(api, party_size=4)
    body = ok(patch(api, made["id"], {"excluded_from_shift_limits": True}))
    assert body["excluded_from_shift_limits"] is True
    assert last_event(api, made["id"])["data"]["changes"] == {"excluded_from_shift_limits": {"from": False, "to": True}}
    book(api, party_size=4, start_time="19:00")
    assert codes(patch(api, made["id"], {"excluded_from_shift_limits": False})) == ["slot_no_longer_available"]


def test_section_moves_the_table(api, bistro):
    terrace = SectionFactory(floor_plan=bistro.plan, name="Terrasse")
    member = SectionFactory(floor_plan=bistro.plan, name="Terrasse nord", group_leader=terrace)
    TableFactory(section=member, name="P1", min_capacity=1, max_capacity=4)
    policy_changed(bistro.restaurant)
    made = book(api)
    assert table_names(ok(patch(api, made["id"], {"section_id": terrace.public_id}))) == ["P1"]
    assert table_names(ok(patch(api, made["id"], {"party_size": 3}))) == ["P1"]  # the preference stays
    assert table_names(ok(patch(api, made["id"], {"section_id": None}))) == ["T4"]


# Approval.


def test_a_move_needing_approval_sends_a_confirmed_booking_to_pending(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api, party_size=2)
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["status"] == "pending"
    event = last_event(api, made["id"])
    assert event["type"] == "reservation.pending"
    assert event["data"] == {
        "from_status": "confirmed",
        "to_status": "pending",
        "changes": {"party_size": {"from": 2, "to": 4}},
    }
    body = ok(patch(api, made["id"], {"party_size": 5}))
    assert body["status"] == "pending" and last_event(api, made["id"])["type"] == "reservation.updated"
    assert "from_status" not in last_event(api, made["id"])["data"]


def test_a_move_to_a_service_needing_approval(api, bistro):
    ShiftFactory(
        floor_plan=bistro.plan,
        name="Lunch",
        start_time=dt.time(12, 0),
        end_time=dt.time(14, 0),
        slot_interval_minutes=30,
        seating_minutes=90,
        requires_approval=True,
    )
    policy_changed(bistro.restaurant)
    made = book(api)
    body = ok(patch(api, made["id"], {"start_time": "12:30"}))
    assert body["status"] == "pending" and body["starts_at"] == "2026-12-05T12:30:00+01:00"


@pytest.mark.parametrize("channel", ["back_office", "walk_in", "phone"])
def test_staff_channels_stay_confirmed(api, bistro, channel):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api)
    set_status(made["id"], "confirmed", booking_channel=channel)
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["status"] == "confirmed" and body["booking_channel"] == channel
    assert last_event(api, made["id"])["type"] == "reservation.updated"


@pytest.mark.parametrize("channel", ["website_widget", "google_reserve", "partner_platform"])
def test_other_channels_go_pending(api, bistro, channel):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api)
    set_status(made["id"], "confirmed", booking_channel=channel)
    assert ok(patch(api, made["id"], {"party_size": 4}))["status"] == "pending"


def test_notes_alone_never_send_to_approval(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api, party_size=4)
    set_status(made["id"], "confirmed")  # approved by the restaurant
    assert ok(patch(api, made["id"], {"guest_notes": "x"}))["status"] == "confirmed"


# Final states and idempotency.


@pytest.mark.parametrize("status", ["completed", "no_show", "cancelled"])
def test_final_states_are_409(api, bistro, status):
    made = book(api)
    set_status(made["id"], status)
    assert_error(patch(api, made["id"], {"guest_notes": "x"}), 409, "reservation_finalized")
    assert Reservation.objects.get(public_id=made["id"]).guest_notes is None


def test_an_idempotent_retry_shows_the_booking_as_at_the_first_attempt(api, bistro):
    made = book(api)
    key = new_key()
    first = patch(api, made["id"], {"guest_notes": "first"}, key=key)
    assert first.status_code == 200 and not first.has_header(REPLAYED)
    ok(patch(api, made["id"], {"guest_notes": "second"}))
    replay = patch(api, made["id"], {"guest_notes": "first"}, key=key)
    assert replay.status_code == 200 and replay[REPLAYED] == "true"
    assert replay.content == first.content and replay.json()["guest_notes"] == "first"
    assert Reservation.objects.get(public_id=made["id"]).guest_notes == "second"
    assert event_types(api, made["id"]) == ["reservation.created", "reservation.updated", "reservation.updated"]
    assert_error(patch(api, made["id"], {"guest_notes": "other"}, key=key), 422, "idempotency_key_reused")


def test_patch_without_a_key_is_accepted(api, bistro):
    made = book(api)
    assert ok(patch(api, made["id"], {"party_size": 3}))["party_size"] == 3


# Guarantees.


@pytest.fixture
def guaranteed(bistro):
    """Dinner asks 15.00 EUR per guest from four guests; free cancellation up to 24 h before."""
    Shift.objects.filter(pk=bistro.shift.pk).update(
        guarantee_per_guest_amount=1500, guarantee_from_party_size=4, guarantee_cancel_hours=24
    )
    policy_changed(bistro.restaurant)
    return bistro


def test_growing_a_party_with_a_card_needs_the_guests_consent(api, guaranteed):
    made = book(api, party_size=4)
    assert made["status"] == "awaiting_guarantee"
    assert_error(patch(api, made["id"], {"party_size": 5}), 422, "guarantee_consent_guest_only")
    set_status(made["id"], "confirmed", guarantee_status="active")
    assert_error(
        patch(api, made["id"], {"party_size": 5, "override": ["guarantee_required"]}),
        422,
        "guarantee_consent_guest_only",
    )
    assert ok(api.get(f"/v1/reservations/{made['id']}"))["party_size"] == 4


def test_moving_a_booking_awaiting_its_card_keeps_the_card_request(api, guaranteed):
    made = book(api, party_size=4)
    body = ok(patch(api, made["id"], {"start_time": "20:00"}))
    assert body["status"] == "awaiting_guarantee"
    assert body["guarantee"] == made["guarantee"]
    assert events(api, made["id"]) == []


def test_a_patch_removing_the_card_requirement_announces_the_booking(api, guaranteed):
    made = book(api, party_size=4, guest={"first_name": "Alicia", "last_name": "M", "email": "a@example.com"})
    body = ok(patch(api, made["id"], {"party_size": 3}))
    assert body["status"] == "confirmed" and body["guarantee"] is None
    found = events(api, made["id"])
    assert [e["type"] for e in found] == ["reservation.created"]
    assert found[0]["data"]["to_status"] == "confirmed"


def test_putting_a_booking_without_card_onto_a_guarantee_is_refused(api, guaranteed):
    made = book(api, party_size=2)
    assert_error(patch(api, made["id"], {"party_size": 4}), 422, "guarantee_modify_requires_card")
    response = patch(api, made["id"], {"party_size": 4, "override": ["guarantee_required"]})
    assert_error(response, 422, "guarantee_modify_requires_card")
    assert ok(api.get(f"/v1/reservations/{made['id']}"))["party_size"] == 2


def test_a_booking_already_lacking_its_card_is_not_refused(api, guaranteed):
    made = book(api, party_size=4, override=["guarantee_required"])
    assert made["status"] == "confirmed"
    assert ok(patch(api, made["id"], {"party_size": 5}))["guarantee"] is None


def test_a_restaurant_unable_to_take_cards_is_not_refused(api, guaranteed):
    made = book(api, party_size=2)
    guaranteed.restaurant.payments_enabled = False
    guaranteed.restaurant.save()
    policy_changed(guaranteed.restaurant)
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["status"] == "confirmed" and body["guarantee"] is None


def test_a_guarantee_request_on_the_restaurants_terms(api, guaranteed):
    made = book(api, party_size=4, override=["guarantee_required"])
    body = ok(patch(api, made["id"], {"guarantee_request": {}}))
    assert body["status"] == "awaiting_guarantee"
    guarantee = body["guarantee"]
    assert (guarantee["object"], guarantee["kind"], guarantee["status"]) == ("guarantee", "imprint", "requested")
    assert guarantee["amount"] == 6000 and guarantee["currency"] == "EUR"
    deadline = dt.datetime.fromisoformat(guarantee["expires_at"])
    assert abs((deadline - (NOW + dt.timedelta(hours=48))).total_seconds()) < 30
    updated, requested = events(api, made["id"])[-2:]
    assert updated["type"] == "reservation.updated"
    assert updated["data"] == {"from_status": "confirmed", "to_status": "awaiting_guarantee"}
    assert requested["type"] == "reservation.guarantee_requested"
    assert requested["data"] == {"guarantee_status": "requested", "amount": 6000, "currency": "EUR"}


def test_a_guarantee_request_for_a_party_below_the_card_size_uses_the_per_guest_amount(api, guaranteed):
    made = book(api, party_size=2)
    body = ok(patch(api, made["id"], {"guarantee_request": {}}))
    assert body["guarantee"]["amount"] == 3000


def test_a_guarantee_request_with_amount_deadline_and_expiry(api, bistro):
    made = book(api)
    body = ok(
        patch(api, made["id"], {"guarantee_request": {"amount": 2500, "deadline_hours": 10, "cancel_on_expiry": False}})
    )
    assert body["guarantee"]["amount"] == 2500 and body["guarantee"]["currency"] == "EUR"
    deadline = dt.datetime.fromisoformat(body["guarantee"]["expires_at"])
    assert abs((deadline - (NOW + dt.timedelta(hours=10))).total_seconds()) < 30
    assert Reservation.objects.get(public_id=made["id"]).guarantee_cancel_on_expiry is False


def test_the_requested_deadline_is_clamped_before_the_booked_time(api, bistro):
    made = book(api)
    body = ok(patch(api, made["id"], {"guarantee_request": {"amount": 1000, "deadline_hours": 500}}))
    assert body["guarantee"]["expires_at"] == made["starts_at"]


def test_guarantee_request_refusals(api, bistro):
    pending = book(api)
    set_status(pending["id"], "pending")
    assert_error(
        patch(api, pending["id"], {"guarantee_request": {"amount": 100}}),
        422,
        "guarantee_request_not_allowed",
        param="guarantee_request",
    )
    made = book(api, start_time="20:00")
    assert_error(
        patch(api, made["id"], {"guarantee_request": {}}),
        422,
        "guarantee_amount_invalid",
        param="guarantee_request[amount]",
    )
    for amount in (0, -100):
        assert_error(
            patch(api, made["id"], {"guarantee_request": {"amount": amount}}),
            422,
            "guarantee_amount_invalid",
            param="guarantee_request[amount]",
        )
    ok(patch(api, made["id"], {"guarantee_request": {"amount": 100}}))
    assert_error(
        patch(api, made["id"], {"guarantee_request": {"amount": 100}}),
        422,
        "guarantee_request_not_allowed",
        param="guarantee_request",
    )


def test_guarantee_request_on_a_past_booking_is_not_allowed(api, bistro):
    made = book(api)
    with time_machine.travel(dt.datetime(2026, 12, 5, 19, 0, tzinfo=dt.UTC), tick=False):
        assert_error(
            patch(api, made["id"], {"guarantee_request": {"amount": 100}}),
            422,
            "guarantee_request_not_allowed",
            param="guarantee_request",
        )


def test_guarantee_request_needs_payments_and_an_email(api, bistro):
    no_email = book(api, guest={"first_name": "Bob"})
    assert_error(
        patch(api, no_email["id"], {"guarantee_request": {"amount": 100}}), 422, "email_required_for_guarantee"
    )
    made = book(api, start_time="20:00")
    bistro.restaurant.payments_enabled = False
    bistro.restaurant.save()
    assert_error(patch(api, made["id"], {"guarantee_request": {"amount": 100}}), 422, "payments_suspended")
    assert ok(api.get(f"/v1/reservations/{made['id']}"))["status"] == "confirmed"


def test_a_guarantee_request_uses_the_bookings_own_contact_email(api, bistro):
    guest = GuestFactory(restaurant=bistro.restaurant, phone="+33612345678")
    made = book(api, guest={"first_name": "Alice", "phone": "0612345678", "email": "alice@example.com"})
    assert made["guest"] == guest.public_id
    assert ok(patch(api, made["id"], {"guarantee_request": {"amount": 100}}))["status"] == "awaiting_guarantee"


def test_a_modify_that_fails_a_rule_writes_nothing(api, bistro):
    made = book(api)
    assert codes(create(api, party_size=11)) == ["party_size_too_large"]
    assert codes(patch(api, made["id"], {"party_size": 11, "guest_notes": "x"})) == ["party_size_too_large"]
    assert ok(api.get(f"/v1/reservations/{made['id']}")) == made


def test_a_smaller_party_awaiting_its_card_is_asked_for_less(api, guaranteed):
    made = book(api, party_size=5)
    assert made["guarantee"]["amount"] == 7500
    body = ok(patch(api, made["id"], {"party_size": 4}))
    assert body["status"] == "awaiting_guarantee" and body["guarantee"]["amount"] == 6000
    assert body["guarantee"]["expires_at"] == made["guarantee"]["expires_at"]


def test_moving_a_booking_whose_card_the_restaurant_requested_keeps_the_request(api, bistro):
    made = book(api)
    asked = ok(patch(api, made["id"], {"guarantee_request": {"amount": 2000}}))
    body = ok(patch(api, made["id"], {"start_time": "20:00"}))
    assert body["status"] == "awaiting_guarantee" and body["guarantee"] == asked["guarantee"]


def test_a_whole_section_booking_moves_with_all_its_tables(api, bistro):
    salon = SectionFactory(floor_plan=bistro.plan, name="Salon", area_type="private_room")
    TableFactory(section=salon, name="S1", min_capacity=2, max_capacity=6, position=1)
    TableFactory(section=salon, name="S2", min_capacity=2, max_capacity=6, position=2)
    policy_changed(bistro.restaurant)
    made = book(api, entire_section_id=salon.public_id, party_size=8)
    body = ok(patch(api, made["id"], {"start_time": "20:00", "party_size": 10}))
    assert table_names(body) == ["S1", "S2"] and body["excluded_from_shift_limits"] is True
    assert allocations_of(made["id"]) == ["S1", "S2"]


def test_an_after_midnight_seating_keeps_its_service_date_through_a_modify(api, bistro):
    ShiftFactory(
        floor_plan=bistro.plan,
        name="Late",
        start_time=dt.time(23, 0),
        end_time=dt.time(2, 0),
        slot_interval_minutes=30,
        seating_minutes=60,
    )
    policy_changed(bistro.restaurant)
    made = book(api, start_time="00:30")
    assert made["service_date"] == "2026-12-05" and made["starts_at"] == "2026-12-06T00:30:00+01:00"
    body = ok(patch(api, made["id"], {"party_size": 3}))
    assert body["service_date"] == "2026-12-05" and body["starts_at"] == "2026-12-06T00:30:00+01:00"
    body = ok(patch(api, made["id"], {"start_time": "23:30"}))
    assert body["starts_at"] == "2026-12-05T23:30:00+01:00"


def test_a_smaller_party_needs_no_new_approval(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=4)
    policy_changed(bistro.restaurant)
    made = book(api, party_size=6)
    set_status(made["id"], "confirmed")  # the restaurant approved six
    assert ok(patch(api, made["id"], {"party_size": 5}))["status"] == "confirmed"
    assert ok(patch(api, made["id"], {"section_id": bistro.section.public_id}))["status"] == "confirmed"
    assert ok(patch(api, made["id"], {"start_time": "20:00"}))["status"] == "pending"


def test_a_requested_card_deadline_is_never_in_the_past(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(guarantee_per_guest_amount=1000, guarantee_cancel_hours=24)
    policy_changed(bistro.restaurant)
    made = book(api, service_date="2026-12-01", start_time="19:00")  # free cancellation ended at 19:00 yesterday
    assert made["status"] == "awaiting_guarantee"
    assert made["guarantee"]["expires_at"] == "2026-12-01T19:00:00+01:00"
