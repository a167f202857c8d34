"""Every control of the host's pages works, for each role, in Chromium: every link of the timeline,
the list, the booking's card, the side panel and the queues is followed (as the browser or htmx
would ask it) and every button is pressed, one after the other on the same page as a host would,
and no answer is a 4xx or a 5xx (a refusal is an answer of the page, in words, never an error)."""

from pathlib import Path

import pytest

from tests.e2e.admin_login import log_in
from tests.staff.night import PASSWORD, service_night

SHOTS = Path(__file__).resolve().parent / "artifacts" / "every_control"
SKIP_LINKS = ("/admin/logout/", "/admin/password_change/", "javascript:", "mailto:", "tel:")
# What every button is, for the record when one fails: its form's target, its name and value, its words.
DESCRIBE = """el => [el.closest('form') ? el.closest('form').getAttribute('action') : el.getAttribute('hx-post'),
                     el.name, el.value, el.innerText.trim()].join(' | ')"""


@pytest.fixture
def night(transactional_db):
    return service_night(members=("host", "manager", "owner"))


def follow_every_link(page, where: str, failures: list, seen: set) -> int:
    """GET every link and every htmx address of the page (cookies shared with the page), each once.
    The timeline's free cells are one address with another table and time: every lane's first and
    last are followed."""
    hrefs = page.locator("#host").evaluate(
        """host => {
            const lanes = {};
            const found = [];
            for (const el of host.querySelectorAll('a[href], [hx-get]')) {
                if (el.classList.contains('tl-cell')) {
                    const lane = el.closest('.tl-lane').id;
                    (lanes[lane] = lanes[lane] || []).push(el);
                    continue;
                }
                if (el.hasAttribute('href')) found.push([el.href, false]);
                if (el.closest('[hx-boost="true"]') && el.hasAttribute('href')) found.push([el.href, true]);
                if (el.hasAttribute('hx-get')) found.push([new URL(el.getAttribute('hx-get'), location.href).href, true]);
            }
            for (const cells of Object.values(lanes)) {
                for (const el of [cells[0], cells[cells.length - 1]]) {
                    found.push([el.href, false], [el.href, true]);  // boosted by htmx: asked both ways
                }
            }
            return found;
        }"""
    )
    followed = 0
    for href, htmx in hrefs:
        if any(skip in href for skip in SKIP_LINKS) or href.endswith("#") or (href, htmx) in seen:
            continue
        seen.add((href, htmx))
        response = page.request.get(href, headers={"HX-Request": "true"} if htmx else {})
        followed += 1
        if response.status >= 400:
            failures.append(f"{where}: {response.status} GET {href}")
    return followed


# The buttons pressed: every one but the card's close (it asks nothing of the server) and, of the move
# mode's target cells (one button per table and time), the first of each table (pressed below).
BUTTONS = "#host button:visible:not([data-close-card]):not(.tl-target)"


def press_every_button(page, url: str, where: str, failures: list) -> int:
    """Press each visible button of the page, in order, on the page as it stands after the last;
    a button that took the browser elsewhere brings it back first."""
    page.goto(url)
    count = page.locator(BUTTONS).count()
    pressed = 0
    for index in range(count):
        if page.url != url:
            page.goto(url)
        buttons = page.locator(BUTTONS)
        if index >= buttons.count():
            page.goto(url)  # earlier presses took buttons away (a request approved): the page afresh
            buttons = page.locator(BUTTONS)
            if index >= buttons.count():
                break
        button = buttons.nth(index)
        if button.is_disabled():
            continue
        label = button.evaluate(DESCRIBE)
        button.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
        try:
            with page.expect_response(lambda r: r.request.method in ("GET", "POST"), timeout=3000):
                button.click(timeout=3000)
        except Exception as error:  # a button that asks nothing of the server (close, summary) is fine
            if "Timeout" not in type(error).__name__ and "Timeout" not in str(error):
                failures.append(f"{where}: pressing [{label}] failed: {error}")
        page.wait_for_timeout(100)
        pressed += 1
    return pressed


def press_a_target_of_every_lane(page, url: str, where: str, failures: list) -> int:
    """In the move mode, the first free cell of each table (the move made, or refused in words)."""
    pressed = 0
    page.goto(url)
    lanes = page.locator(".tl-lane").evaluate_all("els => els.map(e => e.id)")
    for lane in lanes:
        if "moving=" not in page.url:
            page.goto(url)
        target = page.locator(f"#{lane} .tl-target").first
        if target.count() == 0:
            continue
        target.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
        with page.expect_response(lambda r: r.request.method == "POST", timeout=5000):
            target.click()
        page.wait_for_timeout(100)
        pressed += 1
        page.goto(url)
    return pressed


@pytest.mark.parametrize("role", ["host", "manager", "owner"])
def test_every_link_and_button_of_the_host_pages_answers(live_gunicorn, new_page, night, role):
    base = live_gunicorn
    page = new_page(viewport={"width": 1366, "height": 900})
    failures: list[str] = []
    page.on(
        "response",
        lambda r: (
            failures.append(f"{r.status} {r.request.method} {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico")
            else None
        ),
    )
    log_in(page, base, f"{role}-night", PASSWORD, "/admin/")
    r = night.restaurant.public_id
    b = night.bookings
    pages = {
        "timeline": f"{base}/admin/floor/?r={r}",
        "lunch": f"{base}/admin/floor/?r={r}&service={night.lunch.public_id}",
        "list": f"{base}/admin/day/?r={r}",
        "pending": f"{base}/admin/pending/?r={r}",
        "search": f"{base}/admin/search/?r={r}&q=curie",
        "tomorrow": f"{base}/admin/floor/?r={r}&date={night.today.isoformat()}&booking={b['tomorrow'].public_id}",
        "moving": f"{base}/admin/floor/?r={r}&moving={b['late'].public_id}",
    }
    for status_role in ("seated-1", "late", "pending-1", "lunch-0", "lunch-3", "card", "part-seated"):
        pages[f"card of {status_role}"] = f"{base}/admin/day/booking/{b[status_role].public_id}/"
        pages[f"edit of {status_role}"] = f"{base}/admin/day/booking/{b[status_role].public_id}/edit/"
    followed, seen = 0, set()
    for where, url in pages.items():
        page.goto(url)
        followed += follow_every_link(page, where, failures, seen)
    assert followed > 150  # the timeline's bars and lanes, the cards, the lists, the queues
    pressed = 0
    for where in ("list", "timeline", "card of late", "card of pending-1", "card of seated-1", "pending"):
        pressed += press_every_button(page, pages[where], where, failures)
    pressed += press_a_target_of_every_lane(page, pages["moving"], "moving", failures)
    assert pressed > 40
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{role}.png"))
    assert failures == [], "\n".join(failures)
