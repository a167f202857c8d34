"""Guest-book services: the booking path's profiles, staff edits, merge, unmerge, erasure, statistics,
and the `guest.*` events each writes in its own transaction."""

import datetime as dt
import json

import pytest
from django.db import transaction

from apikeys.models import IdempotencyRecord
from guests.exceptions import GuestErased, GuestMergeRefused, GuestNotMerged
from guests.models import Guest, GuestMerge
from guests.services import (
    ERASED_NAME,
    GuestInput,
    create_guest,
    erase_guest,
    match_or_create,
    merge_guests,
    recompute_statistics,
    unmerge_guest,
    update_guest,
)
from reservations.models import Reservation, ReservationEvent
from tests.factories import (
    GuestFactory,
    ReservationEventFactory,
    ReservationFactory,
    RestaurantFactory,
    WaitlistEntryFactory,
)
from tests.reservations.helpers import book
from webhooks.models import Event
from webhooks.services.publish import publish

pytestmark = pytest.mark.django_db


def events_of(type_: str) -> list[Event]:
    return list(Event.objects.filter(type=type_).order_by("id"))


# --- the booking path and staff edits ------------------------------------------------------------------


def test_a_booking_that_creates_a_profile_announces_guest_created(api, bistro):
    body = book(api, guest={"first_name": "Zoé", "last_name": "Roux", "email": "ZOE@example.com"})
    created = events_of("guest.created")
    assert len(created) == 1
    snapshot = created[0].data["object"]
    assert snapshot["object"] == "guest" and snapshot["id"] == body["guest"]
    assert snapshot["email"] == "zoe@example.com" and snapshot["source"] == "api"
    assert created[0].restaurant_id == bistro.restaurant.pk and created[0].subject == body["guest"]
    book(api, guest={"first_name": "Zoé", "last_name": "Roux", "email": "zoe@example.com"}, start_time="21:00")
    assert len(events_of("guest.created")) == 1  # matched, not created again


def test_a_refused_booking_leaves_no_profile_and_no_event(api, bistro):
    response = api.post(
        "/v1/reservations",
        {"service_date": "2026-12-05", "start_time": "03:00", "party_size": 2,
         "guest": {"first_name": "Ghost", "last_name": "X", "email": "ghost@example.com"}},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-refused",
    )  # fmt: skip
    assert response.status_code == 422
    assert not Guest.objects.filter(email="ghost@example.com").exists()
    assert events_of("guest.created") == []


def test_match_or_create_inside_a_rolled_back_transaction_writes_nothing(restaurant):
    with pytest.raises(RuntimeError), transaction.atomic():
        match_or_create(restaurant=restaurant, data=GuestInput("A", "B", email="a@b.c"))
        raise RuntimeError
    assert Guest.objects.count() == 0 and Event.objects.count() == 0


def test_staff_create_and_update_announce_and_normalise(restaurant):
    guest = create_guest(restaurant=restaurant, values={"first_name": " Anne ", "phone": "06 12 34 56 78"})
    assert guest.first_name == "Anne" and guest.phone == "+33612345678" and guest.language == "fr"
    assert [e.type for e in Event.objects.all()] == ["guest.created"]
    update_guest(guest=guest, values={"email": " Anne@Example.COM ", "vip": True, "marketing_email_consent": True})
    guest.refresh_from_db()
    assert guest.email == "anne@example.com" and guest.vip and guest.marketing_email_consent_at is not None
    updated = events_of("guest.updated")
    assert len(updated) == 1 and updated[0].data["object"]["vip"] is True
    update_guest(guest=guest, values={"vip": True})  # nothing changes: no event
    assert len(events_of("guest.updated")) == 1


def test_update_refuses_a_nameless_profile_and_unknown_fields(restaurant):
    from config.exceptions import InvalidInput

    guest = GuestFactory(restaurant=restaurant, first_name="A", last_name=None)
    with pytest.raises(InvalidInput):
        update_guest(guest=guest, values={"first_name": "  "})
    with pytest.raises(InvalidInput):
        update_guest(guest=guest, values={"visit_count": 9})
    assert Event.objects.count() == 0


# --- merge and unmerge -----------------------------------------------------------------------------------


