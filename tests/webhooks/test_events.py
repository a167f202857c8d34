"""What each change announces: envelope, snapshot, previous_attributes, the withheld events,
type filtering and version pinning, delivered to a real receiver on loopback and verified with
the public `standardwebhooks` package. The worker's steps run in-process here (tests/webhooks/
conftest.py `flush`); test_worker.py runs them in a real Celery worker."""

import datetime as dt

import pytest
from standardwebhooks.webhooks import Webhook

from config.versions import LATEST_VERSION
from holds.services import sweep_expired_holds
from reservations.services.availability_version import bump_availability_version
from tests.factories import CompanyFactory, EndpointFactory, EventFactory
from tests.reservations.helpers import book, cancel, create, created, events, patch, take_hold
from tests.webhooks.conftest import flush
from webhooks import envelopes
from webhooks.models import Event
from webhooks.types import EVENT_TYPES

pytestmark = pytest.mark.django_db
ENVELOPE_KEYS = ["id", "object", "type", "created", "livemode", "api_version", "data"]


# Bookings also announce their new guest profiles (guest.*, tests/guests): left out here.
BOOKING_TYPES = [t for t in EVENT_TYPES if not t.startswith("guest.")]


@pytest.fixture
def endpoint(bistro, receiver):
    return EndpointFactory(restaurant=bistro.restaurant, url=receiver.url, events=BOOKING_TYPES)


def delivered(receiver, endpoint, start: int = 0) -> list[dict]:
    """Every payload received, each one's signature verified as a partner's receiver would."""
    hook = Webhook(endpoint.secret)
    payloads = []
    for request in receiver.requests[start:]:
        payload = hook.verify(request.body, request.headers)
        assert request.headers["webhook-id"] == payload["id"]
        assert request.headers["content-type"] == "application/json"
        payloads.append(payload)
    return payloads


def types(receiver, endpoint) -> list[str]:
    return [p["type"] for p in delivered(receiver, endpoint)]


def test_reservation_created_envelope_and_full_snapshot(api, endpoint, receiver):
    booking = book(api, guest_notes="Window please", internal_notes="Regular")
    assert flush() == 1
    [payload] = delivered(receiver, endpoint)
    assert list(payload) == ENVELOPE_KEYS
    event = Event.objects.get(type="reservation.created")
    assert payload["id"] == event.public_id and payload["id"].startswith("evt_")
    assert payload["object"] == "event" and payload["type"] == "reservation.created"
    assert payload["created"] == event.created.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert payload["livemode"] is True and payload["api_version"] == LATEST_VERSION
    assert list(payload["data"]) == ["object"]  # previous_attributes on reservation.updated only
    # The full reservation as a full-access key reads it: guest data and company included.
    assert payload["data"]["object"] == api.get(f"/v1/reservations/{booking['id']}").json()
    snapshot = payload["data"]["object"]
    assert snapshot["status"] == "confirmed" and snapshot["company"] is None
    assert snapshot["guest_notes"] == "Window please" and snapshot["internal_notes"] == "Regular"
    # Not the id of the reservation event recording the same change.
    assert events(api, booking["id"])[0]["id"] != payload["id"]


def test_guest_data_is_in_full_even_when_the_booking_key_could_not_read_it(no_guests, endpoint, receiver):
    booking = book(no_guests, guest_notes="Allergic to nuts")
    assert "guest_notes" not in booking
    flush()
    [payload] = delivered(receiver, endpoint)
    assert payload["data"]["object"]["guest_notes"] == "Allergic to nuts"
    assert "contact_email" in payload["data"]["object"]


def test_updated_carries_previous_attributes_of_the_changed_fields_only(api, bistro, endpoint, receiver):
    acme = CompanyFactory(restaurant=bistro.restaurant, name="ACME")
    booking = book(api, guest_notes="Quiet table", company_id=acme.public_id)
    assert patch(api, booking["id"], {"party_size": 3, "guest_notes": None, "company_id": None}).status_code == 200
    assert patch(api, booking["id"], {"start_time": "20:00"}).status_code == 200
    assert patch(api, booking["id"], {"internal_notes": "VIP"}).status_code == 200
    assert cancel(api, booking["id"]).status_code == 200
    flush()
    payloads = delivered(receiver, endpoint)
    assert [p["type"] for p in payloads] == [
        "reservation.created",
        "reservation.updated",
        "reservation.updated",
        "reservation.updated",
        "reservation.cancelled",
    ]
    first, moved, noted = payloads[1], payloads[2], payloads[3]
    assert first["data"]["previous_attributes"] == {
        "party_size": 2,
        "guest_notes": "Quiet table",
        "company": {"object": "company", "id": acme.public_id, "name": "ACME"},
    }
    assert first["data"]["object"]["party_size"] == 3 and first["data"]["object"]["company"] is None
    # A time change shows in the snapshot, not in previous_attributes.
    assert moved["data"]["previous_attributes"] == {}
    assert moved["data"]["object"]["starts_at"].startswith("2026-12-05T20:00")
    assert noted["data"]["previous_attributes"] == {"internal_notes": None}
    assert "previous_attributes" not in payloads[0]["data"] and "previous_attributes" not in payloads[4]["data"]
    assert payloads[4]["data"]["object"]["status"] == "cancelled"
    # One source of truth: the reservation's event list and its webhooks agree, in order.
    listed = events(api, booking["id"])
    assert [e["type"] for e in listed] == [p["type"] for p in payloads]
    for row, payload in zip(listed, payloads, strict=True):
        assert dt.datetime.fromisoformat(row["created_at"]).replace(microsecond=0) == dt.datetime.fromisoformat(
            payload["created"].replace("Z", "+00:00")
        )


