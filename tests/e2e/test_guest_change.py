"""A guest changes their own booking in headless Chromium at 390 px (issue 31): the time, then the
party (which lands `pending` on a service that approves large parties), with the partner's webhook
receiver (a real one on loopback, signatures verified) getting `reservation.updated` and
`reservation.pending` as the contract shapes them; a change refused past the cut-off, in French; a
change onto a card guarantee that fails a card, retries and saves it; the calendar file downloaded
and read back. Every page met is checked by tests/e2e/guest_a11y.py (axe-core, labels, focus, 44 px)."""

import datetime as dt
import zoneinfo

import pytest
from icalendar import Calendar
from standardwebhooks.webhooks import Webhook

from deploy import receiver as receiver_module
from guests.services import GuestInput
from reservations.models import Reservation, Restaurant, Shift
from reservations.services.availability_version import bump_availability_version
from reservations.services.create import CreateParams, create_reservation
from tests.e2e.guest_a11y import PHONE, Checks
from tests.factories.webhooks import EndpointFactory
from tests.webhooks.conftest import flush

SETUP = """
restaurant: {name: Chez Change, slug: chez-change, timezone: Europe/Paris, country: FR, currency: EUR,
             primary_language: fr, guest_languages: [fr, en], max_advance_days: 60,
             address: "3 place du Marché\\n69001 Lyon", phone: "+33 4 00 00 00 00"}
floor_plans:
  - key: main
    name: Salle
    sections:
      - key: room
        name: Salle
        tables: [{name: "1", min: 1, max: 2}, {name: "2", min: 1, max: 4}, {name: "3", min: 2, max: 6}]
shifts:
  - {key: dinner, name: Dîner, floor_plan: main, start_time: "19:00", end_time: "23:00", last_seating: "21:30",
     approval_from_party_size: 5}
  - {key: lunch, name: Déjeuner, floor_plan: main, start_time: "12:00", end_time: "14:30", last_seating: "13:30",
     guarantee: {per_guest_amount: 2000, from_party_size: 3, cancel_hours: 24}}
"""
DAY = dt.date.today() + dt.timedelta(days=12)
PARIS = zoneinfo.ZoneInfo("Europe/Paris")


@pytest.fixture
def world(transactional_db):
    from setup_file.loader import load

    load(SETUP)
    return Restaurant.objects.get(slug="chez-change")


@pytest.fixture
def checks(new_page):
    return Checks(new_page(**PHONE), "phone")


def booked(restaurant, *, at=dt.time(19, 0), party_size=2, email="elise@example.com", language="en"):
    """A booking made on the public page (the widget's channel), confirmed."""
    return create_reservation(
        restaurant=restaurant,
        params=CreateParams(
            service_date=DAY,
            start_time=at,
            party_size=party_size,
            guest=GuestInput(first_name="Élise", last_name="Durand", email=email, language=language),
            source="widget",
            booking_channel="website_widget",
        ),
    )


def open_change(page, base, booking, lang="en"):
    page.goto(f"{base}/book/chez-change/{booking.modification_token}?lang={lang}")
    page.locator("#change-booking").click()
    page.wait_for_url("**/change**")


def test_a_guest_changes_the_time_then_the_party_and_the_partner_hears_both(live_gunicorn, world, checks, settings):
    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.0/8"]  # the receiver listens on loopback
    page, base = checks.page, live_gunicorn
    booking = booked(world)
    with receiver_module.Receiver() as receiver:
        endpoint = EndpointFactory(restaurant=world, url=receiver.url)
        page.goto(f"{base}/book/chez-change/{booking.modification_token}?lang=en")
        assert "3 place du Marché" in page.content() and page.locator("#map-link").is_visible()
        checks.page_is_accessible("booking with its change link", main="#change-booking")
        open_change(page, base, booking)
        assert page.get_by_label("19:00").is_checked()  # the booking's own time, not blocked by itself
        checks.page_is_accessible("change page", main="#change-submit")
        page.get_by_label("20:30").check()
        page.locator("#change-submit").click()
        page.wait_for_url("**notice=changed")
        assert "20:30" in page.locator("main dl").inner_text()
        checks.page_is_accessible("change done", main="#change-booking")

        open_change(page, base, booking)
        page.get_by_label("Guests", exact=True).select_option("5")
        page.get_by_role("button", name="See available times").click()
        page.wait_for_url("**party_size=5**")
        assert "The restaurant confirms bookings of this service itself." in page.content()
        page.get_by_label("20:30").check()
        page.locator("#change-submit").click()
        page.wait_for_url("**notice=change_pending")
        assert page.locator("#status").get_attribute("data-status") == "pending"
        checks.page_is_accessible("change pending", main="#change-booking")
        flush()

        hook = Webhook(endpoint.secret)
        payloads = [hook.verify(request.body, request.headers) for request in receiver.requests]
    reservation_events = [p for p in payloads if p["type"].startswith("reservation.")]
    assert [p["type"] for p in reservation_events] == ["reservation.updated", "reservation.pending"]
    updated, pending = reservation_events
    assert updated["data"]["previous_attributes"] == {}  # a time shows in the snapshot's starts_at
    starts_at = dt.datetime.fromisoformat(updated["data"]["object"]["starts_at"])
    assert starts_at.astimezone(PARIS).time() == dt.time(20, 30)
    assert (pending["data"]["object"]["status"], pending["data"]["object"]["party_size"]) == ("pending", 5)
    assert "previous_attributes" not in pending["data"]  # the contract: on reservation.updated only
    checks.assert_clean(expected_pages=4)