def test_merge_moves_bookings_and_entries_and_announces(bistro):
    restaurant = bistro.restaurant
    survivor = GuestFactory(restaurant=restaurant, first_name="Alice", email=None, allergies=["nuts"])
    absorbed = GuestFactory(restaurant=restaurant, first_name="Alicia", email="a@x.fr", allergies=["milk"], vip=True)
    theirs = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=absorbed, status="completed")
    ReservationEventFactory(reservation=theirs)
    mine = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=survivor)
    entry = WaitlistEntryFactory(restaurant=restaurant, guest=absorbed)
    merge = merge_guests(survivor=survivor, absorbed=absorbed, merged_by="host@x")
    theirs.refresh_from_db(), entry.refresh_from_db(), survivor.refresh_from_db(), absorbed.refresh_from_db()
    assert theirs.guest_id == survivor.pk and entry.guest_id == survivor.pk
    assert absorbed.merged_into_id == survivor.pk
    assert survivor.email == "a@x.fr" and survivor.allergies == ["nuts", "milk"] and survivor.vip
    assert survivor.visit_count == 1  # statistics of both profiles recomputed at once
    assert merge.reservation_ids == [theirs.pk] and merge.waitlist_entry_ids == [entry.pk]
    merged = events_of("guest.merged")
    assert len(merged) == 1
    assert merged[0].data["object"]["id"] == survivor.public_id
    assert merged[0].data["merged_guest_id"] == absorbed.public_id
    # The booking that changed guest records reservation.updated with the previous guest.
    change = ReservationEvent.objects.get(reservation=theirs, type="reservation.updated")
    assert change.data == {"changes": {"guest": {"from": absorbed.public_id, "to": survivor.public_id}}}
    assert not ReservationEvent.objects.filter(reservation=mine, type="reservation.updated").exists()


def test_unmerge_restores_the_profile_its_bookings_and_the_survivors_fields(bistro):
    restaurant = bistro.restaurant
    survivor = GuestFactory(restaurant=restaurant, email=None, vip=False)
    absorbed = GuestFactory(restaurant=restaurant, email="b@x.fr", vip=True)
    theirs = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=absorbed)
    mine = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=survivor)
    entry = WaitlistEntryFactory(restaurant=restaurant, guest=absorbed)
    merge_guests(survivor=survivor, absorbed=absorbed)
    unmerge_guest(absorbed=absorbed)
    for row in (theirs, mine, entry, survivor, absorbed):
        row.refresh_from_db()
    assert theirs.guest_id == absorbed.pk and mine.guest_id == survivor.pk and entry.guest_id == absorbed.pk
    assert absorbed.merged_into_id is None
    assert survivor.email is None and survivor.vip is False
    unmerged = events_of("guest.unmerged")
    assert len(unmerged) == 1 and unmerged[0].data["object"]["id"] == absorbed.public_id
    assert unmerged[0].data["survivor_guest_id"] == survivor.public_id
    assert GuestMerge.objects.get().unmerged_at is not None
    with pytest.raises(GuestNotMerged):
        unmerge_guest(absorbed=absorbed)


def test_unmerge_keeps_a_field_changed_since_the_merge(restaurant):
    survivor = GuestFactory(restaurant=restaurant, email=None)
    absorbed = GuestFactory(restaurant=restaurant, email="b@x.fr")
    merge_guests(survivor=survivor, absorbed=absorbed)
    update_guest(guest=survivor, values={"email": "new@x.fr"})
    unmerge_guest(absorbed=absorbed)
    survivor.refresh_from_db()
    assert survivor.email == "new@x.fr"


def test_merging_a_profile_that_is_itself_a_survivor(bistro):
    restaurant = bistro.restaurant
    a, b, c = (GuestFactory(restaurant=restaurant) for _ in range(3))
    of_b = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=b)
    of_a = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=a)
    merge_guests(survivor=a, absorbed=b)  # a survives b
    merge_guests(survivor=c, absorbed=a)  # c absorbs the survivor a (and with it b's booking)
    of_a.refresh_from_db(), of_b.refresh_from_db()
    assert of_a.guest_id == c.pk and of_b.guest_id == c.pk
    from guests.selectors import resolve_public_id

    assert resolve_public_id(restaurant, b.public_id) == c
    # Undo the second merge: a comes back with what it held then (its own and b's booking).
    unmerge_guest(absorbed=a)
    of_a.refresh_from_db(), of_b.refresh_from_db()
    assert of_a.guest_id == a.pk and of_b.guest_id == a.pk
    assert resolve_public_id(restaurant, b.public_id) == a
    # Then the first: b gets its own booking back.
    unmerge_guest(absorbed=b)
    of_b.refresh_from_db()
    assert of_b.guest_id == b.pk


