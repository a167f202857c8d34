"""Every page a guest meets, in each of its states, in headless Chromium at 390 px (a phone) and
1280 px (a desk) against the service under gunicorn, passes tests/e2e/guest_a11y.py's checks: axe-core
finds no serious or critical violation, every input, select and textarea has a label, Tab reaches
the page's main button and its focus ring shows (3:1 against the page), main buttons are 44 px tall
and nothing scrolls sideways on the phone. The pages: the public booking page (the date, the times,
the form refused, a closed day, in French), the booking's own page (confirmed, pending, cancelled,
the cancel refused, feedback), the card step (asked, declined, the extra step, refused, saved), the
waitlist (offered on the booking page, the join form and its refusal, the entry active, offered,
promoted, left) and the error pages (unknown tokens and restaurant, online booking off)."""

import datetime as dt

import pytest

from guests.services import GuestInput
from reservations.models import Feedback, Reservation, Restaurant, Shift
from reservations.selectors import availability
from reservations.services.create import CreateParams, create_reservation
from tests.e2e.guest_a11y import DEVICES, Checks
from tests.factories import GuestFactory, ReservationFactory
from waitlist.models import WaitlistEntry
from waitlist.services import join_from_widget, offer_entry

TODAY = dt.date.today()
LUNCH_DAY = TODAY + dt.timedelta(days=9)
CLOSED_DAY = TODAY + dt.timedelta(days=20)
SETUP = f"""
restaurant: {{name: Chez Axe, slug: chez-axe, timezone: Europe/Paris, country: FR, currency: EUR,
             primary_language: fr, guest_languages: [fr, en], max_advance_days: 60}}
floor_plans:
  - key: main
    name: Salle
    sections:
      - key: room
        name: Salle
        tables: [{{name: "1", min: 1, max: 2}}, {{name: "2", min: 1, max: 4}}, {{name: "3", min: 2, max: 6}}]
shifts:
  - {{key: lunch, name: Déjeuner, floor_plan: main, start_time: "12:00", end_time: "15:00", last_seating: "13:30",
     approval_from_party_size: 4, guest_message: "Terrace seats on sunny days."}}
  - {{key: dinner, name: Dîner, floor_plan: main, start_time: "19:00", end_time: "23:00", last_seating: "21:30",
     guarantee: {{per_guest_amount: 2000, from_party_size: 1, cancel_hours: 24}}}}
closures:
  - {{name: Privé, start_date: "{CLOSED_DAY.isoformat()}", end_date: "{CLOSED_DAY.isoformat()}",
     guest_message: Closed for a private event}}
"""
WAITLIST_SETUP = """
restaurant: {name: Chez Attente, slug: chez-attente-axe, timezone: Europe/Paris, country: FR, currency: EUR,
             primary_language: en, guest_languages: [en, fr], max_advance_days: 60}
floor_plans:
  - key: main
    name: Salle
    sections:
      - key: room
        name: Salle
        tables: [{name: "1", min: 1, max: 4}]
shifts:
  - {key: dinner, name: Dinner, floor_plan: main, start_time: "19:00", end_time: "23:00", last_seating: "21:30",
     waitlist_enabled: true}
"""
GUESTS = ("Élise", "Durand")


@pytest.fixture
def world(transactional_db):
    from setup_file.loader import load

    load(SETUP)
    load(WAITLIST_SETUP)
    return Restaurant.objects.get(slug="chez-axe")


@pytest.fixture(params=list(DEVICES))
def checks(request, new_page):
    return Checks(new_page(**DEVICES[request.param]), request.param)


def guest_details(page, email: str) -> None:
    page.get_by_label("First name").fill(GUESTS[0])
    page.get_by_label("Last name", exact=True).fill(GUESTS[1])
    page.get_by_label("E-mail").fill(email)


def booking_of(email: str) -> Reservation:
    return Reservation.objects.get(guest__email=email)