def test_a_company_deleted_since_is_left_out_of_previous_attributes(api, bistro, endpoint, receiver):
    acme = CompanyFactory(restaurant=bistro.restaurant)
    booking = book(api, company_id=acme.public_id)
    other = CompanyFactory(restaurant=bistro.restaurant)
    assert patch(api, booking["id"], {"company_id": other.public_id}).status_code == 200
    # Deleted before the event is rendered: a later change naming it cannot show it.
    from reservations.models import Reservation
    from reservations.services.events import previous_attributes_of

    acme_id = acme.public_id
    acme.delete()
    reservation = Reservation.objects.get(public_id=booking["id"])
    assert previous_attributes_of(reservation, {"company": {"from": acme_id, "to": other.public_id}}) == {}
    flush()
    assert delivered(receiver, endpoint)[1]["data"]["previous_attributes"]["company"]["id"] == acme_id


def test_a_booking_moved_to_approval_announces_pending_without_previous_attributes(api, bistro, endpoint, receiver):
    bistro.shift.approval_from_party_size = 5
    bistro.shift.save()
    bump_availability_version(bistro.restaurant.pk)
    booking = book(api, party_size=2)
    assert patch(api, booking["id"], {"party_size": 5}).json()["status"] == "pending"
    flush()
    payloads = delivered(receiver, endpoint)
    assert [p["type"] for p in payloads] == ["reservation.created", "reservation.pending"]
    assert "previous_attributes" not in payloads[1]["data"]
    assert payloads[1]["data"]["object"]["status"] == "pending"


def test_a_card_guarantee_withholds_every_reservation_event(api, bistro, endpoint, receiver):
    bistro.shift.guarantee_per_guest_amount = 1500
    bistro.shift.save()
    bump_availability_version(bistro.restaurant.pk)
    booking = book(api)
    assert booking["status"] == "awaiting_guarantee"
    # Readable before (and without) its reservation.created.
    assert api.get(f"/v1/reservations/{booking['id']}").status_code == 200
    assert patch(api, booking["id"], {"guest_notes": "late"}).status_code == 200
    assert cancel(api, booking["id"]).status_code == 200
    flush()
    assert [t for t in types(receiver, endpoint) if t.startswith("reservation.")] == []
    assert not Event.objects.filter(type__startswith="reservation.", subject=booking["id"]).exists()


def test_removing_the_card_requirement_fires_created_once(api, bistro, endpoint, receiver):
    bistro.shift.guarantee_per_guest_amount = 1500
    bistro.shift.guarantee_from_party_size = 4
    bistro.shift.save()
    bump_availability_version(bistro.restaurant.pk)
    booking = book(api, party_size=4)
    assert booking["status"] == "awaiting_guarantee"
    assert patch(api, booking["id"], {"party_size": 2}).json()["status"] == "confirmed"
    assert patch(api, booking["id"], {"guest_notes": "x"}).status_code == 200
    flush()
    payloads = delivered(receiver, endpoint)
    assert [p["type"] for p in payloads] == ["reservation.created", "reservation.updated"]
    assert payloads[0]["data"]["object"]["status"] == "confirmed"


def test_hold_events_and_conversion(api, bistro, endpoint, receiver):
    hold = take_hold(api, party_size=2, start_time="20:00")
    released = take_hold(api, party_size=2, start_time="21:00")
    assert api.delete(f"/v1/holds/{released['id']}").status_code == 200
    booking = created(create(api, hold_id=hold["id"], service_date=None, start_time=None, party_size=None))
    flush()
    payloads = delivered(receiver, endpoint)
    assert [(p["type"], p["data"]["object"]["id"]) for p in payloads] == [
        ("hold.created", hold["id"]),
        ("hold.created", released["id"]),
        ("hold.released", released["id"]),
        ("hold.converted", hold["id"]),
        ("reservation.created", booking["id"]),
    ]
    assert payloads[0]["data"]["object"] == hold
    assert payloads[2]["data"]["object"] == api.get(f"/v1/holds/{released['id']}").json()
    converted = payloads[3]["data"]["object"]
    assert converted["status"] == "converted" and converted["reservation"] == booking["id"]
    assert payloads[4]["data"]["object"]["id"] == "resv_" + hold["id"].removeprefix("hold_")