def test_undoing_an_inner_merge_while_the_outer_stands(bistro):
    restaurant = bistro.restaurant
    a, b, c = (GuestFactory(restaurant=restaurant) for _ in range(3))
    of_b = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=b)
    merge_guests(survivor=a, absorbed=b)
    merge_guests(survivor=c, absorbed=a)
    unmerge_guest(absorbed=b)  # b's booking comes back from c, where it is now
    of_b.refresh_from_db()
    assert of_b.guest_id == b.pk


def test_refused_merges(restaurant):
    a, b, c = (GuestFactory(restaurant=restaurant) for _ in range(3))
    with pytest.raises(GuestMergeRefused):
        merge_guests(survivor=a, absorbed=a)
    merge_guests(survivor=a, absorbed=b)
    with pytest.raises(GuestMergeRefused):
        merge_guests(survivor=c, absorbed=b)  # already merged away
    with pytest.raises(GuestMergeRefused):
        merge_guests(survivor=b, absorbed=c)
    from config.exceptions import NotFound

    with pytest.raises(NotFound):
        merge_guests(survivor=a, absorbed=GuestFactory(restaurant=RestaurantFactory()))
    erase_guest(guest=c)
    with pytest.raises(GuestMergeRefused):
        merge_guests(survivor=a, absorbed=c)
    assert len(events_of("guest.merged")) == 1


# --- erasure -----------------------------------------------------------------------------------------------


def test_erasure_blanks_every_place_the_guest_appears(bistro, api):
    restaurant = bistro.restaurant
    body = book(
        api,
        guest={"first_name": "Eve", "last_name": "Secret", "email": "eve@example.com", "phone": "0612345678"},
        guest_notes="Allergic to cats",
        internal_notes="Eve's cousin",
    )
    guest = Guest.objects.get(public_id=body["guest"])
    # A second booking typed with other contacts: contact_* and submitted_* carry them.
    other = book(
        api,
        start_time="21:00",
        guest={"first_name": "Evelyn", "last_name": "S", "email": "eve@example.com", "phone": "0699999999"},
    )
    absorbed = GuestFactory(restaurant=restaurant, first_name="Eve", email="eve@old.fr")
    merge_guests(survivor=guest, absorbed=absorbed)
    entry = WaitlistEntryFactory(restaurant=restaurant, guest=guest, notes="Terrace", private_note="Knows the chef")
    publish(restaurant.pk, "reservation.updated", api.get(f"/v1/reservations/{other['id']}").json(),
            previous_attributes={"guest_notes": "old secret"})  # fmt: skip
    assert IdempotencyRecord.objects.filter(restaurant=restaurant).exists()

    erased = erase_guest(guest=absorbed)  # erasing a merged-away id erases the person: the survivor too

    assert erased.pk == guest.pk
    for profile in (guest, absorbed):
        profile.refresh_from_db()
        assert profile.erased_at is not None and profile.last_name == ERASED_NAME and profile.first_name is None
        assert profile.email is None and profile.phone is None and profile.notes is None
    for reservation in Reservation.objects.filter(guest=guest):
        assert reservation.contact_email is None and reservation.contact_phone is None
        assert reservation.guest_notes is None and reservation.internal_notes is None
        assert reservation.submitted_guest == {}
        assert reservation.party_size == 2  # bookings keep their counts
    entry.refresh_from_db()
    assert entry.notes is None and entry.private_note is None
    dumped = json.dumps([e.data for e in ReservationEvent.objects.all()])
    dumped += json.dumps([e.data for e in Event.objects.exclude(type="guest.deleted")])
    dumped += "".join(bytes(r.body).decode() for r in IdempotencyRecord.objects.all())
    for secret in ("eve@example.com", "Secret", "+33612345678", "+33699999999", "Allergic", "cousin", "Evelyn",
                   "old secret", "eve@old.fr", "Terrace"):  # fmt: skip
        assert secret not in dumped, secret
    deleted = events_of("guest.deleted")
    assert len(deleted) == 1 and deleted[0].data["object"]["id"] == guest.public_id
    assert deleted[0].data["object"]["email"] is None
    # A replay of the first create answers without the erased data.
    assert erase_guest(guest=guest).pk == guest.pk and len(events_of("guest.deleted")) == 1
    with pytest.raises(GuestErased):
        update_guest(guest=guest, values={"first_name": "Back"})