def test_the_public_booking_page_from_the_date_to_the_confirmation(live_gunicorn, world, checks):
    page, base = checks.page, live_gunicorn
    page.goto(f"{base}/book/chez-axe?lang=en")
    checks.page_is_accessible("booking page", main="main form button")
    page.get_by_label("Date").fill(LUNCH_DAY.isoformat())
    page.get_by_label("Guests").select_option("2")
    page.get_by_role("button", name="See available times").click()
    page.wait_for_url("**party_size=2**")
    assert page.get_by_label("12:30").is_visible() and page.get_by_label("20:00").is_visible()
    checks.page_is_accessible("booking page times", main="#book")
    page.locator("#book").click()  # no time, no name: refused, the form again with its messages
    page.wait_for_load_state()
    assert page.locator("[aria-invalid=true]").count() == 3  # first and last names, e-mail
    checks.page_is_accessible("booking form refused", main="#book")
    checks.errors_are_summarised("booking form refused", at_least=4)  # and the time
    page.get_by_label("12:30").check()
    email = f"lunch-{checks.device}@example.com"
    guest_details(page, email)
    page.locator("#book").click()
    page.wait_for_url("**notice=booked")
    assert page.locator("#status").get_attribute("data-status") == "confirmed"
    checks.page_is_accessible("booking confirmed", main="#cancel-form button")
    page.locator("#cancel-form button").click()  # without the tick: refused
    page.wait_for_load_state()
    assert booking_of(email).status == "confirmed"
    checks.page_is_accessible("cancel refused", main="#cancel-form button")
    page.get_by_label("Yes, I want to cancel this booking").check()
    page.locator("#cancel-form button").click()
    page.wait_for_url("**notice=cancelled")
    assert booking_of(email).status == "cancelled"
    checks.page_is_accessible("booking cancelled", main=None)

    page.goto(f"{base}/book/chez-axe?lang=en&date={CLOSED_DAY.isoformat()}&party_size=2")
    assert page.get_by_text("Closed for a private event").is_visible()
    checks.page_is_accessible("booking page closed day", main="main form button")
    page.goto(f"{base}/book/chez-axe?lang=fr&date={LUNCH_DAY.isoformat()}&party_size=2")
    assert page.locator("html").get_attribute("lang") == "fr"
    checks.page_is_accessible("booking page french", main="#book")
    checks.assert_clean(expected_pages=8)


def test_the_guests_own_page_pending_and_after_the_visit(live_gunicorn, world, checks):
    page, base = checks.page, live_gunicorn
    pending = create_reservation(
        restaurant=world,
        params=CreateParams(
            service_date=LUNCH_DAY,
            start_time=dt.time(12, 0),
            party_size=4,
            guest=GuestInput(first_name="Ana", last_name="Lopez", email=f"ana-{checks.device}@example.com"),
            source="widget",
            booking_channel="website_widget",
        ),
    )
    assert pending.status == "pending"
    page.goto(f"{base}/book/chez-axe/{pending.modification_token}?lang=en")
    assert page.locator("#status").get_attribute("data-status") == "pending"
    checks.page_is_accessible("booking pending", main="#cancel-form button")

    lunch = Shift.objects.get(floor_plan__restaurant=world, start_time=dt.time(12, 0))
    visit = ReservationFactory(  # a visit the host marked completed: the page asks for feedback
        restaurant=world,
        shift=lunch,
        guest=GuestFactory(restaurant=world, language="en"),
        status="completed",
        service_date=TODAY - dt.timedelta(days=1),
        at=dt.time(12, 30),
    )
    page.goto(f"{base}/book/chez-axe/{visit.modification_token}?lang=en")
    checks.page_is_accessible("visit feedback", main="#feedback-form button")
    page.locator("#feedback-form button").click()  # no rating: refused
    page.wait_for_load_state()
    checks.page_is_accessible("visit feedback refused", main="#feedback-form button")
    page.get_by_label("4", exact=True).check()
    page.get_by_label("Comment (optional)").fill("Lovely")
    page.locator("#feedback-form button").click()
    page.wait_for_url("**notice=feedback")
    assert Feedback.objects.get(reservation=visit).rating == 4
    checks.page_is_accessible("visit feedback sent", main=None)
    checks.assert_clean(expected_pages=4)


