"""POST /v1/holds: lifetimes, idempotency, every booking rule at hold time, sections, metadata."""

import datetime as dt

import pytest

from tests.factories import BlockFactory, SectionFactory, TableFactory
from tests.reservations.conftest import DAY, NOW
from tests.reservations.helpers import (
    ID_RE,
    REPLAYED,
    assert_error,
    codes,
    create,
    created,
    hold,
    new_key,
    policy_changed,
    table_names,
    take_hold,
    violations,
)

HOLD_KEYS = [
    "object",
    "id",
    "kind",
    "status",
    "party_size",
    "service_date",
    "starts_at",
    "ends_at",
    "expires_at",
    "ended_at",
    "reservation",
    "tables",
    "excluded_from_shift_limits",
    "metadata",
    "created_at",
    "updated_at",
]


def at(value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value)


def close_to(value: str, expected: dt.datetime, slack: int = 30) -> bool:
    return abs((at(value) - expected).total_seconds()) <= slack


def test_a_hold_answers_201_with_the_contract_fields_and_location(api, bistro):
    response = hold(api, start_time="19:30", party_size=2)
    body = created(response)
    assert list(body) == HOLD_KEYS
    assert ID_RE["hold"].match(body["id"])
    assert response["Location"] == f"/v1/holds/{body['id']}"
    assert response["Service-Version"] == "2026-06-27"
    assert body["object"] == "hold" and body["kind"] == "basket" and body["status"] == "held"
    assert body["party_size"] == 2 and body["service_date"] == DAY
    assert body["starts_at"] == "2026-12-05T19:30:00+01:00"
    assert body["ends_at"] == "2026-12-05T21:30:00+01:00"
    assert body["ended_at"] is None and body["reservation"] is None
    assert body["excluded_from_shift_limits"] is False and body["metadata"] == {}
    assert table_names(body) == ["T2"]
    table = body["tables"][0]
    assert table["object"] == "table" and ID_RE["tbl"].match(table["id"])
    assert (table["min_capacity"], table["max_capacity"]) == (1, 2)
    assert table["section"]["id"] == bistro.section.public_id
    assert body["created_at"].endswith("+01:00")


def test_a_hold_occupies_its_table(api, bistro):
    assert table_names(take_hold(api)) == ["T2"]
    assert table_names(take_hold(api)) == ["T4"]
    assert codes(hold(api)) == ["no_table_available"]  # T6 seats 4 to 6
    assert codes(create(api)) == ["no_table_available"]


# Lifetimes: clamped, never refused.

MIN = dt.timedelta(minutes=1)


@pytest.mark.parametrize(
    ("kind", "requested", "lifetime"),
    [
        ("basket", None, 10 * MIN),
        ("basket", 1 * MIN, 5 * MIN),
        ("basket", -60 * MIN, 5 * MIN),
        ("basket", 5 * MIN, 5 * MIN),
        ("basket", 20 * MIN, 20 * MIN),
        ("basket", 30 * MIN, 30 * MIN),
        ("basket", 120 * MIN, 30 * MIN),
        ("commitment", None, 24 * 60 * MIN),
        ("commitment", 60 * MIN, 60 * MIN),
        ("commitment", 48 * 60 * MIN, 48 * 60 * MIN),
        ("commitment", 72 * 60 * MIN, 48 * 60 * MIN),
        ("commitment", 1 * MIN, 5 * MIN),
    ],
)
def test_lifetime_is_clamped(api, bistro, kind, requested, lifetime):
    fields = {"kind": kind}
    if requested is not None:
        fields["expires_at"] = (NOW + requested).isoformat()
    body = take_hold(api, **fields)
    assert body["kind"] == kind
    assert close_to(body["expires_at"], NOW + lifetime)
    assert body["expires_at"].endswith("+01:00")


def test_expires_at_may_be_sent_without_offset_or_with_z(api, bistro):
    body = take_hold(api, expires_at="2026-12-01T09:20:00Z")
    assert close_to(body["expires_at"], NOW + 20 * MIN)
    body = take_hold(api, expires_at="2026-12-01T09:20:00")  # no offset: UTC
    assert close_to(body["expires_at"], NOW + 20 * MIN)


# Idempotency.


def test_idempotency_key_is_required(api, bistro):
    response = hold(api, key=None)
    assert_error(response, 400, "idempotency_key_invalid", param="Idempotency-Key")
    assert api.get("/v1/holds").json()["data"] == []


def test_a_retry_replays_the_hold_even_with_another_expires_at(api, bistro):
    key = new_key()
    first = hold(api, key=key, expires_at=(NOW + 20 * MIN).isoformat())
    assert first.status_code == 201 and not first.has_header(REPLAYED)
    again = hold(api, key=key, expires_at=(NOW + 25 * MIN).isoformat())
    assert again.status_code == 201 and again[REPLAYED] == "true"
    assert again.json() == first.json() and again["Location"] == first["Location"]
    without = hold(api, key=key)
    assert without[REPLAYED] == "true" and without.json()["id"] == first.json()["id"]
    assert len(api.get("/v1/holds").json()["data"]) == 1


