"""The guest's pages in headless Chromium against the service under gunicorn: book on the public
page on a guaranteed slot, save a test card (with and without the extra step), cancel, read French;
at desktop width and at 390 px (screenshots kept in tests/e2e/artifacts/ as evidence)."""

import datetime as dt
from pathlib import Path

import pytest
import requests

from reservations.models import Reservation

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SETUP = """
restaurant: {name: Chez Carte, slug: chez-carte, timezone: Europe/Paris, country: FR, currency: EUR,
             primary_language: fr, guest_languages: [fr, en], max_advance_days: 60}
floor_plans:
  - key: main
    name: Salle
    sections:
      - key: room
        name: Salle
        tables: [{name: "1", min: 1, max: 2}, {name: "2", min: 1, max: 4}, {name: "3", min: 2, max: 6}]
shifts:
  - {key: dinner, name: Dîner, floor_plan: main, start_time: "19:00", end_time: "23:00", last_seating: "21:30",
     guarantee: {per_guest_amount: 2000, from_party_size: 1, cancel_hours: 24}}
api_keys:
  - {key: partner, name: Partner, scopes: [reservations:read, reservations:write, guests:read]}
"""


@pytest.fixture
def world(transactional_db):
    from setup_file.loader import load

    return load(SETUP)


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"guest-{name}.png"), full_page=True)


def no_horizontal_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, width


def book_on_the_public_page(page, base: str, *, email: str, when: dt.date, lang: str = "en", shot_as=None) -> None:
    page.goto(f"{base}/book/chez-carte?lang={lang}")
    page.get_by_label("Date" if lang == "en" else "Date").fill(when.isoformat())
    page.get_by_label("Guests" if lang == "en" else "Personnes").select_option("2")
    page.get_by_role("button", name="See available times" if lang == "en" else "Voir les horaires disponibles").click()
    page.get_by_label("20:00").check()
    if shot_as:
        shot(page, f"{shot_as}-booking-page")
        if page.viewport_size["width"] <= 390:
            no_horizontal_scroll(page)
    page.get_by_label("First name" if lang == "en" else "Prénom").fill("Élise")
    page.get_by_label("Last name" if lang == "en" else "Nom", exact=True).fill("Durand")
    page.get_by_label("E-mail").fill(email)
    page.get_by_role("button", name="Book" if lang == "en" else "Réserver", exact=True).click()
    page.wait_for_load_state()
    assert "/book/chez-carte/" in page.url, page.content()[:3000]


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_guest_books_a_guaranteed_slot_saves_a_card_and_the_api_shows_it_confirmed(
    live_gunicorn, new_page, world, device
):
    base = live_gunicorn
    page = new_page(**(PHONE if device == "phone" else DESKTOP))
    when = dt.date.today() + dt.timedelta(days=10)
    email = f"elise-{device}@example.com"
    book_on_the_public_page(page, base, email=email, when=when, shot_as=device)
    assert "A card is asked" not in page.content()  # the booking's own page now
    assert page.locator("#status").get_attribute("data-status") == "awaiting_guest"
    assert "40.00 EUR" in page.content()
    shot(page, f"{device}-card-step")
    if device == "phone":
        no_horizontal_scroll(page)

    booking = Reservation.objects.get(guest__email=email)
    key = world["api_keys"]["partner"]
    headers = {"Authorization": f"Bearer {key}"}
    hidden = requests.get(f"{base}/v1/reservations/{booking.public_id}", headers=headers, timeout=10)
    assert hidden.status_code == 404  # part-way through the widget's card step: not served

    page.get_by_label("Card number").fill("4242 4242 4242 4242")
    page.get_by_role("button", name="Save my card").click()
    page.wait_for_url("**notice=card_saved")
    assert page.locator("#status").get_attribute("data-status") == "confirmed"
    assert "Visa ending in 4242" in page.content()
    shot(page, f"{device}-card-saved")

    answer = requests.get(f"{base}/v1/reservations/{booking.public_id}", headers=headers, timeout=10).json()
    assert answer["status"] == "confirmed" and answer["source"] == "widget"
    assert answer["booking_channel"] == "website_widget"
    assert answer["guarantee"]["status"] == "active" and answer["guarantee"]["amount"] == 4000
    events = requests.get(f"{base}/v1/reservations/{booking.public_id}/events", headers=headers, timeout=10).json()
    assert [event["type"] for event in events["data"]] == ["reservation.created"]


