"""Hostile and careless input: a 4xx naming the field, never a 500; override powers not inherited;
replays that show a key no more than it may read."""

import json

import pytest

from reservations.models import Reservation, Shift
from tests.reservations.conftest import DAY
from tests.reservations.helpers import (
    assert_error,
    book,
    codes,
    create,
    hold,
    new_key,
    patch,
    policy_changed,
    post_json,
    take_hold,
)

OVERRIDE = "reservations:write:override"


def raw_post(client, path, raw: bytes, key=None):
    return client.post(path, raw, content_type="application/json", HTTP_IDEMPOTENCY_KEY=key or new_key())


# --- inputs a column cannot hold ------------------------------------------------------


@pytest.mark.parametrize(
    ("guest", "param"),
    [
        ({"first_name": "A" * 101, "last_name": "Martin"}, "guest[first_name]"),
        ({"first_name": "Alice", "last_name": "M" * 101}, "guest[last_name]"),
        ({"first_name": "Alice", "phone": "1" * 41}, "guest[phone]"),
        ({"first_name": "Alice", "email": "a" * 250 + "@b.fr"}, "guest[email]"),
        ({"first_name": "Al\x00ice"}, "guest[first_name]"),
    ],
)
def test_guest_fields_beyond_their_columns_are_400(api, bistro, guest, param):
    assert_error(create(api, guest=guest), 400, "bad_request", param=param)
    assert Reservation.objects.count() == 0


def test_an_email_that_grows_when_lower_cased_still_fits_its_column(api, bistro):
    """U+0130 `İ` lower-cases to two characters: 240 of them made a 254-character address 494 long,
    a 500 from the database (fuzzer). The address is stored as typed for that character."""
    email = "\u0130" * 240 + "@example.fr"
    response = create(api, query="?expand=guest", guest={"first_name": "Alice", "email": email.upper()})
    assert response.status_code == 201, response.content
    assert response.json()["guest"]["email"] == email


def test_a_code_named_twice_in_override_is_400(api, bistro):
    """The document says `uniqueItems`; seven copies of one code (more than `maxItems`) were accepted."""
    assert_error(create(api, override=["cutoff_passed"] * 7), 400, "bad_request", param="override")
    assert_error(hold(api, override=["cutoff_passed", "cutoff_passed"]), 400, "bad_request", param="override")


@pytest.mark.parametrize("field", ["guest_notes", "internal_notes"])
def test_nul_and_lone_surrogates_in_notes_are_400(api, bistro, field):
    assert_error(create(api, **{field: "a\x00b"}), 400, "bad_request", param=field)
    body = json.dumps({"service_date": DAY, "start_time": "19:30", "party_size": 2, "guest": {"first_name": "A"}})
    raw = body[:-1] + f', "{field}": "\\ud800"}}'
    assert_error(raw_post(api, "/v1/reservations", raw.encode()), 400, "bad_request", param=field)


@pytest.mark.parametrize(
    "raw_metadata",
    ['{"k": "a\\u0000b"}', '{"k\\u0000": "v"}', '{"k": "\\ud800"}', '{"k": 1e400}'],
)
def test_metadata_a_jsonb_column_cannot_hold_is_400(api, bistro, raw_metadata):
    raw = f'{{"service_date": "{DAY}", "start_time": "19:30", "party_size": 2, "metadata": {raw_metadata}}}'
    response = raw_post(api, "/v1/holds", raw.encode())
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "bad_request"


def test_json_nested_thousands_deep_is_400(api, bistro):
    raw = b'{"metadata": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    assert_error(raw_post(api, "/v1/holds", raw), 400, "bad_request")


@pytest.mark.parametrize("date", ["0001-01-01", "9999-12-31"])
def test_dates_beyond_the_calendar_are_400_on_holds_and_patches(api, bistro, date):
    assert_error(hold(api, service_date=date), 400, "bad_request", param="service_date")
    made = book(api)
    assert_error(patch(api, made["id"], {"service_date": date}), 400, "bad_request", param="service_date")


@pytest.mark.parametrize("month", ["0000-01", "0001-01", "9999-12"])
def test_months_beyond_the_calendar_are_400(api, bistro, month):
    response = api.get("/v1/availability/months", {"month": month})
    assert_error(response, 400, "bad_request", param="month")


@pytest.mark.parametrize("field", ["party_size"])
@pytest.mark.parametrize("value", [2**31, 2**63, 1001])
def test_integers_beyond_their_range_are_400(api, bistro, field, value):
    assert_error(create(api, **{field: value}), 400, "bad_request", param=field)
    assert_error(hold(api, **{field: value}), 400, "bad_request", param=field)


