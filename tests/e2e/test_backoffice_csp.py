"""The back office under its Content-Security-Policy in Chromium (issue 33): the host's timeline (with
a booking's card opened through htmx), the list, an admin change form with its date and time
widgets and the API key and webhook forms run and look as before, and the browser reports no
violation of the policy and no console error on any of them."""

import pytest

from tests.e2e.admin_login import log_in
from tests.staff.night import PASSWORD, service_night

# Every violation the page meets, kept on the page (the listener is added before any script runs).
LISTEN = """window.__csp = [];
document.addEventListener("securitypolicyviolation", e => window.__csp.push(
    `${e.effectiveDirective} ${e.blockedURI || "inline"} ${e.sample || ""} ${e.sourceFile || ""}:${e.lineNumber}`));"""


@pytest.fixture
def night(transactional_db):
    return service_night(members=("owner",))


def check(page, errors, where: str) -> None:
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__csp") == [], where
    assert errors == [], f"{where}: {errors}"


def test_the_back_office_runs_under_its_policy(live_gunicorn, new_page, night):
    base = live_gunicorn
    page = new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(LISTEN)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    log_in(page, base, "owner-night", PASSWORD)
    check(page, errors, "the home page")

    response = page.goto(f"{base}/admin/floor/?r={night.restaurant.public_id}")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.locator("#tl-lanes a.tl-bar").first.wait_for()
    check(page, errors, "the timeline")
    name = str(night.bookings["coming-1"].guest)
    with page.expect_response(lambda r: "/admin/day/booking/" in r.url):
        page.locator("#tl-lanes a.tl-bar:not(.tl-joined)", has_text=name).first.click()
    page.locator("#card .card").wait_for()
    check(page, errors, "the booking's card, through htmx")
    # The host's style sheet applies (a file now): the card's buttons are 44 px high.
    assert page.locator("#card button").first.bounding_box()["height"] >= 44

    page.goto(f"{base}/admin/day/?r={night.restaurant.public_id}&view=list")
    check(page, errors, "the list")

    booking = night.bookings["coming-1"]
    page.goto(f"{base}/admin/reservations/reservation/{booking.pk}/change/")
    check(page, errors, "a booking's change form")
    page.goto(f"{base}/admin/reservations/closure/add/")
    page.locator(".datetimeshortcuts").first.wait_for()
    check(page, errors, "the closure form and its date widgets")
    page.goto(f"{base}/admin/reservations/block/add/")
    page.click("#clocklink0")
    assert "18:00" in page.locator("#clockbox0").inner_text()  # admin.js ran before the widgets: 24-hour
    assert page.locator(".timezonewarning").count() == 0
    check(page, errors, "the block form and its clock")
    for path in ("/admin/apikeys/apikey/add/", "/admin/webhooks/endpoint/add/", "/admin/guests/guest/"):
        page.goto(base + path)
        check(page, errors, path)