def test_a_guest_is_refused_a_change_past_the_cutoff_in_french(live_gunicorn, world, checks):
    page, base = checks.page, live_gunicorn
    booking = booked(world, language="fr", email="fr@example.com")
    open_change(page, base, booking, lang="fr")
    page.get_by_label("20:30").check()
    # Meanwhile the restaurant closes online changes a fortnight ahead: the booking is past its cut-off.
    Shift.objects.filter(restaurant=world, name="Dîner").update(cutoff_minutes=14 * 24 * 60)
    bump_availability_version(world.pk)
    page.locator("#change-submit").click()
    page.wait_for_load_state()
    refusal = page.locator("#change-refusal")
    assert refusal.inner_text() == (
        "Les modifications en ligne sont closes pour cette réservation. Veuillez appeler le restaurant pour la modifier."
    )
    assert page.locator("html").get_attribute("lang") == "fr"
    checks.page_is_accessible("change refused in French", main="main a.button")
    booking.refresh_from_db()
    assert booking.starts_at.astimezone(PARIS).time() == dt.time(19, 0)
    page.goto(f"{base}/book/chez-change/{booking.modification_token}")
    assert page.locator("#change-booking").count() == 0
    assert "Les modifications en ligne sont closes" in page.locator("#change-refusal").inner_text()
    checks.assert_clean(expected_pages=1)


def test_a_change_onto_a_card_fails_a_card_retries_and_saves_it(live_gunicorn, world, checks):
    page, base = checks.page, live_gunicorn
    booking = booked(world, at=dt.time(12, 0), email="card@example.com")
    assert not booking.guarantee_kind  # two guests at lunch: no card
    open_change(page, base, booking)
    page.get_by_label("Guests", exact=True).select_option("3")
    page.get_by_role("button", name="See available times").click()
    page.wait_for_url("**party_size=3**")
    page.get_by_label("12:00").check()
    page.locator("#change-submit").click()
    page.wait_for_url("**/card**")
    assert "up to 60.00 EUR" in page.content()
    checks.page_is_accessible("change card asked", main="#card-form button")
    page.get_by_label("Card number").fill("4000 0000 0000 0069")
    page.locator("#card-form button").click()
    page.wait_for_load_state()
    assert page.locator("#card-error").inner_text() == "This card has expired. Please use another card."
    assert Reservation.objects.get(pk=booking.pk).party_size == 2  # nothing moved
    checks.page_is_accessible("change card declined", main="#card-form button")
    page.get_by_label("Card number").fill("4242 4242 4242 4242")
    page.locator("#card-form button").click()
    page.wait_for_url("**notice=changed")
    booking.refresh_from_db()
    assert (booking.party_size, booking.guarantee_status, booking.guarantee_amount) == (3, "active", 6000)
    assert "Visa ending in 4242" in page.content()
    checks.page_is_accessible("change card saved", main="#change-booking")
    checks.assert_clean(expected_pages=3)


def test_a_guest_downloads_the_calendar_file(live_gunicorn, world, new_page):
    page = new_page(**PHONE)
    booking = booked(world, at=dt.time(20, 0), email="ics@example.com")
    page.goto(f"{live_gunicorn}/book/chez-change/{booking.modification_token}?lang=en")
    with page.expect_download() as download_info:
        page.locator("#add-to-calendar").click()
    download = download_info.value
    assert download.suggested_filename == f"booking-{booking.public_id}.ics"
    calendar = Calendar.from_ical(open(download.path(), "rb").read())
    (event,) = calendar.walk("VEVENT")
    starts = event.decoded("dtstart")
    assert (starts.tzinfo.key, starts.date(), starts.time()) == ("Europe/Paris", DAY, dt.time(20, 0))
    assert str(event["location"]) == "3 place du Marché, 69001 Lyon"
    assert str(event["summary"]) == "Table at Chez Change, party of 2"