def test_a_guarantee_amount_beyond_a_column_is_400_and_a_huge_deadline_is_clamped(api, bistro):
    made = book(api)
    body = {"guarantee_request": {"amount": 2**31}}
    assert_error(patch(api, made["id"], body), 400, "bad_request", param="guarantee_request[amount]")
    response = patch(api, made["id"], {"guarantee_request": {"amount": 5000, "deadline_hours": 10**9}})
    assert response.status_code == 200, response.content
    assert response.json()["guarantee"]["expires_at"] is not None


@pytest.mark.parametrize(
    "path", ["/v1/holds/hold_%00", "/v1/reservations/resv_%00", "/v1/reservations/resv_%00/events"]
)
def test_a_nul_in_a_path_id_is_404(api, bistro, path):
    assert_error(api.get(path), 404, "not_found")


@pytest.mark.parametrize("path", ["/v1/reservations", "/v1/holds"])
@pytest.mark.parametrize("cursor", ["starting_after", "ending_before"])
def test_a_nul_in_a_cursor_is_400(api, bistro, path, cursor):
    assert_error(api.get(path, {cursor: "resv_\x00"}), 400, "bad_request", param=cursor)


def test_a_nul_in_an_event_cursor_is_400(api, bistro):
    made = book(api)
    response = api.get(f"/v1/reservations/{made['id']}/events", {"starting_after": "evt_\x00"})
    assert_error(response, 400, "bad_request", param="starting_after")