def test_the_same_key_with_another_slot_is_refused(api, bistro):
    key = new_key()
    created(hold(api, key=key))
    assert_error(hold(api, key=key, party_size=3), 422, "idempotency_key_reused")


def test_a_refused_hold_is_not_remembered_and_can_be_resent_with_override(api, bistro):
    bistro.shift.max_covers = 2
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    key = new_key()
    assert codes(hold(api, key=key, party_size=3)) == ["slot_no_longer_available"]
    body = created(hold(api, key=key, party_size=3, override=["slot_no_longer_available"]))
    assert body["status"] == "held"


# Every rule at hold time.


def test_covers_cap_refuses_with_slot_no_longer_available(api, bistro):
    bistro.shift.max_covers = 4
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    take_hold(api, party_size=2)
    refused = hold(api, party_size=3)
    assert violations(refused) == [
        {
            "code": "slot_no_longer_available",
            "message": "The service's covers limit is reached for this party.",
            "param": "party_size",
            "overridable": True,
        }
    ]
    assert take_hold(api, party_size=2)["status"] == "held"  # exactly up to the cap


def test_per_slot_cap_applies_to_holds(api, bistro):
    bistro.shift.max_covers_per_slot = 3
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    take_hold(api, party_size=2, start_time="19:30")
    assert codes(hold(api, party_size=2, start_time="19:30")) == ["slot_no_longer_available"]
    take_hold(api, party_size=2, start_time="20:00")


def test_a_hold_counts_against_the_cap_of_a_create(api, bistro):
    bistro.shift.max_covers = 4
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    take_hold(api, party_size=3)
    assert codes(create(api, party_size=2)) == ["slot_no_longer_available"]


def test_override_waives_the_cap_on_the_hold(api, bistro):
    bistro.shift.max_covers = 2
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    body = take_hold(api, party_size=4, override=["slot_no_longer_available"])
    assert table_names(body) == ["T4"]


def test_excluded_hold_is_neither_refused_nor_charged_by_caps(api, bistro):
    bistro.shift.max_covers = 4
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    body = take_hold(api, party_size=6, excluded_from_shift_limits=True)
    assert body["excluded_from_shift_limits"] is True and table_names(body) == ["T6"]
    take_hold(api, party_size=4)  # the exempt hold charged nothing
    assert codes(hold(api, party_size=1)) == ["slot_no_longer_available"]


def test_excluded_hold_still_needs_a_table_and_the_cutoff(api, bistro):
    take_hold(api, party_size=6)
    assert codes(hold(api, party_size=6, excluded_from_shift_limits=True)) == ["no_table_available"]
    bistro.shift.cutoff_minutes = 7 * 24 * 60
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    assert codes(hold(api, party_size=2, excluded_from_shift_limits=True)) == ["cutoff_passed"]


def test_excluded_and_override_need_the_override_scope(writer, bistro):
    assert_error(
        hold(writer, excluded_from_shift_limits=True), 403, "insufficient_scope", param="excluded_from_shift_limits"
    )
    assert_error(hold(writer, override=["cutoff_passed"]), 403, "insufficient_scope", param="override")
    assert take_hold(writer, excluded_from_shift_limits=False, override=[])["status"] == "held"


def test_cutoff_is_checked_at_hold_time(api, bistro):
    bistro.shift.cutoff_minutes = 7 * 24 * 60  # a week before: passed already
    bistro.shift.save()
    policy_changed(bistro.restaurant)
    refused = violations(hold(api))
    assert refused == [
        {"code": "cutoff_passed", "message": "Online booking for this service has closed.", "overridable": True}
    ]
    assert take_hold(api, override=["cutoff_passed"])["status"] == "held"


def test_a_block_is_checked_at_hold_time(api, bistro):
    BlockFactory(
        restaurant=bistro.restaurant,
        date=dt.date(2026, 12, 5),
        start_time=dt.time(19, 0),
        end_time=dt.time(23, 0),
        tables=[bistro.tables[0]],
    )
    policy_changed(bistro.restaurant)
    assert table_names(take_hold(api, party_size=2)) == ["T4"]


def test_party_size_and_window_rules(api, bistro):
    assert codes(hold(api, party_size=11)) == ["party_size_too_large"]
    bistro.restaurant.min_party_size = 2
    bistro.restaurant.save()
    policy_changed(bistro.restaurant)
    assert codes(hold(api, party_size=1)) == ["party_size_too_small"]
    assert codes(hold(api, service_date="2027-06-01")) == ["advance_window_exceeded"]
    body = take_hold(api, service_date="2027-06-01", override=["advance_window_exceeded"])
    assert body["service_date"] == "2027-06-01"