def test_the_card_step_asked_declined_verified_and_saved(live_gunicorn, world, checks):
    page, base = checks.page, live_gunicorn
    email = f"card-{checks.device}@example.com"
    page.goto(f"{base}/book/chez-axe?lang=en&date={LUNCH_DAY.isoformat()}&party_size=2")
    page.get_by_label("20:00").check()
    guest_details(page, email)
    page.locator("#book").click()
    page.wait_for_url("**notice=card_step")
    assert page.locator("#status").get_attribute("data-status") == "awaiting_guest"
    checks.page_is_accessible("card asked", main="#card-form button")
    page.get_by_label("Card number").fill("4000 0000 0000 0002")
    page.locator("#card-form button").click()
    page.wait_for_load_state()
    assert page.locator("#card-error").is_visible()
    checks.page_is_accessible("card declined", main="#card-form button")
    page.get_by_label("Card number").fill("4000 0025 0000 3155")
    page.locator("#card-form button").click()
    page.wait_for_url("**/card/verify**")
    checks.page_is_accessible("card extra step", main="#approve")
    page.locator("#fail").click()
    page.wait_for_url("**notice=authentication_failed")
    checks.page_is_accessible("card extra step refused", main="#card-form button")
    page.get_by_label("Card number").fill("4000 0025 0000 3155")
    page.locator("#card-form button").click()
    page.wait_for_url("**/card/verify**")
    page.locator("#approve").click()
    page.wait_for_url("**notice=card_saved")
    assert booking_of(email).status == "confirmed"
    checks.page_is_accessible("card saved", main="#cancel-form button")
    checks.assert_clean(expected_pages=5)