def test_a_bad_host_header_on_the_api_is_a_json_400(api, bistro):
    response = api.get("/v1/ping", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["code"] == "bad_request"


# --- override powers are not inherited through PATCH ----------------------------------


def test_moving_a_whole_section_booking_needs_the_override_scope(api, writer, bistro):
    made = book(api, entire_section_id=bistro.section.public_id, party_size=8)
    for body, param in (
        ({"section_id": bistro.section.public_id}, "section_id"),
        ({"party_size": 9}, "party_size"),
        ({"start_time": "20:00"}, "start_time"),
        ({"service_date": "2026-12-06"}, "service_date"),
    ):
        assert_error(patch(writer, made["id"], body), 403, "insufficient_scope", param=param)
    assert patch(writer, made["id"], {"guest_notes": "Window"}).status_code == 200
    assert patch(api, made["id"], {"start_time": "20:00"}).status_code == 200


def test_growing_a_booking_exempt_from_the_caps_needs_the_override_scope(api, writer, bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=4)
    policy_changed(bistro.restaurant)
    book(api, party_size=4, start_time="19:00")  # the cap is full without the exempt booking
    made = book(api, party_size=4, excluded_from_shift_limits=True)
    assert_error(patch(writer, made["id"], {"party_size": 5}), 403, "insufficient_scope", param="party_size")
    # Giving the exemption up is open to any writer; the cap then applies to the move.
    refused = patch(writer, made["id"], {"party_size": 5, "excluded_from_shift_limits": False})
    assert codes(refused) == ["slot_no_longer_available"]
    assert patch(api, made["id"], {"party_size": 5}).status_code == 200


def test_a_whole_section_seats_no_more_than_its_tables(api, bistro):
    seats = sum(table.max_capacity for table in bistro.tables)  # 2 + 4 + 6
    assert codes(create(api, entire_section_id=bistro.section.public_id, party_size=seats + 1)) == [
        "party_size_too_large"
    ]
    made = book(
        api,
        entire_section_id=bistro.section.public_id,
        party_size=seats + 1,
        override=["party_size_too_large"],
    )
    assert len(made["tables"]) == 3


# --- replays never show a key more than it may read -----------------------------------


def test_a_replay_to_a_key_without_guests_read_carries_no_guest_data(api, no_guests, bistro):
    key = new_key()
    first = create(api, key=key, guest_notes="Allergic", internal_notes="Regular")
    assert first.status_code == 201 and first.json()["guest_notes"] == "Allergic"
    replay = create(no_guests, key=key, guest_notes="Allergic", internal_notes="Regular")
    assert replay.status_code == 201 and replay["Idempotent-Replayed"] == "true"
    body = replay.json()
    for name in ("guest_notes", "internal_notes", "contact_email", "contact_phone"):
        assert name not in body
    assert body["id"] == first.json()["id"] and body["status"] == first.json()["status"]
    assert replay["Location"] == first["Location"]


def test_a_replay_with_another_expand_is_a_different_request(api, bistro):
    key = new_key()
    assert create(api, key=key, query="?expand=guest").status_code == 201
    assert_error(create(api, key=key, query="?expand=modification_token"), 422, "idempotency_key_reused")
    assert_error(create(api, key=key), 422, "idempotency_key_reused")
    replay = create(api, key=key, query="?expand=guest")
    assert replay["Idempotent-Replayed"] == "true" and replay.json()["guest"]["object"] == "guest"


def test_a_modification_token_is_never_replayed_to_a_key_that_may_not_expand_it(api, no_guests, bistro):
    key = new_key()
    assert create(api, key=key, query="?expand=modification_token").status_code == 201
    response = create(no_guests, key=key, query="?expand=modification_token")
    assert_error(response, 403, "insufficient_scope", param="expand")


def test_patch_and_cancel_replays_are_gated_too(api, no_guests, bistro):
    made = book(api, guest_notes="Allergic")
    key = new_key()
    assert patch(api, made["id"], {"internal_notes": "VIP"}, key=key).json()["internal_notes"] == "VIP"
    replay = patch(no_guests, made["id"], {"internal_notes": "VIP"}, key=key)
    assert replay["Idempotent-Replayed"] == "true" and "internal_notes" not in replay.json()
    key = new_key()
    cancelled = post_json(api, f"/v1/reservations/{made['id']}/cancel", {}, key=key)
    assert cancelled.json()["guest_notes"] == "Allergic"
    replay = post_json(no_guests, f"/v1/reservations/{made['id']}/cancel", {}, key=key)
    assert replay["Idempotent-Replayed"] == "true" and "guest_notes" not in replay.json()


@pytest.mark.parametrize("char", ["\x85", "\x9f", "\x80"])
def test_c1_control_characters_in_an_idempotency_key_are_400(api, bistro, char):
    response = create(api, key=f"key{char}1")
    assert_error(response, 400, "idempotency_key_invalid", param="Idempotency-Key")


# --- a guaranteed slot needs an address to send the card request to ------------------


@pytest.fixture
def guaranteed(bistro):
    Shift.objects.filter(pk=bistro.shift.pk).update(guarantee_per_guest_amount=1500, guarantee_from_party_size=1)
    policy_changed(bistro.restaurant)
    return bistro


def test_a_guaranteed_slot_without_an_email_is_refused_on_every_path(api, guaranteed):
    phone_only = {"first_name": "Bob", "phone": "0612345678"}
    response = create(api, guest=phone_only)
    assert_error(response, 422, "email_required_for_guarantee", param="guest[email]")
    made = take_hold(api, start_time="20:00")
    response = create(
        api,
        hold_id=made["id"],
        service_date=None,
        start_time=None,
        party_size=None,
        guest=phone_only,
    )
    assert_error(response, 422, "email_required_for_guarantee", param="guest[email]")
    assert Reservation.objects.count() == 0


def test_a_guaranteed_slot_for_a_known_guest_without_an_email_is_refused(api, guaranteed):
    from tests.factories import GuestFactory

    guest = GuestFactory(restaurant=guaranteed.restaurant, email=None, phone="+33612345678")
    response = create(api, guest=None, guest_id=guest.public_id)
    assert_error(response, 422, "email_required_for_guarantee", param="guest_id")
    assert Reservation.objects.count() == 0


# --- every write waits a bounded time for its locks -----------------------------------


@pytest.fixture
def short_lock_wait(monkeypatch):
    import config.locking as locking

    monkeypatch.setattr(locking, "LOCK_WAIT", "200ms")


def hold_row_lock(model, pk, holding, release):
    """Another transaction holds the row (a slow write of it), until `release`."""
    from django.db import connections, transaction

    with transaction.atomic():
        list(model.objects.select_for_update().filter(pk=pk))
        holding.set()
        release.wait(10)
    connections.close_all()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("what", ["cancel", "release"])
def test_cancel_and_release_give_up_on_a_held_row_with_429_lock_timeout(api, bistro, short_lock_wait, what):
    import threading

    from holds.models import Hold

    if what == "cancel":
        model, target = Reservation, book(api)
        path, method = f"/v1/reservations/{target['id']}/cancel", api.post
    else:
        model, target = Hold, take_hold(api)
        path, method = f"/v1/holds/{target['id']}", api.delete
    pk = model.objects.get(public_id=target["id"]).pk
    holding, release = threading.Event(), threading.Event()
    worker = threading.Thread(target=hold_row_lock, args=(model, pk, holding, release))
    worker.start()
    holding.wait(5)
    try:
        response = method(path)  # no Idempotency-Key: the path that used to wait without a bound
    finally:
        release.set()
        worker.join()
    assert response.status_code == 429, response.content
    error = response.json()["error"]
    assert (error["type"], error["code"]) == ("rate_limit_error", "lock_timeout")
    assert response["Retry-After"] == "1"
    assert method(path).status_code == 200  # once the row is free, the write goes through
