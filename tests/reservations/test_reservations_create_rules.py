"""POST /v1/reservations, where the booking lands and what refuses it: sections and whole
sections, statuses (approval, card guarantees), the booking rules, overrides and the refusal
envelope. The body fields, guests and idempotency: test_reservations_create_input.py."""

import datetime as dt

import pytest

from guests.models import Guest
from reservations.models import Reservation, Shift
from tests.factories import GuestFactory, SectionFactory, ShiftFactory, TableFactory
from tests.reservations.conftest import NOW
from tests.reservations.helpers import (
    ID_RE,
    assert_error,
    book,
    codes,
    create,
    created_event,
    events,
    new_key,
    policy_changed,
    table_names,
    violations,
)

# Sections.


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


def test_entire_section_without_tables_names_the_field_sent(api, bistro):
    empty = SectionFactory(floor_plan=bistro.plan, name="Cave")
    policy_changed(bistro.restaurant)
    refused = violations(create(api, entire_section_id=empty.public_id, party_size=4))
    assert [v["code"] for v in refused] == ["no_table_available_in_section"]
    assert refused[0]["param"] == "entire_section_id"


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