def test_no_service_and_off_grid_come_alone(api, bistro):
    refused = violations(hold(api, start_time="15:00", party_size=11))
    assert refused == [
        {"code": "no_service_at_this_time", "message": "No service runs at this date and time.", "overridable": False}
    ]
    off = violations(hold(api, start_time="19:15", party_size=11))
    assert [v["code"] for v in off] == ["start_time_off_grid"]
    assert off[0]["param"] == "start_time" and off[0]["overridable"] is False
    assert "19:15" in off[0]["message"] and "19:00" in off[0]["message"] and "19:30" in off[0]["message"]


def test_guarantee_required_when_the_restaurant_cannot_take_cards(api, bistro):
    bistro.shift.guarantee_per_guest_amount = 2000
    bistro.shift.save()
    bistro.restaurant.payments_enabled = False
    bistro.restaurant.save()
    policy_changed(bistro.restaurant)
    assert codes(hold(api)) == ["guarantee_required"]
    body = take_hold(api, override=["guarantee_required"])
    converted = created(create(api, hold_id=body["id"], service_date=None, start_time=None, party_size=None))
    assert converted["status"] == "confirmed" and converted["guarantee"] is None


@pytest.mark.parametrize(
    "override", [["no_table_available"], ["date_in_past"], ["start_time_off_grid"], ["nope"], "cutoff_passed", [1]]
)
def test_override_refuses_codes_that_cannot_be_waived(api, bistro, override):
    assert_error(hold(api, override=override), 400, "bad_request", param="override")


# Sections.


def test_section_id_of_a_group_member_resolves_to_the_whole_group(api, bistro):
    terrace = SectionFactory(floor_plan=bistro.plan, name="Terrasse", area_type="terrace")
    member = SectionFactory(floor_plan=bistro.plan, name="Terrasse nord", group_leader=terrace)
    TableFactory(section=terrace, name="P8", min_capacity=1, max_capacity=8)
    policy_changed(bistro.restaurant)
    body = take_hold(api, section_id=member.public_id)
    assert table_names(body) == ["P8"]
    assert codes(hold(api, section_id=member.public_id)) == ["no_table_available_in_section"]
    assert violations(hold(api, section_id=terrace.public_id))[0]["param"] == "section_id"
    assert table_names(take_hold(api, section_id=None)) == ["T2"]


def test_unknown_section_is_404_naming_section_id(api, bistro):
    assert_error(hold(api, section_id="sec_000000000000000000000000"), 404, "not_found", param="section_id")
    assert_error(hold(api, section_id="tbl_000000000000000000000000"), 400, "bad_request", param="section_id")


def test_another_restaurants_section_is_404(api, bistro):
    foreign = SectionFactory()
    assert_error(hold(api, section_id=foreign.public_id), 404, "not_found", param="section_id")


# Metadata (decisions.md: 50 keys, 40-character keys, 500-character values).


def test_metadata_is_echoed(api, bistro):
    metadata = {"order": "A-1", "n": 3, "paid": True, "none": None}
    assert take_hold(api, metadata=metadata)["metadata"] == metadata


@pytest.mark.parametrize(
    ("metadata", "ok"),
    [
        ({f"k{i}": "v" for i in range(50)}, True),
        ({f"k{i}": "v" for i in range(51)}, False),
        ({"k" * 40: "v"}, True),
        ({"k" * 41: "v"}, False),
        ({"k": "v" * 500}, True),
        ({"k": "v" * 501}, False),
        (["not", "an", "object"], False),
        ("text", False),
    ],
)
def test_metadata_limits(api, bistro, metadata, ok):
    response = hold(api, metadata=metadata)
    if ok:
        assert created(response)["metadata"] == metadata
    else:
        assert_error(response, 400, "bad_request", param="metadata")


# Request validation.


@pytest.mark.parametrize("name", ["service_date", "start_time", "party_size"])
def test_slot_fields_are_required(api, bistro, name):
    assert_error(hold(api, **{name: None}), 400, "bad_request", param=name)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("service_date", "05/12/2026"),
        ("start_time", "7pm"),
        ("party_size", "2"),
        ("party_size", 0),
        ("kind", "forever"),
        ("expires_at", "soon"),
        ("excluded_from_shift_limits", "yes"),
    ],
)
def test_malformed_fields_are_400_naming_them(api, bistro, name, value):
    assert_error(hold(api, **{name: value}), 400, "bad_request", param=name)


def test_unknown_body_field_and_query_fields_are_400(api, bistro):
    assert_error(hold(api, guest={"first_name": "A"}), 400, "bad_request", param="guest")
    response = api.post(
        "/v1/holds?party_size=2",
        {"service_date": DAY, "start_time": "19:30", "party_size": 2},
        format="json",
        HTTP_IDEMPOTENCY_KEY=new_key(),
    )
    assert_error(response, 400, "bad_request", param="party_size")


def test_a_read_only_key_cannot_hold(reader, bistro):
    assert_error(hold(reader), 403, "insufficient_scope", param=None)