def test_a_basket_lapse_is_announced_by_the_sweep_at_the_lapse_instant(api, bistro, clock, endpoint, receiver):
    hold = take_hold(api, party_size=2, start_time="20:00")
    flush()
    assert types(receiver, endpoint) == ["hold.created"]  # verified now: a signature is valid 5 minutes
    clock.shift(dt.timedelta(minutes=12))
    # Read as expired before any sweep; nothing is announced until the sweep writes the lapse.
    assert api.get(f"/v1/holds/{hold['id']}").json()["status"] == "expired"
    assert sweep_expired_holds(kind="basket") == 1
    assert sweep_expired_holds(kind="basket") == 0  # once
    flush()
    [expired] = delivered(receiver, endpoint, start=1)
    assert expired["type"] == "hold.expired"
    deadline = dt.datetime.fromisoformat(hold["expires_at"])
    assert expired["created"] == deadline.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert expired["data"]["object"]["status"] == "expired"
    assert expired["data"]["object"]["ended_at"] == hold["expires_at"]


def test_each_endpoint_gets_only_the_types_it_wants(api, bistro, receiver):
    from deploy.receiver import Receiver

    with Receiver() as holds_only, Receiver() as disabled:
        all_types = EndpointFactory(restaurant=bistro.restaurant, url=receiver.url, events=BOOKING_TYPES)
        wants_holds = EndpointFactory(restaurant=bistro.restaurant, url=holds_only.url, events=["hold.created"])
        EndpointFactory(restaurant=bistro.restaurant, url=disabled.url, enabled=False)
        other_restaurant = EndpointFactory(url=disabled.url)
        take_hold(api)
        booking = book(api, start_time="21:00")
        cancel(api, booking["id"])
        flush()
        assert types(receiver, all_types) == ["hold.created", "reservation.created", "reservation.cancelled"]
        assert types(holds_only, wants_holds) == ["hold.created"]
        assert disabled.requests == [] and other_restaurant.deliveries.count() == 0


def test_the_snapshot_is_rendered_in_the_endpoints_pinned_version(api, bistro, receiver, monkeypatch):
    from deploy.receiver import Receiver

    def to_older(event_type, data):  # an imagined older version that called party_size "covers"
        data = {**data, "object": {**data["object"]}}
        if event_type.startswith("reservation."):
            data["object"]["covers"] = data["object"].pop("party_size")
        return data

    monkeypatch.setitem(envelopes.DOWNGRADES, "2026-01-01", to_older)
    with Receiver() as old_receiver:
        latest = EndpointFactory(restaurant=bistro.restaurant, url=receiver.url, events=BOOKING_TYPES)
        pinned = EndpointFactory(
            restaurant=bistro.restaurant, url=old_receiver.url, api_version="2026-01-01", events=BOOKING_TYPES
        )
        book(api, party_size=3)
        flush()
        [new] = delivered(receiver, latest)
        [old] = delivered(old_receiver, pinned)
    assert new["api_version"] == LATEST_VERSION and new["data"]["object"]["party_size"] == 3
    assert old["api_version"] == "2026-01-01" and old["data"]["object"]["covers"] == 3
    assert "party_size" not in old["data"]["object"] and old["id"] == new["id"]


def test_any_type_string_is_delivered(bistro, receiver):
    """publish() takes only declared types (tests/webhooks/test_types.py), but a delivery carries any
    type string: an event row of a type this release does not know (written by a newer one during
    a deploy) reaches `*` endpoints unchanged."""
    from webhooks.services.publish import publish

    endpoint = EndpointFactory(restaurant=bistro.restaurant, url=receiver.url)  # every type: "*"

    publish(
        bistro.restaurant.pk, "guest.merged", {"object": "guest", "id": "gst_x"}, extra={"merged_guest_id": "gst_y"}
    )
    EventFactory(restaurant=bistro.restaurant, type="something.new", data={"object": {"object": "thing"}})
    flush()
    payloads = delivered(receiver, endpoint)
    assert [p["type"] for p in payloads] == ["guest.merged", "something.new"]
    assert payloads[0]["data"] == {"object": {"object": "guest", "id": "gst_x"}, "merged_guest_id": "gst_y"}
    assert payloads[1]["data"] == {"object": {"object": "thing"}}


def test_a_commitment_hold_expires_when_the_sweep_ends_it(api, bistro, clock, endpoint, receiver):
    hold = take_hold(api, party_size=2, start_time="20:00", kind="commitment")
    flush()
    assert types(receiver, endpoint) == ["hold.created"]
    clock.shift(dt.timedelta(hours=25))
    assert sweep_expired_holds(kind="basket") == 0  # the frequent sweep leaves commitments alone
    assert api.get(f"/v1/holds/{hold['id']}").json()["status"] == "held"  # until the five-minute sweep
    swept_at = dt.datetime.now(dt.UTC)
    assert sweep_expired_holds() == 1
    flush()
    [expired] = delivered(receiver, endpoint, start=1)
    assert expired["type"] == "hold.expired" and expired["data"]["object"]["status"] == "expired"
    created = dt.datetime.fromisoformat(expired["created"].replace("Z", "+00:00"))
    assert abs((created - swept_at).total_seconds()) < 5