def test_the_waitlist_from_the_offer_to_the_booking(live_gunicorn, world, checks):
    page, base = checks.page, live_gunicorn
    restaurant = Restaurant.objects.get(slug="chez-attente-axe")
    when = TODAY + dt.timedelta(days=10)
    create_reservation(  # the only table taken at 19:00: the early times are full for four
        restaurant=restaurant,
        params=CreateParams(
            service_date=when,
            start_time=dt.time(19, 0),
            party_size=4,
            guest=GuestInput(first_name="Ana", last_name="Lopez", email=f"ana-{checks.device}@example.com"),
        ),
    )
    page.goto(f"{base}/book/chez-attente-axe?lang=en&date={when.isoformat()}&party_size=4")
    assert page.get_by_text("(full)").first.is_visible()
    checks.page_is_accessible("waitlist offered", main="#join-waitlist")
    page.locator("#join-waitlist").click()
    page.wait_for_url("**/waitlist?**")
    checks.page_is_accessible("waitlist join", main="#join")
    page.locator("#join").click()  # no name, no e-mail: refused
    page.wait_for_load_state()
    assert page.locator("[aria-invalid=true]").count() == 3
    checks.page_is_accessible("waitlist join refused", main="#join")
    checks.errors_are_summarised("waitlist join refused", at_least=3)
    email = f"wait-{checks.device}@example.com"
    guest_details(page, email)
    page.locator("#join").click()
    page.wait_for_url("**notice=joined")
    entry = WaitlistEntry.objects.get(guest__email=email)
    checks.page_is_accessible("waitlist active", main="#change")
    page.get_by_label("Guests").fill("")
    page.locator("#change").click()  # no party size: refused, the page again under /change
    page.wait_for_url("**/change?**")
    checks.page_is_accessible("waitlist change refused", main="#change")
    checks.errors_are_summarised("waitlist change refused", at_least=1)
    page.get_by_label("Guests").fill("4")
    page.locator("#change").click()  # the form of the refused page still posts to the entry's /change
    page.wait_for_url("**notice=changed")
    page.locator("#leave").click()  # without the tick: refused
    page.wait_for_load_state()
    checks.page_is_accessible("waitlist leave refused", main="#leave")

    day = availability.day(restaurant, date=when, party_size=4, group_id=None, exclude=None)
    offered = next(offer.slot for shift in day.shifts for offer in shift.slots)
    offer_entry(entry=entry, start_time=dt.time(offered.minutes // 60, offered.minutes % 60), minutes=30)
    page.goto(f"{base}/book/chez-attente-axe/waitlist/{entry.guest_token}?lang=en")
    checks.page_is_accessible("waitlist table offered", main="#accept")
    page.locator("#accept").click()
    page.wait_for_url("**notice=booked")
    entry.refresh_from_db()
    assert entry.status == "promoted"
    checks.page_is_accessible("waitlist booked", main="#cancel-form button")
    page.goto(f"{base}/book/chez-attente-axe/waitlist/{entry.guest_token}?lang=en")
    checks.page_is_accessible("waitlist promoted", main="#booking-link")

    other = join_from_widget(
        restaurant=restaurant,
        guest=GuestInput(first_name="Léa", last_name="Martin", email=f"lea-{checks.device}@example.com"),
        service_date=when,
        party_size=2,
        window_start=dt.time(19, 0),
        window_end=dt.time(20, 0),
    )
    page.goto(f"{base}/book/chez-attente-axe/waitlist/{other.guest_token}?lang=en")
    page.get_by_label("Yes, take me off the waitlist").check()
    page.locator("#leave").click()
    page.wait_for_url("**notice=left")
    checks.page_is_accessible("waitlist left", main=None)
    checks.assert_clean(expected_pages=10)


def test_the_error_pages(live_gunicorn, world, checks):
    page, base = checks.page, live_gunicorn
    for name, path in [
        ("unknown booking", f"/book/chez-axe/{'x' * 32}?lang=en"),
        ("unknown waitlist entry", f"/book/chez-attente-axe/waitlist/{'x' * 32}?lang=en"),
        ("unknown restaurant", "/book/no-such-restaurant"),
        ("unknown address", "/book/chez-axe/a/b/c/d"),
    ]:
        response = page.goto(base + path)
        assert response.status == 404, (path, response.status)
        checks.page_is_accessible(f"404 {name}", main=None)
    page.goto(f"{base}/book/chez-axe/{'x' * 32}?lang=fr")  # in the guest's language, the way back offered
    assert page.locator("html").get_attribute("lang") == "fr" and page.get_by_text("Page introuvable").is_visible()
    assert page.get_by_role("link", name="Réserver une table").get_attribute("href") == "/book/chez-axe?lang=fr"
    Restaurant.objects.filter(pk=world.pk).update(widget_enabled=False)
    response = page.goto(f"{base}/book/chez-axe?lang=en")
    assert response.status == 404
    assert page.get_by_text("Online booking is not available").is_visible()
    checks.page_is_accessible("online booking off", main=None)
    checks.assert_clean(expected_pages=5)


BROKEN_PAGE = """<!doctype html><html><head><style>button:focus{outline:none}</style></head><body>
<main><form><input type="text" name="nameless"><div style="width:600px">wide</div>
<button style="height:30px;border:0">Go</button></form></main></body></html>"""


def test_the_checks_find_what_they_look_for(new_page):
    """The checks above fail on a page that breaks each rule: an input without a label (axe and the
    direct check), no lang, a button without a focus ring and 30 px tall, content 600 px wide, a
    form refused without a summary."""
    checks = Checks(new_page(**DEVICES["phone"]), "phone")
    checks.page.set_content(BROKEN_PAGE)
    checks.page_is_accessible("a broken page", main="button")
    checks.errors_are_summarised("a broken page", at_least=1)
    found = "\n".join(checks.problems)
    for problem in (
        "critical label",  # axe-core
        "controls without a label",
        "no lang attribute",
        "focus on 'Go' is not visible",
        "scrolls sideways",
        "buttons under 44 px tall",
        "the title does not say",
        "no error summary",
    ):
        assert problem in found, (problem, found)
    with pytest.raises(AssertionError):
        checks.assert_clean(expected_pages=1)