def test_the_extra_step_in_the_browser(live_gunicorn, new_page, world):
    base = live_gunicorn
    page = new_page(**DESKTOP)
    book_on_the_public_page(page, base, email="three-d@example.com", when=dt.date.today() + dt.timedelta(days=11))
    page.get_by_label("Card number").fill("4000 0025 0000 3155")
    page.get_by_role("button", name="Save my card").click()
    page.wait_for_url("**/card/verify**")
    shot(page, "desktop-extra-step")
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_url("**notice=card_saved")
    assert Reservation.objects.get(guest__email="three-d@example.com").status == "confirmed"


def test_a_guest_cancels_from_their_page_on_a_phone(live_gunicorn, new_page, world):
    base = live_gunicorn
    page = new_page(**PHONE)
    book_on_the_public_page(page, base, email="cancel@example.com", when=dt.date.today() + dt.timedelta(days=12))
    page.get_by_label("Card number").fill("4242424242424242")
    page.get_by_role("button", name="Save my card").click()
    page.wait_for_url("**notice=card_saved")
    page.get_by_role("button", name="Cancel my booking").click()  # without the tick: refused, nothing changes
    assert Reservation.objects.get(guest__email="cancel@example.com").status == "confirmed"
    page.get_by_label("Yes, I want to cancel this booking").check()
    page.get_by_role("button", name="Cancel my booking").click()
    page.wait_for_url("**notice=cancelled")
    assert page.locator("#status").get_attribute("data-status") == "cancelled"
    shot(page, "phone-cancelled")
    no_horizontal_scroll(page)
    booking = Reservation.objects.get(guest__email="cancel@example.com")
    assert (booking.status, booking.cancellation_reason) == ("cancelled", "guest_self_service")
    assert list(booking.events.values_list("type", flat=True).order_by("id")) == [
        "reservation.created",
        "reservation.cancelled",
        "reservation.guarantee_released",  # cancelled in time: the card is let go
    ]


def test_a_french_guest_sees_the_pages_in_french(live_gunicorn, new_page, world):
    base = live_gunicorn
    page = new_page(**PHONE, locale="fr-FR")
    book_on_the_public_page(page, base, email="fr@example.com", when=dt.date.today() + dt.timedelta(days=13), lang="fr")
    assert page.locator("html").get_attribute("lang") == "fr"
    text = page.content()
    assert "Votre réservation" in text and "Garantie par carte" in text and "40,00 EUR" in text
    assert page.get_by_role("button", name="Enregistrer ma carte").is_visible()
    shot(page, "phone-french")
    no_horizontal_scroll(page)
    assert Reservation.objects.get(guest__email="fr@example.com").guest.language == "fr"


def test_the_pages_are_usable_by_keyboard(live_gunicorn, new_page, world):
    base = live_gunicorn
    page = new_page(**DESKTOP)
    page.goto(f"{base}/book/chez-carte?lang=en")
    # Every form control has a label; the first Tab stops lead into the form.
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
              .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')).length"""
    )
    assert unlabelled == 0
    focused = []
    for _ in range(8):  # the language links, then the date's parts (day, month, year), then the size
        page.keyboard.press("Tab")
        focused.append(page.evaluate("document.activeElement.tagName + ':' + (document.activeElement.name || '')"))
    assert "INPUT:date" in focused and "SELECT:party_size" in focused


CONTRAST = """() => {
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const background = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      if (color && !color.startsWith('rgba(0, 0, 0, 0)') && color !== 'transparent') return color;
    }
    return 'rgb(255, 255, 255)';
  };
  const worst = [];
  let checked = 0;
  for (const el of document.querySelectorAll('h1, h2, p, label, legend, dt, dd, a, button, .status, .muted')) {
    if (!el.textContent.trim() || !el.offsetParent) continue;
    checked += 1;
    const fg = luminance(getComputedStyle(el).color), bg = luminance(background(el));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    if (ratio < 4.5) worst.push(el.tagName + ' ' + el.textContent.trim().slice(0, 30) + ' ' + ratio.toFixed(2));
  }
  return {checked, worst};
}"""


def test_text_contrast_meets_wcag_aa(live_gunicorn, new_page, world):
    base = live_gunicorn
    page = new_page(**PHONE)
    book_on_the_public_page(page, base, email="contrast@example.com", when=dt.date.today() + dt.timedelta(days=14))
    result = page.evaluate(CONTRAST)  # the booking's page, with its card and cancel forms
    assert result["worst"] == [] and result["checked"] > 15
    page.goto(
        f"{base}/book/chez-carte?lang=en&date={(dt.date.today() + dt.timedelta(days=14)).isoformat()}&party_size=2"
    )
    result = page.evaluate(CONTRAST)  # the booking page with its times
    assert result["worst"] == [] and result["checked"] > 15