# --- statistics ----------------------------------------------------------------------------------------------


def test_statistics_follow_the_contracts_definitions(bistro):
    restaurant = bistro.restaurant
    guest = GuestFactory(restaurant=restaurant)
    today = dt.date(2026, 12, 1)

    def booking(status, days, at=dt.time(19, 30)):
        return ReservationFactory(
            restaurant=restaurant, shift=bistro.shift, guest=guest, status=status,
            service_date=today + dt.timedelta(days=days), at=at,
        )  # fmt: skip

    first = booking("completed", -30)
    booking("seated", -1)
    last = booking("partially_seated", -1, at=dt.time(21, 0))
    booking("no_show", -10)
    booking("cancelled", -5)  # past: counts
    booking("cancelled", 5)  # still ahead: not yet a cancellation that counts
    booking("confirmed", 3)
    other = GuestFactory(restaurant=restaurant, visit_count=7)  # no booking: back to zero
    assert recompute_statistics(restaurant_id=restaurant.pk) == 2
    guest.refresh_from_db(), other.refresh_from_db()
    assert (guest.visit_count, guest.no_show_count, guest.cancellation_count) == (3, 1, 1)
    assert guest.first_visit_at == first.starts_at and guest.last_visit_at == last.starts_at
    assert (other.visit_count, other.first_visit_at) == (0, None)
    assert recompute_statistics(restaurant_id=restaurant.pk) == 0  # nothing differs: nothing written
    assert Event.objects.filter(type__startswith="guest.").count() == 0  # derived figures announce nothing


def test_statistics_of_one_restaurant_leave_the_others(bistro):
    elsewhere = GuestFactory(restaurant=RestaurantFactory(), visit_count=5)
    recompute_statistics(restaurant_id=bistro.restaurant.pk)
    elsewhere.refresh_from_db()
    assert elsewhere.visit_count == 5


def test_the_hourly_task_runs_every_restaurant(bistro):
    from guests.tasks import recompute_guest_statistics

    guest = GuestFactory(restaurant=bistro.restaurant)
    ReservationFactory(restaurant=bistro.restaurant, shift=bistro.shift, guest=guest, status="completed")
    elsewhere = GuestFactory(restaurant=RestaurantFactory(), no_show_count=2)
    assert recompute_guest_statistics.apply().get() == 2
    guest.refresh_from_db(), elsewhere.refresh_from_db()
    assert guest.visit_count == 1 and elsewhere.no_show_count == 0


def test_a_booking_matches_the_oldest_profile_of_its_email_before_any_phone_match():
    restaurant = RestaurantFactory(country="FR")
    now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    phone_only_old = GuestFactory(restaurant=restaurant, email=None, phone="+33612345678")
    phone_other_email = GuestFactory(restaurant=restaurant, email="x@example.com", phone="+33612345678")
    email_newer = GuestFactory(restaurant=restaurant, email="a@example.com", phone=None)
    email_newest = GuestFactory(restaurant=restaurant, email="a@example.com", phone=None)
    merged = GuestFactory(restaurant=restaurant, email="b@example.com", merged_into=email_newer)
    erased = GuestFactory(restaurant=restaurant, email="c@example.com", erased_at=now)
    GuestFactory(email="d@example.com")  # another restaurant's
    for offset, guest in enumerate([phone_only_old, phone_other_email, email_newer, email_newest, merged, erased]):
        Guest.objects.filter(pk=guest.pk).update(created_at=now + dt.timedelta(days=offset))

    def match(email=None, phone=None):
        return match_or_create(
            restaurant=restaurant, data=GuestInput(first_name="A", last_name="B", email=email, phone=phone)
        )

    found = match(email="A@Example.com", phone="06 12 34 56 78")
    assert (found.guest, found.created) == (email_newer, False)  # e-mail first, although a phone match is older
    assert found.submitted["submitted_phone"] == "+33612345678"
    assert match(phone="06 12 34 56 78").guest == phone_only_old  # the oldest of the phone's, null e-mail or not
    assert match(email="nobody@example.com", phone="+33612345678").guest == phone_only_old
    assert match(email="b@example.com").created  # merged away: not matched
    assert match(email="c@example.com").created  # erased: not matched
    assert match(email="d@example.com").created  # another restaurant's guest book
