"""The waitlist panel of the host's pages: the date's open entries, one-tap offer / book / seat /
remove through the waitlist's services, scoped to the user's restaurants; and the card guarantee's
link on the booking's card."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import GuestFactory, RestaurantFactory, WaitlistEntryFactory
from tests.factories.guarantees import CardGuaranteeFactory
from tests.staff.conftest import DAY
from tests.staff.test_day_sheet import SHEET, client_for, sheet
from waitlist.models import WaitlistEntry
from webhooks.models import Event

pytestmark = pytest.mark.django_db

TAP = "/admin/day/waitlist/"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def entry_for(floor, **fields):
    guest = fields.pop("guest", None) or GuestFactory(restaurant=floor.restaurant, first_name="Wanda", last_name="Wait")
    fields.setdefault("window_start", dt.time(19, 30))
    fields.setdefault("window_end", dt.time(21, 0))
    fields.setdefault("service_date", DAY)
    return WaitlistEntryFactory(restaurant=floor.restaurant, guest=guest, **fields)


def tap(client, entry, action, follow=False):
    return client.post(TAP, {"entry": entry.public_id, "action": action, "next": SHEET}, follow=follow)


def test_the_panel_lists_the_dates_open_entries(floor):
    guest = GuestFactory(
        restaurant=floor.restaurant, first_name="Zoé", last_name="Attente", vip=True, allergies=["shellfish"]
    )
    entry = entry_for(floor, guest=guest, party_size=3, notes="Terrace if possible", private_note="Owner's friend")
    other_day = entry_for(floor, service_date=DAY + dt.timedelta(days=1))
    closed = entry_for(floor, status="cancelled")
    page = sheet(client_for(floor.restaurant, "host"), floor.restaurant)
    panel = page[page.index('id="waitlist"') :]
    for text in (entry.public_id, "Zoé Attente", "19:30–21:00", "VIP", "shellfish", "Terrace if possible",
                 "Owner&#x27;s friend", f"/admin/guests/guest/{guest.pk}/change/", 'value="book"', 'value="seat"'):  # fmt: skip
        assert text in panel, text
    assert other_day.public_id not in page and closed.public_id not in page


def test_a_host_offers_books_and_removes_from_the_panel(floor):
    host = client_for(floor.restaurant, "host")
    first, second = entry_for(floor), entry_for(floor)
    response = tap(host, first, "offer")
    assert response.status_code == 302 and response.url == SHEET
    first.refresh_from_db()
    assert first.status == "offered"
    page = tap(host, first, "book", follow=True).content.decode()
    first.refresh_from_db()
    assert first.status == "promoted" and first.reservation.source == "waitlist"
    assert f"Wanda Wait: booked for 19:30 on Sat 05 Dec, table T2 ({first.reservation.public_id})" in page
    tap(host, second, "remove")
    second.refresh_from_db()
    assert second.status == "cancelled"
    types = list(Event.objects.filter(type__startswith="waitlist_entry.").order_by("id").values_list("type", flat=True))
    assert types == ["waitlist_entry.updated", "waitlist_entry.promoted", "waitlist_entry.cancelled"]


def test_a_refused_promotion_is_shown_as_the_sheet_shows_refusals(floor):
    host = client_for(floor.restaurant, "host")
    entry = entry_for(floor, window_start=dt.time(3), window_end=dt.time(4))  # no service at 03:00
    response = tap(host, entry, "book", follow=True)
    assert response.status_code == 200
    assert "No service runs at 03:00 on Saturday 5 December." in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == "active" and entry.reservation_id is None


def test_a_closed_entry_cannot_be_offered_again(floor):
    entry = entry_for(floor, status="cancelled")
    page = tap(client_for(floor.restaurant, "host"), entry, "offer", follow=True).content.decode()
    assert "This waitlist entry is cancelled." in page
    assert WaitlistEntry.objects.get(pk=entry.pk).status == "cancelled"


def test_another_restaurants_entry_is_404_and_unknown_moves_too(floor):
    elsewhere = RestaurantFactory()
    theirs = WaitlistEntryFactory(restaurant=elsewhere)
    host = client_for(floor.restaurant, "host")
    for action in ("offer", "book", "seat", "remove"):
        assert tap(host, theirs, action).status_code == 404
    assert WaitlistEntry.objects.get(pk=theirs.pk).status == "active"
    mine = entry_for(floor)
    assert tap(host, mine, "delete").status_code == 404
    assert host.get(TAP).status_code == 405


def test_a_user_without_a_role_cannot_tap(floor, django_user_model):
    from django.test import Client

    entry = entry_for(floor)
    stranger = django_user_model.objects.create_user("nobody", password="x", is_staff=True)
    client = Client()
    client.force_login(stranger)
    assert tap(client, entry, "remove").status_code in (403, 404)
    anonymous = Client().post(TAP, {"entry": entry.public_id, "action": "remove"})
    assert anonymous.status_code == 302 and "/login/" in anonymous.url
    assert WaitlistEntry.objects.get(pk=entry.pk).status == "active"


def test_the_panel_keeps_the_query_count_flat(floor):
    host = client_for(floor.restaurant, "host")
    entry_for(floor)
    floor.book([floor.t2])
    sheet(host, floor.restaurant)
    with CaptureQueriesContext(connection) as few:
        sheet(host, floor.restaurant)
    for _ in range(8):
        entry_for(floor, guest=GuestFactory(restaurant=floor.restaurant, allergies=["nuts"]))
    with CaptureQueriesContext(connection) as many:
        page = sheet(host, floor.restaurant)
    assert page.count('class="q-item" id="wl-') == 9
    assert len(many) == len(few), [q["sql"][:120] for q in many.captured_queries]


def test_a_guaranteed_booking_links_to_its_money_page(floor):
    booking = floor.book(
        [floor.t4], guarantee_kind="imprint", guarantee_status="active", guarantee_amount=3000,
        guarantee_currency=floor.restaurant.currency, guarantee_cancel_hours=24,
    )  # fmt: skip
    plain = floor.book([floor.t2])
    card = CardGuaranteeFactory(reservation=booking)
    host = client_for(floor.restaurant, "host")
    url = f"/admin/reservations/cardguarantee/{card.pk}/money/"
    assert url in host.get(f"/admin/day/booking/{booking.public_id}/").content.decode()
    assert "ds-money" not in host.get(f"/admin/day/booking/{plain.public_id}/").content.decode()
    assert client_for(floor.restaurant, "host", "host2").get(url).status_code == 200
