"""POST /v1/reservations: every body field, guests, statuses, guarantees, rules and errors."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from guests.models import Guest
from reservations.models import Reservation, Shift
from tests.factories import CompanyFactory, GuestFactory, RestaurantFactory, SectionFactory, ShiftFactory, TableFactory
from tests.reservations.conftest import DAY, NOW, booking_body
from tests.reservations.helpers import (
    ID_RE,
    REPLAYED,
    assert_error,
    book,
    codes,
    create,
    created,
    events,
    new_key,
    policy_changed,
    post_json,
    table_names,
    violations,
)

RESERVATION_KEYS = [
    "object",
    "id",
    "status",
    "source",
    "booking_channel",
    "party_size",
    "service_date",
    "starts_at",
    "ends_at",
    "guest_notes",
    "guest_notifications",
    "excluded_from_shift_limits",
    "contact_email",
    "contact_phone",
    "internal_notes",
    "guest",
    "company",
    "tables",
    "guarantee",
    "metadata",
    "created_at",
    "updated_at",
]


def created_event(client, rid: str) -> dict:
    found = events(client, rid)
    assert [e["type"] for e in found] == ["reservation.created"]
    return found[0]["data"]


def test_create_answers_201_with_the_contract_fields(api, bistro):
    response = create(api)
    body = created(response)
    assert list(body) == RESERVATION_KEYS
    assert ID_RE["resv"].match(body["id"])
    assert response["Location"] == f"/v1/reservations/{body['id']}"
    assert body["object"] == "reservation" and body["status"] == "confirmed"
    assert body["source"] == "api" and body["booking_channel"] == "api"
    assert body["party_size"] == 2 and body["service_date"] == DAY
    assert body["starts_at"] == "2026-12-05T19:30:00+01:00" and body["ends_at"] == "2026-12-05T21:30:00+01:00"
    assert body["guest_notes"] is None and body["internal_notes"] is None
    assert body["contact_email"] is None and body["contact_phone"] is None
    assert body["guest_notifications"] == "service_managed" and body["excluded_from_shift_limits"] is False
    assert ID_RE["gst"].match(body["guest"])
    assert body["company"] is None and body["guarantee"] is None and body["metadata"] == {}
    assert table_names(body) == ["T2"]
    assert api.get(f"/v1/reservations/{body['id']}").json() == body


def test_every_optional_body_field_is_kept(api, bistro):
    company = CompanyFactory(restaurant=bistro.restaurant, name="Acme")
    body = book(
        api,
        guest_notes="Window please",
        internal_notes="Regular",
        guest_notifications="partner_managed",
        company_id=company.public_id,
        metadata={"partner_ref": "X-1"},
        section_id=bistro.section.public_id,
        excluded_from_shift_limits=False,
        override=[],
    )
    assert body["guest_notes"] == "Window please" and body["internal_notes"] == "Regular"
    assert body["guest_notifications"] == "partner_managed"
    assert body["company"] == {"object": "company", "id": company.public_id, "name": "Acme"}
    assert body["metadata"] == {"partner_ref": "X-1"}


@pytest.mark.parametrize(
    ("fields", "param"),
    [
        ({"guest_notifications": "never"}, "guest_notifications"),
        ({"guest_notes": 3}, "guest_notes"),
        ({"internal_notes": ["x"]}, "internal_notes"),
        ({"company_id": "resv_1"}, "company_id"),
        ({"metadata": {"k" * 41: 1}}, "metadata"),
        ({"guest": "Alice"}, "guest"),
        ({"guest": {"first_name": "A", "age": 3}}, "guest[age]"),
        ({"guest": {"email": "a@example.com"}}, "guest[first_name]"),
        ({"guest": {"first_name": "A", "email": "not-an-address"}}, "guest[email]"),
        ({"guest": {"first_name": "A", "language": "xx"}}, "guest[language]"),
        ({"guest": None}, "guest"),
        ({"guest_id": "gst_1"}, "guest_id"),  # beside guest
        ({"party_size": 0}, "party_size"),
        ({"party_size": None}, "party_size"),
        ({"start_time": "19h30"}, "start_time"),
        ({"service_date": None}, "service_date"),
        ({"hold_id": "resv_1"}, "hold_id"),
        ({"entire_section_id": "tbl_1"}, "entire_section_id"),
        ({"table_ids": ["tbl_1"]}, "table_ids"),
        ({"status": "confirmed"}, "status"),
    ],
)
def test_malformed_or_unknown_fields_are_400_naming_them(api, bistro, fields, param):
    assert_error(create(api, **fields), 400, "bad_request", param=param)
    assert not Reservation.objects.exists()


def test_a_field_in_the_query_string_is_400(api, bistro):
    assert_error(create(api, query="?party_size=2"), 400, "bad_request", param="party_size")
    assert_error(create(api, query="?expand=events"), 400, "bad_request", param="expand")


def test_idempotency_key_is_required_and_replays(api, bistro):
    assert_error(create(api, key=None), 400, "idempotency_key_invalid", param="Idempotency-Key")
    assert_error(create(api, key="x" * 256), 400, "idempotency_key_invalid", param="Idempotency-Key")
    key = new_key()
    first = create(api, key=key)
    again = create(api, key=key)
    assert again.status_code == 201 and again[REPLAYED] == "true" and not first.has_header(REPLAYED)
    assert again.content == first.content and again["Location"] == first["Location"]
    assert Reservation.objects.count() == 1
    assert_error(create(api, key=key, party_size=3), 422, "idempotency_key_reused")


def test_a_refusal_is_not_remembered_and_the_key_is_resent_with_override(api, bistro):
    bistro.restaurant.max_party_size = 4
    bistro.restaurant.save()
    policy_changed(bistro.restaurant)
    key = new_key()
    assert codes(create(api, key=key, party_size=5)) == ["party_size_too_large"]
    body = created(create(api, key=key, party_size=5, override=["party_size_too_large"]))
    assert body["party_size"] == 5 and table_names(body) == ["T6"]
    assert created(create(api, key=key, party_size=5))["id"] == body["id"]  # override is not in the key


def test_scopes(reader, writer, no_guests, bistro):
    assert_error(create(reader), 403, "insufficient_scope", param=None)
    assert_error(create(writer, override=["cutoff_passed"]), 403, "insufficient_scope", param="override")
    assert_error(
        create(writer, excluded_from_shift_limits=True), 403, "insufficient_scope", param="excluded_from_shift_limits"
    )
    assert_error(create(writer, entire_section_id="sec_unknown"), 403, "insufficient_scope", param="entire_section_id")
    assert_error(create(no_guests, query="?expand=guest"), 403, "insufficient_scope", param="expand")
    assert_error(create(no_guests, query="?expand=modification_token"), 403, "insufficient_scope", param="expand")
    assert created(create(writer, override=[], excluded_from_shift_limits=False))["status"] == "confirmed"
    assert Reservation.objects.count() == 1


# Guests.


def test_a_new_guest_is_created_with_source_api(api, bistro):
    body = book(
        api,
        guest={"first_name": " Zoé ", "last_name": "Durand", "email": " Zoe@Example.COM ", "phone": "06 12 34 56 78"},
        query="?expand=guest",
    )
    guest = body["guest"]
    assert guest["object"] == "guest" and ID_RE["gst"].match(guest["id"])
    assert (guest["first_name"], guest["last_name"]) == ("Zoé", "Durand")
    assert guest["email"] == "zoe@example.com" and guest["phone"] == "+33612345678"
    assert guest["source"] == "api" and guest["language"] == "fr"
    assert created_event(api, body["id"]) == {"from_status": None, "to_status": "confirmed"}


def test_a_guest_with_only_a_last_name_and_a_language(api, bistro):
    body = book(api, guest={"last_name": "Durand", "language": "en"}, query="?expand=guest")
    assert body["guest"]["first_name"] is None and body["guest"]["language"] == "en"
    assert body["guest"]["email"] is None and body["guest"]["phone"] is None


def test_guest_is_matched_by_email_case_insensitively(api, bistro):
    known = GuestFactory(restaurant=bistro.restaurant, email="alice@example.com")
    body = book(api, guest={"first_name": "Alice", "last_name": "Martin", "email": "  ALICE@Example.com "})
    assert body["guest"] == known.public_id
    assert Guest.objects.count() == 1
    assert created_event(api, body["id"]) == {"from_status": None, "to_status": "confirmed"}


def test_guest_is_matched_by_phone_in_e164(api, bistro):
    known = GuestFactory(restaurant=bistro.restaurant, phone="+33612345678")
    body = book(api, guest={"first_name": "Alice", "last_name": "Martin", "phone": "06 12 34 56 78"})
    assert body["guest"] == known.public_id and Guest.objects.count() == 1
    assert created_event(api, body["id"]) == {"from_status": None, "to_status": "confirmed"}


def test_what_the_booker_typed_is_kept_on_the_created_event_when_it_differs(api, bistro):
    known = GuestFactory(restaurant=bistro.restaurant, email="old@example.com", phone="+33612345678")
    body = book(
        api,
        guest={"first_name": "Alicia", "last_name": "Martin", "email": "new@example.com", "phone": "06.12.34.56.78"},
    )
    assert body["guest"] == known.public_id
    # The booking's own contact is what was typed where the profile differs.
    assert body["contact_email"] == "new@example.com" and body["contact_phone"] is None
    data = created_event(api, body["id"])
    assert data["submitted_guest_name"] == "Alicia Martin"
    assert data["submitted_email"] == "new@example.com"
    assert "submitted_phone" not in data
    other = book(
        api,
        start_time="20:00",
        guest={"first_name": "alice", "last_name": "MARTIN", "email": "OLD@example.com", "phone": "+33 7 00 00 00 00"},
    )
    assert other["contact_email"] is None and other["contact_phone"] == "+33700000000"
    data = created_event(api, other["id"])
    assert "submitted_guest_name" not in data and "submitted_email" not in data
    assert data["submitted_phone"] == "+33700000000"


def test_guests_of_another_restaurant_are_never_matched(api, bistro):
    GuestFactory(restaurant=RestaurantFactory(), email="alice@example.com")
    body = book(api)
    assert Guest.objects.filter(restaurant=bistro.restaurant, public_id=body["guest"]).exists()


def test_guest_id_books_an_existing_profile(api, bistro):
    known = GuestFactory(restaurant=bistro.restaurant, email="alice@example.com")
    body = book(api, guest=None, guest_id=known.public_id)
    assert body["guest"] == known.public_id
    assert created_event(api, body["id"]) == {"from_status": None, "to_status": "confirmed"}


def test_guest_id_of_a_merged_profile_books_the_survivor(api, bistro):
    survivor = GuestFactory(restaurant=bistro.restaurant, email="alice@example.com")
    merged = GuestFactory(restaurant=bistro.restaurant, email="alice.old@example.com", merged_into=survivor)
    assert book(api, guest=None, guest_id=merged.public_id)["guest"] == survivor.public_id


def test_unknown_or_foreign_guest_id_is_404(api, bistro):
    foreign = GuestFactory(restaurant=RestaurantFactory())
    for guest_id in ("gst_000000000000000000000000", foreign.public_id):
        assert_error(create(api, guest=None, guest_id=guest_id), 404, "not_found", param="guest_id")
    assert_error(create(api, guest=None), 400, "bad_request", param="guest")


def test_required_guest_fields(api, bistro):
    bistro.restaurant.required_guest_fields = ["phone", "email"]
    bistro.restaurant.save()
    error = assert_error(
        create(api, guest={"first_name": "Alice", "last_name": "Martin"}),
        422,
        "guest_fields_required",
        param="guest[phone]",
    )
    assert "phone" in error["message"] and "email" in error["message"]
    assert_error(
        create(api, guest={"first_name": "A", "phone": "0612345678"}),
        422,
        "guest_fields_required",
        param="guest[email]",
    )
    assert not Reservation.objects.exists() and not Guest.objects.exists()
    book(api, guest={"first_name": "A", "phone": "0612345678", "email": "a@example.com"})
    known = GuestFactory(restaurant=bistro.restaurant)  # no phone, no e-mail: guest_id is not checked
    book(api, guest=None, guest_id=known.public_id, start_time="20:00")


# Sections and companies.


@pytest.fixture
def terrace(bistro):
    terrace = SectionFactory(floor_plan=bistro.plan, name="Terrasse", area_type="terrace")
    member = SectionFactory(floor_plan=bistro.plan, name="Terrasse nord", group_leader=terrace)
    TableFactory(section=terrace, name="P1", min_capacity=1, max_capacity=4, position=1)
    TableFactory(section=member, name="P2", min_capacity=1, max_capacity=4, position=2)
    policy_changed(bistro.restaurant)
    return terrace, member


def test_section_id_books_in_the_group(api, bistro, terrace):
    _, member = terrace
    assert table_names(book(api, section_id=member.public_id)) == ["P1"]
    assert table_names(book(api, section_id=member.public_id)) == ["P2"]
    assert codes(create(api, section_id=member.public_id)) == ["no_table_available_in_section"]
    assert_error(create(api, section_id="sec_000000000000000000000000"), 404, "not_found", param="section_id")


def test_unknown_or_foreign_company_is_404(api, bistro):
    foreign = CompanyFactory()
    for company_id in ("cmp_000000000000000000000000", foreign.public_id):
        assert_error(create(api, company_id=company_id), 404, "not_found", param="company_id")
    assert not Reservation.objects.exists()


# Whole sections.


def test_entire_section_books_every_table_of_the_group(api, bistro, terrace):
    _, member = terrace
    bistro.shift.max_covers = 4
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    body = book(api, entire_section_id=member.public_id, party_size=8)
    assert table_names(body) == ["P1", "P2"]
    assert body["excluded_from_shift_limits"] is True
    book(api, party_size=4)  # the whole-section booking charged no covers


def test_entire_section_can_be_charged_to_the_caps(api, bistro, terrace):
    leader, _ = terrace
    bistro.shift.max_covers = 4
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    body = book(api, entire_section_id=leader.public_id, party_size=3, excluded_from_shift_limits=False)
    assert body["excluded_from_shift_limits"] is False
    assert codes(create(api, party_size=2)) == ["slot_no_longer_available"]


def test_entire_section_refused_when_a_table_is_occupied(api, bistro, terrace):
    leader, member = terrace
    book(api, section_id=leader.public_id, start_time="19:00")
    refused = violations(create(api, entire_section_id=leader.public_id, party_size=6, start_time="20:00"))
    assert len(refused) == 1
    occupied = refused[0]
    assert occupied["code"] == "section_occupied" and occupied["overridable"] is False
    assert [c["table"]["name"] for c in occupied["conflicts"]] == ["P1"]
    conflict = occupied["conflicts"][0]
    assert conflict["table"]["object"] == "table" and ID_RE["tbl"].match(conflict["table"]["id"])
    assert (conflict["start_time"], conflict["end_time"]) == ("19:00", "21:00")
    book(api, section_id=leader.public_id, start_time="19:30")
    refused = violations(create(api, entire_section_id=member.public_id, party_size=6, start_time="20:00"))
    assert [c["table"]["name"] for c in refused[0]["conflicts"]] == ["P1", "P2"]


def test_entire_section_unknown_is_404(api, bistro):
    assert_error(
        create(api, entire_section_id="sec_000000000000000000000000"), 404, "not_found", param="entire_section_id"
    )


# Expansions.


def test_expand_guest_and_modification_token(api, bistro):
    body = book(api, query="?expand=guest,modification_token")
    assert body["guest"]["object"] == "guest" and body["guest"]["email"] == "alice@example.com"
    token = body["modification_token"]
    assert isinstance(token, str) and len(token) >= 20
    assert Reservation.objects.get(public_id=body["id"]).modification_token == token
    plain = api.get(f"/v1/reservations/{body['id']}").json()
    assert "modification_token" not in plain and isinstance(plain["guest"], str)


# Statuses.


def test_a_service_requiring_approval_lands_pending(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(requires_approval=True)
    policy_changed(bistro.restaurant)
    body = book(api)
    assert body["status"] == "pending"
    assert created_event(api, body["id"]) == {"from_status": None, "to_status": "pending"}


def test_approval_from_a_party_size(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(approval_from_party_size=5)
    policy_changed(bistro.restaurant)
    assert book(api, party_size=4)["status"] == "confirmed"
    assert book(api, party_size=5)["status"] == "pending"


@pytest.fixture
def guaranteed(bistro):
    """Dinner asks a card of 15.00 EUR per guest from 4 guests; cancellation free up to 24 h before."""
    Shift.objects.filter(pk=bistro.shift.pk).update(
        guarantee_per_guest_amount=1500, guarantee_from_party_size=4, guarantee_cancel_hours=24
    )
    policy_changed(bistro.restaurant)
    return bistro


def test_a_guaranteed_slot_awaits_the_card(api, guaranteed):
    body = book(api, party_size=4)
    assert body["status"] == "awaiting_guarantee"
    guarantee = body["guarantee"]
    assert guarantee["object"] == "guarantee" and guarantee["kind"] == "imprint"
    assert guarantee["status"] == "requested"
    assert guarantee["amount"] == 6000 and guarantee["currency"] == "EUR"
    deadline = dt.datetime.fromisoformat(guarantee["expires_at"])
    assert abs((deadline - (NOW + dt.timedelta(hours=48))).total_seconds()) < 30
    assert guarantee["expires_at"].endswith("+01:00")
    assert events(api, body["id"]) == []
    assert book(api, party_size=2)["guarantee"] is None


def test_the_card_deadline_is_clamped_before_free_cancellation_ends(api, guaranteed):
    Shift.objects.filter(pk=guaranteed.shift.pk).update(guarantee_cancel_hours=96)
    policy_changed(guaranteed.restaurant)
    body = book(api, party_size=4)
    assert body["guarantee"]["expires_at"] == "2026-12-01T19:30:00+01:00"  # 96 h before 12-05 19:30


def test_a_guarantee_with_approval_still_awaits_the_card_first(api, guaranteed):
    Shift.objects.filter(pk=guaranteed.shift.pk).update(requires_approval=True)
    policy_changed(guaranteed.restaurant)
    assert book(api, party_size=4)["status"] == "awaiting_guarantee"


def test_a_guaranteed_slot_needs_an_email(api, guaranteed):
    response = create(api, party_size=4, guest={"first_name": "Bob", "phone": "0612345678"})
    assert_error(response, 422, "email_required_for_guarantee", param="guest[email]")
    assert not Reservation.objects.exists() and not Guest.objects.exists()
    known = GuestFactory(restaurant=guaranteed.restaurant)
    assert_error(
        create(api, party_size=4, guest=None, guest_id=known.public_id),
        422,
        "email_required_for_guarantee",
        param="guest_id",
    )


def test_a_typed_email_serves_a_guest_matched_by_phone_without_one(api, guaranteed):
    known = GuestFactory(restaurant=guaranteed.restaurant, phone="+33612345678")
    body = book(
        api,
        party_size=4,
        guest={"first_name": "Alice", "last_name": "Martin", "email": "alice@example.com", "phone": "0612345678"},
    )
    assert body["guest"] == known.public_id and body["status"] == "awaiting_guarantee"
    assert body["contact_email"] == "alice@example.com"


def test_override_waives_the_card(api, guaranteed):
    body = book(api, party_size=4, override=["guarantee_required"])
    assert body["status"] == "confirmed" and body["guarantee"] is None
    assert created_event(api, body["id"])["overrides_accepted"] == ["guarantee_required"]


def test_guarantee_required_when_the_restaurant_cannot_take_cards(api, guaranteed):
    guaranteed.restaurant.payments_enabled = False
    guaranteed.restaurant.save()
    policy_changed(guaranteed.restaurant)
    assert violations(create(api, party_size=4)) == [
        {
            "code": "guarantee_required",
            "message": "This slot needs a card guarantee, which the restaurant cannot ask for now.",
            "overridable": True,
        }
    ]
    body = book(api, party_size=4, override=["guarantee_required"])
    assert body["status"] == "confirmed" and body["guarantee"] is None
    assert created_event(api, body["id"])["overrides_accepted"] == ["guarantee_required"]
    assert book(api, party_size=2)["status"] == "confirmed"  # below the card's party size


# Rules, overrides and the refusal envelope.


def test_violations_come_in_the_contracts_order(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(
        max_covers=5, cutoff_minutes=365 * 24 * 60, guarantee_per_guest_amount=1000
    )
    bistro.restaurant.payments_enabled = False
    bistro.restaurant.save()
    policy_changed(bistro.restaurant)
    refused = violations(create(api, party_size=12, service_date="2027-06-05"))
    assert refused == [
        {
            "code": "party_size_too_large",
            "message": "The party is larger than the restaurant accepts online.",
            "param": "party_size",
            "overridable": True,
        },
        {
            "code": "advance_window_exceeded",
            "message": "The date is beyond the restaurant's booking window.",
            "overridable": True,
        },
        {"code": "cutoff_passed", "message": "Online booking for this service has closed.", "overridable": True},
        {
            "code": "slot_no_longer_available",
            "message": "The service's covers limit is reached for this party.",
            "param": "party_size",
            "overridable": True,
        },
        {
            "code": "guarantee_required",
            "message": "This slot needs a card guarantee, which the restaurant cannot ask for now.",
            "overridable": True,
        },
    ]
    single = assert_error(create(api, party_size=12), 422, "booking_rules_violated")
    assert single["message"] == "The request breaks one or more booking rules; see `violations`."


def test_party_size_too_small(api, bistro):
    bistro.restaurant.min_party_size = 3
    bistro.restaurant.save()
    policy_changed(bistro.restaurant)
    assert violations(create(api, party_size=2)) == [
        {
            "code": "party_size_too_small",
            "message": "The party is smaller than the restaurant accepts online.",
            "param": "party_size",
            "overridable": True,
        }
    ]


def test_date_in_past_is_not_overridable(api, bistro):
    lunch = ShiftFactory(
        floor_plan=bistro.plan,
        name="Breakfast",
        start_time=dt.time(8, 0),
        end_time=dt.time(9, 30),
        slot_interval_minutes=30,
        seating_minutes=60,
    )
    assert lunch.pk
    policy_changed(bistro.restaurant)
    refused = violations(create(api, service_date="2026-12-01", start_time="08:00"))
    assert refused == [
        {"code": "date_in_past", "message": "The requested seating time has passed.", "overridable": False}
    ]
    assert_error(
        create(api, service_date="2026-12-01", start_time="08:00", override=["date_in_past"]),
        400,
        "bad_request",
        param="override",
    )


def test_no_service_and_off_grid_come_alone(api, bistro):
    assert codes(create(api, start_time="12:00", party_size=12)) == ["no_service_at_this_time"]
    assert "param" not in violations(create(api, start_time="12:00"))[0]
    off = violations(create(api, start_time="19:10", party_size=12))
    assert len(off) == 1 and off[0]["code"] == "start_time_off_grid" and off[0]["param"] == "start_time"
    assert "19:10" in off[0]["message"] and "21:30" in off[0]["message"]
    assert codes(create(api, service_date="2026-12-06", start_time="12:00")) == ["no_service_at_this_time"]


def test_the_table_search_is_never_listed_beside_the_rules(api, bistro):
    book(api, party_size=5)  # T6 is the only table for five
    Shift.objects.filter(pk=bistro.shift.pk).update(cutoff_minutes=365 * 24 * 60)
    policy_changed(bistro.restaurant)
    key = new_key()
    assert codes(create(api, key=key, party_size=6)) == ["cutoff_passed"]
    second = violations(create(api, key=key, party_size=6, override=["cutoff_passed"]))
    assert second == [
        {"code": "no_table_available", "message": "No table can seat this party at this time.", "overridable": False}
    ]


def test_overrides_accepted_only_when_they_waived_something(api, bistro):
    ahead = book(api, override=["party_size_too_large", "cutoff_passed"])
    assert created_event(api, ahead["id"]) == {"from_status": None, "to_status": "confirmed"}
    bistro.restaurant.max_party_size = 4
    bistro.restaurant.save()
    policy_changed(bistro.restaurant)
    waived = book(api, party_size=5, override=["party_size_too_large", "cutoff_passed"])
    assert created_event(api, waived["id"])["overrides_accepted"] == ["party_size_too_large"]


@pytest.mark.parametrize(
    "override", [["no_table_available"], ["section_occupied"], ["unknown_code"], "party_size_too_large", [None]]
)
def test_override_of_a_code_that_cannot_be_waived_is_400(api, bistro, override):
    assert_error(create(api, override=override), 400, "bad_request", param="override")


def test_excluded_from_shift_limits(api, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=2)
    policy_changed(bistro.restaurant)
    body = book(api, party_size=4, excluded_from_shift_limits=True)
    assert body["excluded_from_shift_limits"] is True
    book(api, party_size=2)
    assert codes(create(api, party_size=1, start_time="21:00")) == ["slot_no_longer_available"]


def test_guest_notifications_defaults_and_is_kept(api, bistro):
    assert book(api)["guest_notifications"] == "service_managed"
    assert book(api, guest_notifications="partner_managed", start_time="20:00")["guest_notifications"] == (
        "partner_managed"
    )


def test_body_must_be_a_json_object(api, bistro):
    response = api.post("/v1/reservations", b"[1]", content_type="application/json", HTTP_IDEMPOTENCY_KEY=new_key())
    assert_error(response, 400, "bad_request")
    response = post_json(api, "/v1/reservations", {})
    assert_error(response, 400, "bad_request")


def test_booking_body_fixture_is_a_valid_create(api, bistro):
    assert created(post_json(api, "/v1/reservations", booking_body()))["status"] == "confirmed"


def test_entire_section_without_tables_names_the_field_sent(api, bistro):
    empty = SectionFactory(floor_plan=bistro.plan, name="Cave")
    policy_changed(bistro.restaurant)
    refused = violations(create(api, entire_section_id=empty.public_id, party_size=4))
    assert [v["code"] for v in refused] == ["no_table_available_in_section"]
    assert refused[0]["param"] == "entire_section_id"


def test_the_guest_profile_is_looked_up_under_the_lock_in_its_round_trip(api, bistro):
    """The guest match goes behind the restaurant lock in one round trip (no round trip of its own),
    and still finds the profile: a second booking by the same e-mail lands on the first's guest."""
    first = book(api, start_time="19:00", guest={"first_name": "Ada", "last_name": "L", "email": "ada@example.com"})
    with CaptureQueriesContext(connection) as queries:
        second = book(
            api, start_time="20:00", guest={"first_name": "Ada", "last_name": "L", "email": "ADA@example.com"}
        )
    assert second["guest"] == first["guest"]
    matches = [q["sql"] for q in queries.captured_queries if "guest_match" in q["sql"]]
    assert len(matches) == 1 and "EXECUTE restaurant_lock" in matches[0]
    assert matches[0].index("restaurant_lock") < matches[0].index("guest_match")
