"""Real responses, made through the API client, match the document: status, headers and body.

Every body is validated (Draft 2020-12, formats checked) against the schema documented
for its operation and status, with every documented object closed to undocumented
fields. A change to a serializer that the document does not follow fails here.
"""

import datetime as dt
import json

import pytest

from reservations.services.availability_version import bump_availability_version
from tests.factories import ClosureFactory, CompanyFactory, SectionFactory, ShiftFactory, TableFactory
from tests.reservations.conftest import DAY, booking_body

READ_WRITE = ["reservations:read", "reservations:write"]


@pytest.fixture
def writer(restaurant, make_client):
    """Reads and writes, without guests:read nor the override scope: guest data is gated."""
    return make_client(restaurant, READ_WRITE)


def hold_body(**fields) -> dict:
    return {"service_date": DAY, "start_time": "19:30", "party_size": 2, **fields}


def test_ping(api, conform):
    assert conform.check(api.get("/v1/ping")) == {"object": "ping", "ok": True}


def test_configuration_and_sections_with_revalidation(api, bistro, conform):
    CompanyFactory(restaurant=bistro.restaurant)
    response = api.get("/v1/configuration")
    body = conform.check(response)
    assert body["object"] == "configuration"
    conform.check(api.get("/v1/configuration", HTTP_IF_NONE_MATCH=response["ETag"]))
    response = api.get("/v1/sections")
    assert conform.check(response)["data"][0]["name"] == "Salle"
    assert conform.check(api.get("/v1/sections", HTTP_IF_NONE_MATCH=response["ETag"])) is None


def test_day_availability(api, bistro, conform):
    response = api.get("/v1/availability", {"service_date": DAY, "party_size": 2})
    body = conform.check(response)
    assert body["shifts"] and body["shifts"][0]["slots"]
    assert (
        conform.check(
            api.get("/v1/availability", {"service_date": DAY, "party_size": 2}, HTTP_IF_NONE_MATCH=response["ETag"])
        )
        is None
    )
    body = conform.check(
        api.get(
            "/v1/availability",
            {"service_date": DAY, "party_size": 4, "section_id": bistro.section.public_id, "locale": "en"},
        )
    )
    assert body["section_id"] == bistro.section.public_id


def test_day_availability_with_a_card_guarantee_and_a_closure(api, bistro, conform):
    bistro.shift.guarantee_per_guest_amount = 2500
    bistro.shift.guarantee_from_party_size = 4
    bistro.shift.guarantee_cancel_hours = 48
    bistro.shift.save()
    bump_availability_version(bistro.restaurant.pk)
    body = conform.check(api.get("/v1/availability", {"service_date": DAY, "party_size": 4}))
    assert body["shifts"][0]["guarantee"]["amount"] == 10000
    ClosureFactory(
        restaurant=bistro.restaurant,
        name={"fr": "Congés"},
        guest_message=None,
        start_date=dt.date(2026, 12, 24),
        end_date=dt.date(2026, 12, 26),
    )
    bump_availability_version(bistro.restaurant.pk)
    body = conform.check(api.get("/v1/availability", {"service_date": "2026-12-25", "party_size": 2}))
    assert body["closure"]["name"] == "Congés" and body["shifts"] == []


def test_month_availability(api, bistro, conform):
    ClosureFactory(
        restaurant=bistro.restaurant, name=None, start_date=dt.date(2026, 12, 24), end_date=dt.date(2026, 12, 26)
    )
    bump_availability_version(bistro.restaurant.pk)
    response = api.get("/v1/availability/months", {"month": "2026-12"})
    body = conform.check(response)
    assert len(body["days"]) == 31 and body["days"][24]["closed"] is True
    conform.check(api.get("/v1/availability/months", {"month": "2026-12"}, HTTP_IF_NONE_MATCH=response["ETag"]))


