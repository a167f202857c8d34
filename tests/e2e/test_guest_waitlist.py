"""The waitlist from the guest's side in headless Chromium against the service under gunicorn: the
booking page offers the queue when the party's time is full, the guest joins, changes the window and
party, the restaurant offers a place and the guest accepts it from their entry page (a booking made);
at desktop width and at 390 px (screenshots in tests/e2e/artifacts/)."""

import datetime as dt

import pytest

from guests.services import GuestInput
from reservations.models import Restaurant
from reservations.selectors import availability
from reservations.services.create import CreateParams, create_reservation
from tests.e2e.test_guest_pages import DESKTOP, PHONE, no_horizontal_scroll, shot
from waitlist.models import WaitlistEntry
from waitlist.services import offer_entry
from webhooks.models import Event

SETUP = """
restaurant: {name: Chez Attente, slug: chez-attente, timezone: Europe/Paris, country: FR, currency: EUR,
             primary_language: fr, guest_languages: [fr, en], max_advance_days: 60}
floor_plans:
  - key: main
    name: Salle
    sections:
      - key: room
        name: Salle
        tables: [{name: "1", min: 1, max: 4}]
shifts:
  - {key: dinner, name: Dîner, floor_plan: main, start_time: "19:00", end_time: "23:00", last_seating: "21:30",
     waitlist_enabled: true}
"""


@pytest.fixture
def world(transactional_db):
    from setup_file.loader import load

    return load(SETUP)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_guest_joins_the_waitlist_changes_it_and_accepts_an_offer(live_gunicorn, new_page, world, device):
    base = live_gunicorn
    restaurant = Restaurant.objects.get(slug="chez-attente")
    when = dt.date.today() + dt.timedelta(days=10 if device == "desktop" else 11)
    # The only table is taken at 19:00: the early times are full for a party of four.
    create_reservation(
        restaurant=restaurant,
        params=CreateParams(
            service_date=when,
            start_time=dt.time(19, 0),
            party_size=4,
            guest=GuestInput(first_name="Ana", last_name="Lopez", email=f"ana-{device}@example.com"),
        ),
    )
    page = new_page(**(PHONE if device == "phone" else DESKTOP))
    page.goto(f"{base}/book/chez-attente?lang=en&date={when.isoformat()}&party_size=4")
    assert page.get_by_text("(full)").first.is_visible()
    shot(page, f"{device}-waitlist-offered")
    page.get_by_role("link", name="Join the waitlist").click()
    page.wait_for_url("**/book/chez-attente/waitlist?**")
    page.get_by_label("From").fill("19:00")
    page.get_by_label("Until").fill("20:00")
    page.get_by_label("First name").fill("Élise")
    page.get_by_label("Last name", exact=True).fill("Durand")
    email = f"elise-{device}@example.com"
    page.get_by_label("E-mail").fill(email)
    if device == "phone":
        no_horizontal_scroll(page)
    shot(page, f"{device}-waitlist-join")
    page.get_by_role("button", name="Join the waitlist").click()
    page.wait_for_url("**notice=joined")
    assert page.locator("#status").get_attribute("data-status") == "active"
    entry = WaitlistEntry.objects.get(guest__email=email)
    assert entry.joined_via == "widget" and entry.party_size == 4 and entry.guest_token in page.url

    page.get_by_label("From").fill("19:30")
    page.get_by_label("Until").fill("20:30")
    page.get_by_label("Guests").fill("3")
    page.get_by_role("button", name="Save the changes").click()
    page.wait_for_url("**notice=changed")
    assert page.locator("#window").inner_text() == "19:30 – 20:30" and page.locator("#party").inner_text() == "3"
    shot(page, f"{device}-waitlist-entry")
    if device == "phone":
        no_horizontal_scroll(page)

    # The restaurant offers the first time a party of three can take now.
    day = availability.day(restaurant, date=when, party_size=3, group_id=None, exclude=None)
    offered = next(offer.slot for shift in day.shifts for offer in shift.slots)
    offer_entry(entry=entry, start_time=dt.time(offered.minutes // 60, offered.minutes % 60), minutes=30)
    page.reload()
    page.get_by_role("button", name="Accept the table").click()
    page.wait_for_url("**notice=booked")
    assert page.locator("#status").get_attribute("data-status") == "confirmed"
    shot(page, f"{device}-waitlist-accepted")
    entry.refresh_from_db()
    assert entry.status == "promoted" and entry.reservation.party_size == 3
    assert entry.reservation.source == "waitlist"
    types = list(
        Event.objects.filter(type__startswith="waitlist_entry.", restaurant_id=restaurant.pk)
        .order_by("id")
        .values_list("type", flat=True)
    )
    assert types == [
        "waitlist_entry.created",
        "waitlist_entry.updated",  # window and party
        "waitlist_entry.updated",  # the offer
        "waitlist_entry.promoted",
    ]


def test_a_guest_leaves_the_waitlist_in_french_on_a_phone(live_gunicorn, new_page, world):
    base = live_gunicorn
    restaurant = Restaurant.objects.get(slug="chez-attente")
    when = dt.date.today() + dt.timedelta(days=12)
    create_reservation(
        restaurant=restaurant,
        params=CreateParams(
            service_date=when,
            start_time=dt.time(19, 0),
            party_size=4,
            guest=GuestInput(first_name="Ana", last_name="Lopez", email="ana-fr@example.com"),
        ),
    )
    page = new_page(**PHONE, locale="fr-FR")
    page.goto(f"{base}/book/chez-attente?lang=fr&date={when.isoformat()}&party_size=4")
    page.get_by_role("link", name="M’inscrire sur la liste d’attente").click()
    page.get_by_label("À partir de").fill("19:00")
    page.get_by_label("Jusqu’à").fill("20:00")
    page.get_by_label("Prénom").fill("Léa")
    page.get_by_label("Nom", exact=True).fill("Martin")
    page.get_by_label("E-mail").fill("lea-fr@example.com")
    page.get_by_role("button", name="M’inscrire sur la liste d’attente").click()
    page.wait_for_url("**notice=joined")
    assert "Vous êtes sur la liste d’attente" in page.content()
    page.get_by_label("Oui, retirez-moi de la liste d’attente").check()
    page.get_by_role("button", name="Quitter la liste d’attente").click()
    page.wait_for_url("**notice=left")
    assert page.locator("#status").get_attribute("data-status") == "cancelled"
    shot(page, "phone-waitlist-left-fr")
    no_horizontal_scroll(page)
    assert WaitlistEntry.objects.get(guest__email="lea-fr@example.com").status == "cancelled"
