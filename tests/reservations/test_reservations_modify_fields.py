"""PATCH /v1/reservations/{id}, what changes: partial, re-validated (tables, caps, rules), all or
nothing; the fields that may not change, malformed bodies, scopes and idempotent retries.
Approval, final states and the guarantee rules: test_reservations_modify_status.py."""

import datetime as dt

import pytest

from reservations.models import Reservation, Shift
from tests.factories import CompanyFactory, SectionFactory, ShiftFactory, TableFactory
from tests.reservations.helpers import (
    REPLAYED,
    allocations_of,
    assert_error,
    book,
    codes,
    create,
    event_types,
    last_event,
    new_key,
    ok,
    patch,
    policy_changed,
    table_names,
    violations,
)


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


def test_a_modify_that_fails_a_rule_writes_nothing(api, bistro):
    made = book(api)
    assert codes(create(api, party_size=11)) == ["party_size_too_large"]
    assert codes(patch(api, made["id"], {"party_size": 11, "guest_notes": "x"})) == ["party_size_too_large"]
    assert ok(api.get(f"/v1/reservations/{made['id']}")) == made


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


def test_a_whole_section_booking_moves_with_all_its_tables(api, bistro):
    salon = SectionFactory(floor_plan=bistro.plan, name="Salon", area_type="private_room")
    TableFactory(section=salon, name="S1", min_capacity=2, max_capacity=6, position=1)
    TableFactory(section=salon, name="S2", min_capacity=2, max_capacity=6, position=2)
    policy_changed(bistro.restaurant)
    made = book(api, entire_section_id=salon.public_id, party_size=8)
    body = ok(patch(api, made["id"], {"start_time": "20:00", "party_size": 10}))
    assert table_names(body) == ["S1", "S2"] and body["excluded_from_shift_limits"] is True
    assert allocations_of(made["id"]) == ["S1", "S2"]


# Idempotency.


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