def test_month_availability_with_section_groups(api, bistro, conform):
    SectionFactory(floor_plan=bistro.plan, name="Fond", group_leader=bistro.section)
    terrace = SectionFactory(floor_plan=bistro.plan, name="Terrasse", area_type="terrace")
    TableFactory(section=terrace, name="X1", min_capacity=2, max_capacity=4)
    bistro.restaurant.show_seating_preference = True
    bistro.restaurant.save(update_fields=["show_seating_preference"])
    bump_availability_version(bistro.restaurant.pk)
    body = conform.check(api.get("/v1/availability/months", {"month": "2026-12", "locale": "en"}))
    assert any(day["sections"] for day in body["days"])
    conform.check(api.get("/v1/sections"))


def test_hold_lifecycle(api, bistro, conform):
    response = api.post("/v1/holds", hold_body(metadata={"basket": "b1"}), format="json", HTTP_IDEMPOTENCY_KEY="h1")
    hold = conform.check(response)
    assert response.status_code == 201 and response["Location"] == f"/v1/holds/{hold['id']}"
    replay = api.post("/v1/holds", hold_body(metadata={"basket": "b1"}), format="json", HTTP_IDEMPOTENCY_KEY="h1")
    assert conform.check(replay)["id"] == hold["id"] and replay["Idempotent-Replayed"] == "true"
    commitment = conform.check(
        api.post(
            "/v1/holds",
            hold_body(kind="commitment", party_size=5, start_time="20:00"),
            format="json",
            HTTP_IDEMPOTENCY_KEY="h2",
        )
    )
    assert commitment["kind"] == "commitment"
    listed = conform.check(api.get("/v1/holds", {"status": "held", "limit": 1}))
    assert listed["has_more"] is True
    conform.check(api.get("/v1/holds", {"date": DAY, "starting_after": listed["data"][0]["id"]}))
    assert conform.check(api.get(f"/v1/holds/{hold['id']}"))["status"] == "held"
    released = conform.check(api.delete(f"/v1/holds/{hold['id']}"))
    assert released["status"] == "released" and released["ended_at"] is not None
    assert conform.check(api.delete(f"/v1/holds/{hold['id']}"))["status"] == "released"
    conform.check(api.get("/v1/holds", {"status": "released"}))
    conform.check(api.get("/v1/availability", {"service_date": DAY, "party_size": 2, "excluding": commitment["id"]}))


def test_hold_conversion(api, bistro, conform):
    hold = conform.check(
        api.post("/v1/holds", hold_body(party_size=5, start_time="20:00"), format="json", HTTP_IDEMPOTENCY_KEY="h1")
    )
    response = api.post(
        "/v1/reservations",
        {"hold_id": hold["id"], "guest": {"first_name": "Bob", "last_name": None}},
        format="json",
        HTTP_IDEMPOTENCY_KEY="c1",
    )
    reservation = conform.check(response)
    converted = conform.check(api.get(f"/v1/holds/{hold['id']}"))
    assert converted["status"] == "converted" and converted["reservation"] == reservation["id"]
    error = conform.check(api.delete(f"/v1/holds/{hold['id']}"))
    assert error["error"]["code"] == "hold_already_converted"


