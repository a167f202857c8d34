"""The back office of the guest book and the waitlist: scoped to the user's restaurants, hosts and
above, every write through the services (so every change announces its event)."""

import datetime as dt

import pytest
from django.urls import reverse

from guests.models import Guest
from tests.factories import GuestFactory, TableFactory, WaitlistEntryFactory
from waitlist.models import WaitlistEntry
from webhooks.models import Event

pytestmark = pytest.mark.django_db


def types() -> list[str]:
    return list(Event.objects.order_by("id").values_list("type", flat=True))


def guest_payload(**changes) -> dict:
    data = {
        "first_name": "Alice",
        "last_name": "Martin",
        "email": "",
        "phone": "",
        "language": "fr",
        "notes": "",
        "blacklist_reason": "",
        "dietary_preferences": "",
        "allergies": "",
        "birthday": "",
        "anniversary": "",
    }
    data.update(changes)
    return data


@pytest.fixture
def guests(world_a, world_b):
    return (
        GuestFactory(restaurant=world_a.restaurant, first_name="Élodie", last_name="Alpha"),
        GuestFactory(restaurant=world_b.restaurant, first_name="BRAVO", last_name="Guest"),
    )


def test_the_change_page_is_named_for_the_day_sheet(guests):
    assert reverse("admin:guests_guest_change", args=[guests[0].pk]) == f"/admin/guests/guest/{guests[0].pk}/change/"


@pytest.mark.parametrize("role", ["owner", "co_owner", "manager", "host"])
def test_every_role_from_host_up_sees_its_own_guests_only(login, guests, role):
    client = login(role)
    body = client.get("/admin/guests/guest/").content.decode()
    assert "Élodie" in body and "BRAVO" not in body
    assert client.get(f"/admin/guests/guest/{guests[1].pk}/change/").status_code in (302, 404)
    assert "BRAVO" not in client.get("/admin/waitlist/waitlistentry/").content.decode()


def test_no_role_no_page(login, guests):
    assert login("nobody").get("/admin/guests/guest/").status_code in (302, 403)
    assert login("owner_b").get(f"/admin/guests/guest/{guests[0].pk}/change/").status_code in (302, 404)


def test_search_is_accent_insensitive(login, guests):
    client = login("host")
    body = client.get("/admin/guests/guest/", {"q": "elodie"}).content.decode()
    assert "Élodie" in body
    body = client.get("/admin/guests/guest/", {"q": "zzz"}).content.decode()
    assert "Élodie" not in body


