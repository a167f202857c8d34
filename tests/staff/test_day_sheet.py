"""The list (and the timeline, the host's home page): what they show, the list's filters, the moves
made from them, their scoping, and a query count that does not grow with the day's bookings."""

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from reservations.models import Reservation
from tests.factories import (
    CompanyFactory,
    GuestFactory,
    HoldFactory,
    MembershipFactory,
    RestaurantFactory,
    UserFactory,
)
from tests.staff.conftest import DAY, last_event

pytestmark = pytest.mark.django_db

SHEET = "/admin/day/"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def client_for(restaurant, role: str, username: str | None = None) -> Client:
    user = MembershipFactory(
        user__username=username or f"{role}-{restaurant.pk}", restaurant=restaurant, role=role
    ).user
    client = Client()
    client.force_login(user)
    return client


def sheet(client, restaurant, **query):
    params = {"r": restaurant.public_id, "date": DAY.isoformat(), **query}
    response = client.get(SHEET, params)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def test_a_host_lands_on_todays_sheet_that_names_the_restaurant(floor):
    host = client_for(floor.restaurant, "host")
    response = host.get("/admin/")
    assert response.status_code == 302 and response.url == "/admin/floor/"
    page = host.get("/admin/floor/").content.decode()
    assert floor.restaurant.name in page and "Saturday 5 December 2026" in page
    assert "API keys" not in page


def test_the_sheet_shows_every_booking_by_service_with_its_details(floor):
    guest = GuestFactory(
        restaurant=floor.restaurant,
        first_name="Hélène",
        last_name="Dupont",
        phone="+33612345678",
        vip=True,
        allergies=["peanuts"],
        dietary_preferences=["vegetarian"],
    )
    company = CompanyFactory(restaurant=floor.restaurant, name="Acme SA")
    booking = floor.book(
        [floor.t4],
        size=3,
        guest=guest,
        company=company,
        guest_notes="Window please",
        internal_notes="Regular",
        at=dt.time(20, 0),
    )
    floor.book([floor.t2], status="pending")
    floor.book([floor.t6], status="cancelled", size=5)
    HoldFactory(restaurant=floor.restaurant, shift=floor.shift, service_date=DAY, tables=[floor.t6], party_size=4)
    floor.shift.max_covers, floor.shift.max_covers_per_slot = 20, 8
    floor.shift.save()
    from reservations.services.availability_version import bump_availability_version

    bump_availability_version(floor.restaurant.pk)
    page = sheet(client_for(floor.restaurant, "host"), floor.restaurant)
    for text in (
        booking.public_id,
        "20:00",
        "Hélène Dupont",
        "VIP",
        "peanuts",
        "vegetarian",
        "Acme SA",
        "Window please",
        "Regular",
        "T4",
        "+33612345678",
        "Dinner",
        "9 covers / 20",  # 3 + 2 pending + a hold of 4; the cancelled party is not charged
        "Partners' holds",
        "Cancelled",  # statuses in words
        "To approve",
    ):
        assert text in page, text
    assert 'value="approve"' in page and 'value="seat"' in page
    assert ">awaiting_guarantee<" not in page and ">cancelled<" not in page  # words, not codes
    timeline = client_for(floor.restaurant, "host", "host-timeline").get(
        "/admin/floor/", {"r": floor.restaurant.public_id, "date": DAY.isoformat()}
    )
    page = timeline.content.decode()
    assert "<b>20:00</b><span>3/8</span>" in page and "<b>19:30</b><span>6/8</span>" in page  # covers per slot
    assert "Hélène Dupont, party of 3, 20:00–22:00, Confirmed" in page  # the bar, in words


def test_search_by_name_or_phone_and_filter_by_status(floor):
    alice = floor.book([floor.t2], guest=GuestFactory(restaurant=floor.restaurant, first_name="Alice", last_name="Zed"))
    bob = floor.book(
        [floor.t4],
        status="pending",
        guest=GuestFactory(restaurant=floor.restaurant, first_name="Bob", last_name="Yann", phone="+33700000042"),
    )
    host = client_for(floor.restaurant, "host")
    row = 'id="row-{}"'.format
    page = sheet(host, floor.restaurant, q="alice")
    assert row(alice.public_id) in page and row(bob.public_id) not in page
    page = sheet(host, floor.restaurant, q="0000 042")
    assert row(bob.public_id) in page and row(alice.public_id) not in page
    page = sheet(host, floor.restaurant, status="pending")
    assert row(bob.public_id) in page and row(alice.public_id) not in page
    assert "4 covers" in page  # the covers still count the whole day