def test_reservation_lifecycle(api, bistro, conform):
    company = CompanyFactory(restaurant=bistro.restaurant)
    response = api.post(
        "/v1/reservations?expand=guest",
        booking_body(
            guest_notes="Window", internal_notes="Regular", company_id=company.public_id, metadata={"ref": "A-1"}
        ),
        format="json",
        HTTP_IDEMPOTENCY_KEY="r1",
    )
    created = conform.check(response)
    rid = created["id"]
    assert response.status_code == 201 and response["Location"] == f"/v1/reservations/{rid}"
    assert created["guest"]["object"] == "guest" and created["company"]["id"] == company.public_id
    replay = api.post(
        "/v1/reservations?expand=guest",
        booking_body(
            guest_notes="Window", internal_notes="Regular", company_id=company.public_id, metadata={"ref": "A-1"}
        ),
        format="json",
        HTTP_IDEMPOTENCY_KEY="r1",
    )
    assert conform.check(replay)["id"] == rid and replay["Idempotent-Replayed"] == "true"
    conform.check(
        api.post(
            "/v1/reservations?expand=modification_token",
            booking_body(start_time="20:00"),
            format="json",
            HTTP_IDEMPOTENCY_KEY="r2",
        )
    )

    listed = conform.check(api.get("/v1/reservations", {"expand": "guest,events", "limit": 1}))
    assert listed["data"][0]["events"] and listed["has_more"] is True
    conform.check(
        api.get(
            "/v1/reservations",
            {
                "status": "confirmed",
                "source": "api",
                "date[gte]": DAY,
                "date[lte]": DAY,
                "id": rid,
                "updated_since": "2026-01-01T00:00:00Z",
            },
        )
    )
    guest_id = created["guest"]["id"]
    assert conform.check(api.get("/v1/reservations", {"guest_id": guest_id}))["data"]
    body = conform.check(api.get(f"/v1/reservations/{rid}", {"expand": "events,modification_token,guest"}))
    assert body["modification_token"] and body["events"][0]["type"] == "reservation.created"

    modified = conform.check(
        api.patch(
            f"/v1/reservations/{rid}",
            {"party_size": 4, "company_id": None, "guest_notes": None},
            format="json",
            HTTP_IDEMPOTENCY_KEY="m1",
        )
    )
    assert modified["party_size"] == 4 and modified["company"] is None
    conform.check(api.patch(f"/v1/reservations/{rid}", {"start_time": "20:30"}, format="json"))
    events = conform.check(api.get(f"/v1/reservations/{rid}/events"))
    assert [e["type"] for e in events["data"]][:2] == ["reservation.created", "reservation.updated"]
    conform.check(api.get(f"/v1/reservations/{rid}/events", {"limit": 1, "starting_after": events["data"][0]["id"]}))

    cancelled = conform.check(api.post(f"/v1/reservations/{rid}/cancel", HTTP_IDEMPOTENCY_KEY="x1"))
    assert cancelled["status"] == "cancelled"
    assert conform.check(api.post(f"/v1/reservations/{rid}/cancel"))["status"] == "cancelled"
    events = conform.check(api.get(f"/v1/reservations/{rid}/events"))
    assert events["data"][-1]["type"] == "reservation.cancelled"
    error = conform.check(api.patch(f"/v1/reservations/{rid}", {"party_size": 2}, format="json"))
    assert error["error"]["code"] == "reservation_finalized"


def test_reservation_on_a_card_guarantee(api, bistro, conform):
    bistro.shift.guarantee_per_guest_amount = 2500
    bistro.shift.guarantee_from_party_size = 4
    bistro.shift.guarantee_cancel_hours = 48
    bistro.shift.save()
    bump_availability_version(bistro.restaurant.pk)
    body = conform.check(
        api.post("/v1/reservations", booking_body(party_size=4), format="json", HTTP_IDEMPOTENCY_KEY="g1")
    )
    assert body["status"] == "awaiting_guarantee" and body["guarantee"]["kind"] == "imprint"
    assert conform.check(api.get(f"/v1/reservations/{body['id']}/events"))["data"] == []
    no_email = booking_body(party_size=4, start_time="21:00", guest={"first_name": "Zoé", "last_name": "Roy"})
    error = conform.check(api.post("/v1/reservations", no_email, format="json", HTTP_IDEMPOTENCY_KEY="g2"))
    assert error["error"]["code"] == "email_required_for_guarantee"


def test_guest_data_is_gated_without_guests_read(writer, bistro, conform):
    created = conform.check(
        writer.post("/v1/reservations", booking_body(guest_notes="Window"), format="json", HTTP_IDEMPOTENCY_KEY="w1")
    )
    assert "guest_notes" not in created and created["guest"].startswith("gst_")
    conform.check(writer.get(f"/v1/reservations/{created['id']}"))
    conform.check(writer.patch(f"/v1/reservations/{created['id']}", {"internal_notes": "VIP"}, format="json"))
    conform.check(writer.get(f"/v1/reservations/{created['id']}/events"))
    error = conform.check(writer.get("/v1/reservations", {"expand": "guest"}))
    assert error["error"] == {**error["error"], "code": "insufficient_scope", "param": "expand"}