def test_a_host_edits_a_profile_and_it_announces_guest_updated(login, guests):
    guest = guests[0]
    response = login("host").post(
        f"/admin/guests/guest/{guest.pk}/change/",
        guest_payload(first_name="Élodie", last_name="Alpha", email=" Elodie@Example.COM ", vip="on"),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    guest.refresh_from_db()
    assert guest.email == "elodie@example.com" and guest.vip
    assert types() == ["guest.updated"]
    assert Event.objects.get().data["object"]["vip"] is True


def test_a_host_adds_a_profile_and_it_announces_guest_created(login, world_a, guests):
    response = login("host").post(
        "/admin/guests/guest/add/",
        guest_payload(restaurant=world_a.restaurant.pk, first_name="New", last_name="Guest", phone="06 11 22 33 44"),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    created = Guest.objects.get(first_name="New")
    assert created.restaurant == world_a.restaurant and created.phone == "+33611223344"
    assert types() == ["guest.created"]


def test_merge_unmerge_and_erase_actions(login, world_a, guests):
    client = login("host")
    older = guests[0]
    newer = GuestFactory(restaurant=world_a.restaurant, first_name="Elo", email="elo@example.com")
    response = client.post(
        "/admin/guests/guest/", {"action": "merge_into_oldest", "_selected_action": [older.pk, newer.pk]}
    )
    assert response.status_code == 302
    newer.refresh_from_db()
    assert newer.merged_into_id == older.pk and types() == ["guest.merged"]
    client.post("/admin/guests/guest/", {"action": "unmerge", "_selected_action": [newer.pk]})
    newer.refresh_from_db()
    assert newer.merged_into_id is None and "guest.unmerged" in types()
    # Erasure asks first.
    page = client.post("/admin/guests/guest/", {"action": "erase", "_selected_action": [newer.pk]})
    assert page.status_code == 200 and "cannot be undone" in page.content.decode()
    newer.refresh_from_db()
    assert newer.erased_at is None
    client.post("/admin/guests/guest/", {"action": "erase", "_selected_action": [newer.pk], "confirm": "yes"})
    newer.refresh_from_db()
    assert newer.erased_at is not None and newer.email is None and types()[-1] == "guest.deleted"


def test_a_merge_across_restaurants_is_impossible(login, guests):
    login("superuser").post(
        "/admin/guests/guest/", {"action": "merge_into_oldest", "_selected_action": [g.pk for g in guests]}
    )
    assert not Guest.objects.filter(merged_into__isnull=False).exists() and types() == []


def test_guests_cannot_be_deleted(login, guests):
    assert login("owner").get(f"/admin/guests/guest/{guests[0].pk}/delete/").status_code == 403


# --- the waitlist -----------------------------------------------------------------------------------------


@pytest.fixture
def dinner(world_a):
    """Restaurant A's floor and dinner, with one table for four."""
    shift = world_a.objects["shift"]
    TableFactory(section=world_a.objects["section"], name="ALPHA-T4", min_capacity=1, max_capacity=4)
    world_a.restaurant.write_burst = 1000
    world_a.restaurant.save(update_fields=["write_burst"])
    return shift


def test_a_host_adds_an_entry_through_the_service(login, world_a, guests, dinner):
    response = login("host").post(
        "/admin/waitlist/waitlistentry/add/",
        {
            "restaurant": world_a.restaurant.pk,
            "guest": guests[0].pk,
            "joined_via": "staff",
            "service_date": "2026-12-05",
            "party_size": 2,
            "window_start": "20:00",
            "window_end": "21:00",
            "notes": "Window",
            "private_note": "VIP friend",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    entry = WaitlistEntry.objects.get()
    assert entry.restaurant == world_a.restaurant and entry.shift_name is not None
    assert types() == ["waitlist_entry.created"]


def test_an_entry_cannot_name_another_restaurants_guest(login, guests, dinner):
    response = login("host").post(
        "/admin/waitlist/waitlistentry/add/",
        {"restaurant": guests[0].restaurant_id, "guest": guests[1].pk, "joined_via": "staff", "service_date": "2026-12-05", "party_size": 2,
         "window_start": "20:00", "window_end": "21:00"},
    )  # fmt: skip
    assert response.status_code == 200 and not WaitlistEntry.objects.exists()


def test_offer_promote_and_cancel_actions(login, world_a, guests, dinner):
    client = login("host")
    guest = guests[0]
    first = WaitlistEntryFactory(restaurant=world_a.restaurant, guest=guest, window_start=dt.time(19, 30))
    second = WaitlistEntryFactory(restaurant=world_a.restaurant, guest=guest)
    client.post("/admin/waitlist/waitlistentry/", {"action": "offer", "_selected_action": [first.pk]})
    client.post("/admin/waitlist/waitlistentry/", {"action": "promote", "_selected_action": [first.pk]})
    client.post("/admin/waitlist/waitlistentry/", {"action": "cancel", "_selected_action": [second.pk]})
    first.refresh_from_db(), second.refresh_from_db()
    assert first.status == "promoted" and first.reservation.source == "waitlist"
    assert second.status == "cancelled"
    assert [t for t in types() if t.startswith("waitlist_entry.")] == [
        "waitlist_entry.updated",
        "waitlist_entry.promoted",
        "waitlist_entry.cancelled",
    ]
    assert first.reservation.events.filter(type="reservation.created").exists()


def test_a_refused_promotion_is_a_message_not_an_error_page(login, world_a, guests, dinner):
    # The dinner runs 19:00-22:00: nothing is sold at 03:00.
    entry = WaitlistEntryFactory(
        restaurant=world_a.restaurant, guest=guests[0], window_start=dt.time(3), window_end=dt.time(4)
    )
    response = login("host").post(
        "/admin/waitlist/waitlistentry/", {"action": "promote", "_selected_action": [entry.pk]}, follow=True
    )
    assert response.status_code == 200 and "No service runs at 03:00" in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == "active"