def test_date_navigation(floor):
    page = sheet(client_for(floor.restaurant, "host"), floor.restaurant)
    assert "date=2026-12-04" in page and "date=2026-12-06" in page


def test_a_hostile_query_string_is_not_a_500(floor):
    host = client_for(floor.restaurant, "host")
    for query in ({"date": "0000-99-99"}, {"status": "late"}, {"q": "x" * 500}, {"r": "rst_nope"}):
        response = host.get(SHEET, query)
        assert response.status_code in (200, 404), query


def test_the_query_count_does_not_grow_with_the_bookings(floor):
    host = client_for(floor.restaurant, "host")
    floor.book([floor.t2])
    HoldFactory(restaurant=floor.restaurant, shift=floor.shift, service_date=DAY, tables=[floor.t4])
    sheet(host, floor.restaurant)  # warm the policy cache and the session
    with CaptureQueriesContext(connection) as few:
        sheet(host, floor.restaurant)
    for hour in range(12):
        floor.book([], size=2, at=dt.time(19, 0), guest_notes=f"note {hour}")
    HoldFactory(restaurant=floor.restaurant, shift=floor.shift, service_date=DAY, tables=[floor.t6])
    with CaptureQueriesContext(connection) as many:
        page = sheet(host, floor.restaurant)
    assert page.count('<tr id="row-') == 13 and page.count('id="hold-') == 2
    assert len(many) == len(few), [q["sql"][:120] for q in many.captured_queries]


def test_a_host_approves_and_seats_from_the_sheet(floor):
    booking = floor.book([floor.t4], status="pending")
    host = client_for(floor.restaurant, "host")
    response = host.post("/admin/day/move/", {"reservation": booking.public_id, "action": "approve", "next": SHEET})
    assert response.status_code == 302
    assert Reservation.objects.get(pk=booking.pk).status == "confirmed"
    host.post("/admin/day/move/", {"reservation": booking.public_id, "action": "seat"})
    assert Reservation.objects.get(pk=booking.pk).status == "seated"
    page = sheet(host, floor.restaurant)
    assert 'value="undo"' in page
    host.post("/admin/day/move/", {"reservation": booking.public_id, "action": "undo"})
    assert Reservation.objects.get(pk=booking.pk).status == "confirmed"


def test_a_refused_approval_names_the_conflict_in_words(floor):
    request = floor.book([floor.t4], status="pending", size=4, allocations=False)
    floor.book([floor.t4], size=4, at=dt.time(20, 0))
    host = client_for(floor.restaurant, "host")
    response = host.post("/admin/day/move/", {"reservation": request.public_id, "action": "approve"}, follow=True)
    assert "T4 is taken 20:00–22:00" in response.content.decode()
    assert Reservation.objects.get(pk=request.pk).status == "pending"


def test_cancel_from_the_sheet_needs_a_reason(floor):
    booking = floor.book([floor.t4])
    host = client_for(floor.restaurant, "host")
    response = host.post("/admin/day/move/", {"reservation": booking.public_id, "action": "cancel"}, follow=True)
    assert "Type the reason" in response.content.decode()
    host.post("/admin/day/move/", {"reservation": booking.public_id, "action": "cancel", "reason": "Kitchen fire"})
    booking.refresh_from_db()
    assert booking.status == "cancelled" and last_event(booking).data["cancellation_reason"] == "Kitchen fire"