def test_authentication_errors(anon, make_client, restaurant, conform):
    error = conform.check(anon.get("/v1/reservations"))
    assert error["error"]["code"] == "auth_header_missing"
    error = conform.check(anon.get("/v1/ping", HTTP_AUTHORIZATION="Bearer sk_live_unknown"))
    assert error["error"]["code"] == "invalid_token"
    error = conform.check(anon.post("/v1/holds", hold_body(), format="json"))
    assert error["error"]["type"] == "authentication_error"


def test_not_found_errors(api, bistro, conform):
    error = conform.check(api.get("/v1/reservations/resv_doesnotexist"))
    assert error["error"]["code"] == "not_found"
    conform.check(api.get("/v1/reservations/hold_doesnotexist/events"))
    conform.check(api.post("/v1/reservations/resv_doesnotexist/cancel"))
    conform.check(api.get("/v1/holds/hold_doesnotexist"))
    conform.check(api.delete("/v1/holds/hold_doesnotexist"))
    error = conform.check(
        api.get("/v1/availability", {"service_date": DAY, "party_size": 2, "excluding": "resv_doesnotexist"})
    )
    assert error["error"]["param"] == "excluding"
    created = conform.check(api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="n1"))
    error = conform.check(
        api.patch(f"/v1/reservations/{created['id']}", {"company_id": "cmp_doesnotexist"}, format="json")
    )
    assert error["error"]["code"] == "not_found" and error["error"]["param"] == "company_id"


def test_booking_rule_refusals(api, bistro, conform):
    error = conform.check(
        api.post("/v1/reservations", booking_body(party_size=20), format="json", HTTP_IDEMPOTENCY_KEY="v1")
    )
    assert error["error"]["code"] == "booking_rules_violated" and error["error"]["violations"]
    error = conform.check(
        api.post("/v1/holds", hold_body(start_time="19:10"), format="json", HTTP_IDEMPOTENCY_KEY="v2")
    )
    assert error["error"]["violations"][0]["code"] == "start_time_off_grid"
    error = conform.check(
        api.post("/v1/holds", hold_body(service_date="2026-11-30"), format="json", HTTP_IDEMPOTENCY_KEY="v3")
    )
    assert error["error"]["code"] == "booking_rules_violated"
    created = conform.check(api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="v4"))
    error = conform.check(api.patch(f"/v1/reservations/{created['id']}", {"party_size": 30}, format="json"))
    assert error["error"]["code"] == "booking_rules_violated"


def test_section_occupied_conflicts(api, bistro, conform):
    conform.check(api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="s1"))
    error = conform.check(
        api.post(
            "/v1/reservations",
            booking_body(entire_section_id=bistro.section.public_id, party_size=6),
            format="json",
            HTTP_IDEMPOTENCY_KEY="s2",
        )
    )
    [violation] = error["error"]["violations"]
    assert violation["code"] == "section_occupied" and violation["conflicts"]


