"""POST /v1/reservations, the request and the answer: every body field and its errors, the
Idempotency-Key, scopes, guests (new, matched, by id, required fields) and expansions.
The sections, statuses, guarantees and booking rules: test_reservations_create_rules.py."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from guests.models import Guest
from reservations.models import Reservation
from tests.factories import CompanyFactory, GuestFactory, RestaurantFactory
from tests.reservations.conftest import DAY, booking_body
from tests.reservations.helpers import (
    ID_RE,
    REPLAYED,
    assert_error,
    book,
    codes,
    create,
    created,
    created_event,
    new_key,
    policy_changed,
    post_json,
    table_names,
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


def test_guest_notifications_defaults_and_is_kept(api, bistro):
    assert book(api)["guest_notifications"] == "service_managed"
    assert book(api, guest_notifications="partner_managed", start_time="20:00")["guest_notifications"] == (
        "partner_managed"
    )


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


def test_body_must_be_a_json_object(api, bistro):
    response = api.post("/v1/reservations", b"[1]", content_type="application/json", HTTP_IDEMPOTENCY_KEY=new_key())
    assert_error(response, 400, "bad_request")
    response = post_json(api, "/v1/reservations", {})
    assert_error(response, 400, "bad_request")


def test_booking_body_fixture_is_a_valid_create(api, bistro):
    assert created(post_json(api, "/v1/reservations", booking_body()))["status"] == "confirmed"


def test_unknown_or_foreign_company_is_404(api, bistro):
    foreign = CompanyFactory()
    for company_id in ("cmp_000000000000000000000000", foreign.public_id):
        assert_error(create(api, company_id=company_id), 404, "not_found", param="company_id")
    assert not Reservation.objects.exists()


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


# Expansions.


def test_expand_guest_and_modification_token(api, bistro):
    body = book(api, query="?expand=guest,modification_token")
    assert body["guest"]["object"] == "guest" and body["guest"]["email"] == "alice@example.com"
    token = body["modification_token"]
    assert isinstance(token, str) and len(token) >= 20
    assert Reservation.objects.get(public_id=body["id"]).modification_token == token
    plain = api.get(f"/v1/reservations/{body['id']}").json()
    assert "modification_token" not in plain and isinstance(plain["guest"], str)