def test_phone_booking_and_walk_in_from_the_sheet(floor, clock):
    host = client_for(floor.restaurant, "host")
    response = host.post(
        f"/admin/day/new/?r={floor.restaurant.public_id}",
        {
            "channel": "phone",
            "service_date": DAY.isoformat(),
            "start_time": "20:30",
            "party_size": 2,
            "first_name": "Tom",
            "last_name": "Phone",
            "phone": "0611111111",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    booking = Reservation.objects.get(booking_channel="phone")
    assert booking.status == "confirmed" and str(booking.guest) == "Tom Phone"
    clock.move_to(dt.datetime(2026, 12, 5, 18, 40, tzinfo=dt.UTC))
    response = host.post(
        f"/admin/day/new/?r={floor.restaurant.public_id}",
        {"channel": "walk_in", "party_size": 2, "tables": [floor.t4.public_id]},
    )
    assert response.status_code == 302
    assert Reservation.objects.get(booking_channel="walk_in").status == "seated"
    # A refusal sits next to the field: the taken table.
    response = host.post(
        f"/admin/day/new/?r={floor.restaurant.public_id}",
        {"channel": "walk_in", "party_size": 2, "tables": [floor.t4.public_id]},
    )
    page = response.content.decode()
    assert response.status_code == 200 and 'id="field-tables"' in page and "is taken" in page


def test_edit_a_booking_time_party_tables_notes(floor):
    booking = floor.book([floor.t2], size=2)
    host = client_for(floor.restaurant, "host")
    floor.book([], status="completed", guest=booking.guest, at=dt.time(19, 0))
    page = host.get(f"/admin/day/booking/{booking.public_id}/").content.decode()
    assert "Other bookings (1)" in page  # the guest's other bookings, on the card
    url = f"/admin/day/booking/{booking.public_id}/edit/"
    response = host.post(
        url,
        {
            "service_date": DAY.isoformat(),
            "start_time": "20:00",
            "party_size": 4,
            "tables": [floor.t4.public_id],
            "guest_notes": "",
            "internal_notes": "birthday cake",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    booking.refresh_from_db()
    assert booking.party_size == 4 and booking.internal_notes == "birthday cake"
    assert list(booking.tables.values_list("name", flat=True)) == ["T4"]


# --- scoping and roles -------------------------------------------------------------------


def test_every_page_and_move_is_scoped_to_the_users_restaurants(floor):
    other = RestaurantFactory(name="BRAVO bistro")
    theirs = floor.book([floor.t4], status="pending")
    outsider = client_for(other, "owner", username="bravo-owner")
    assert outsider.get(SHEET, {"r": floor.restaurant.public_id}).status_code == 404
    page = outsider.get(SHEET).content.decode()
    assert floor.restaurant.name not in page and theirs.public_id not in page and "BRAVO bistro" in page
    assert outsider.post("/admin/day/move/", {"reservation": theirs.public_id, "action": "approve"}).status_code == 404
    assert outsider.get(f"/admin/day/booking/{theirs.public_id}/").status_code == 404
    assert Reservation.objects.get(pk=theirs.pk).status == "pending"
    nobody = Client()
    nobody.force_login(UserFactory(username="no-role"))
    assert nobody.get(SHEET).status_code in (302, 403)


def test_hosts_see_nothing_of_keys_or_endpoints_managers_edit_policy_owners_manage_keys(floor):
    host = client_for(floor.restaurant, "host")
    manager = client_for(floor.restaurant, "manager")
    owner = client_for(floor.restaurant, "owner")
    assert host.get("/admin/apikeys/apikey/").status_code == 403
    assert manager.get("/admin/apikeys/apikey/").status_code == 403
    assert owner.get("/admin/apikeys/apikey/").status_code == 200
    table_url = f"/admin/reservations/table/{floor.t4.pk}/change/"
    assert "Save" not in host.get(table_url).content.decode() or host.get(table_url).status_code == 403
    assert 'name="_save"' in manager.get(table_url).content.decode()
    home = manager.get("/admin/").content.decode()
    assert floor.restaurant.name in home and "pending request" in home and "API keys" not in home
    home = owner.get("/admin/").content.decode()
    assert "API keys" in home and floor.restaurant.name in home


def test_unknown_admin_urls_get_the_admins_own_404(floor):
    owner = client_for(floor.restaurant, "owner")
    response = owner.get("/admin/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Page not found" in page and "Reservations back office" in page


def test_admin_times_show_in_the_restaurants_zone(floor):
    from django.utils import timezone

    owner = client_for(floor.restaurant, "owner")
    response = owner.get("/admin/day/", {"r": floor.restaurant.public_id})
    assert response.status_code == 200
    assert timezone.get_current_timezone_name() == "UTC"  # deactivated after the request
    assert "times in Europe/Paris" in response.content.decode()