def test_request_errors(api, bistro, make_client, restaurant, conform):
    error = conform.check(api.get("/v1/holds", {"service_date": DAY}))
    assert error["error"]["param"] == "service_date"
    error = conform.check(api.get("/v1/ping", HTTP_SERVICE_VERSION="1999-01-01"))
    assert error["error"]["param"] == "Service-Version"
    error = conform.check(api.post("/v1/holds", hold_body(), format="json"))
    assert error["error"]["code"] == "idempotency_key_invalid"
    conform.check(api.post("/v1/holds", hold_body(), format="json", HTTP_IDEMPOTENCY_KEY="k"))
    error = conform.check(api.post("/v1/holds", hold_body(party_size=3), format="json", HTTP_IDEMPOTENCY_KEY="k"))
    assert error["error"]["code"] == "idempotency_key_reused"
    created = conform.check(api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="r"))
    error = conform.check(api.patch(f"/v1/reservations/{created['id']}", {}, format="json"))
    assert error["error"]["code"] == "bad_request"
    error = conform.check(api.patch(f"/v1/reservations/{created['id']}", {"status": "seated"}, format="json"))
    assert error["error"]["param"] == "status"
    error = conform.check(api.post(f"/v1/reservations/{created['id']}/cancel", {"reason": "x"}, format="json"))
    assert error["error"]["param"] == "reason"
    text = json.dumps(hold_body())
    error = conform.check(api.post("/v1/holds", text, content_type="text/plain", HTTP_IDEMPOTENCY_KEY="t"))
    assert error["error"]["code"] == "unsupported_media_type"
    reader = make_client(restaurant, ["reservations:read"])
    error = conform.check(reader.post("/v1/holds", hold_body(), format="json", HTTP_IDEMPOTENCY_KEY="k"))
    assert error["error"]["code"] == "insufficient_scope" and "param" not in error["error"]
    writer = make_client(restaurant, READ_WRITE)
    error = conform.check(
        writer.post("/v1/holds", hold_body(override=["cutoff_passed"]), format="json", HTTP_IDEMPOTENCY_KEY="k2")
    )
    assert error["error"]["param"] == "override"
    no_plan = make_client(ShiftFactory().restaurant)
    no_plan.key.restaurant.api_access = False
    no_plan.key.restaurant.save(update_fields=["api_access"])
    error = conform.check(no_plan.get("/v1/configuration"))
    assert error["error"]["code"] == "plan_required"


def test_rate_limited(api, restaurant, conform):
    restaurant.read_burst, restaurant.read_per_second = 1, 0.01
    restaurant.save(update_fields=["read_burst", "read_per_second"])
    conform.check(api.get("/v1/ping"))
    response = api.get("/v1/ping")
    error = conform.check(response)
    assert error["error"]["code"] == "rate_limited" and int(response["Retry-After"]) >= 1


def test_guests_list_and_retrieve(api, bistro, conform):
    from guests.services import merge_guests
    from tests.factories import GuestFactory

    survivor = GuestFactory(
        restaurant=bistro.restaurant, email="a@example.com", phone="+33612345678", allergies=["nuts"], vip=True
    )
    absorbed = GuestFactory(restaurant=bistro.restaurant, first_name=None, last_name="Solo")
    body = conform.check(api.get("/v1/guests", {"query": "alic", "vip": "true", "limit": 5}))
    assert [g["id"] for g in body["data"]] == [survivor.public_id]
    assert conform.check(api.get(f"/v1/guests/{absorbed.public_id}"))["last_name"] == "Solo"
    merge_guests(survivor=survivor, absorbed=absorbed)
    assert conform.check(api.get(f"/v1/guests/{absorbed.public_id}"))["id"] == survivor.public_id
    conform.check(api.get("/v1/guests/gst_unknown"))
    conform.check(api.get("/v1/guests", {"phone": "x" * 41}))


def test_waitlist_entries_list_and_retrieve(api, bistro, conform, writer):
    from tests.factories import ReservationFactory, WaitlistEntryFactory

    entry = WaitlistEntryFactory(restaurant=bistro.restaurant, notes="Terrace", window_end_day_offset=1,
                                 window_end=dt.time(0, 30), shift_name="Dinner",
                                 shift_start_time=dt.time(19), shift_end_time=dt.time(1))  # fmt: skip
    WaitlistEntryFactory(
        restaurant=bistro.restaurant, status="promoted", reservation=ReservationFactory(restaurant=bistro.restaurant)
    )
    body = conform.check(api.get("/v1/waitlist-entries", {"expand": "guest", "service_date[gte]": "2026-12-01"}))
    assert len(body["data"]) == 2 and body["data"][0]["guest"]["object"] == "guest"
    assert conform.check(api.get(f"/v1/waitlist-entries/{entry.public_id}"))["notes"] == "Terrace"
    assert "notes" not in conform.check(writer.get(f"/v1/waitlist-entries/{entry.public_id}"))
    conform.check(writer.get("/v1/waitlist-entries", {"expand": "guest"}))  # 403 with param expand
    conform.check(api.get("/v1/waitlist-entries/wl_unknown"))
    conform.check(api.get("/v1/waitlist-entries", {"status": "nope"}))
