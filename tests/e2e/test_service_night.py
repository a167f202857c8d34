"""A Saturday night at the host stand, in headless Chromium at 1024 x 768 (the tablet at the stand),
against the service under gunicorn, a real Celery worker and a real webhook receiver. The clock is
inside dinner (tests/staff/night.py picks a zone where it is 20:00-20:59 now).

A host seats three parties and completes one, marks a no-show, takes a walk-in on a free cell and
a phone booking for 30 minutes from now (past the online cut-off: a warning confirmed), moves a
late party to another table and time, approves and declines from the queue, seats the first
waitlist party and finds tomorrow's booking by phone number. Afterwards the API shows every status
and the receiver has every event. Every page answer is 2xx/3xx; screenshots of each step are kept.
"""

import datetime as dt
import os
from pathlib import Path

import pytest
import requests

from deploy import receiver as receiver_module
from reservations.models import Reservation
from tests.e2e.admin_login import log_in
from tests.e2e.axe import assert_no_serious_violations
from tests.factories import make_key
from tests.staff.night import PASSWORD, service_night
from tests.webhooks import processes
from waitlist.models import WaitlistEntry
from webhooks.services import endpoints

SHOTS = Path(__file__).resolve().parent / "artifacts" / "service_night"


@pytest.fixture
def night(transactional_db):
    return service_night()


class Stand:
    """The host's hands: taps, waits for the page to update in place, screenshots."""

    def __init__(self, page, base: str, shots: Path):
        self.page, self.base, self.shots, self.step = page, base, shots, 0
        self.failures: list[str] = []
        page.on("response", self._answer)
        shots.mkdir(parents=True, exist_ok=True)

    def _answer(self, response):
        if response.status >= 400 and not response.url.endswith("/favicon.ico"):
            self.failures.append(f"{response.status} {response.request.method} {response.url}")

    def shot(self, name: str) -> None:
        self.step += 1
        self.page.screenshot(path=str(self.shots / f"{self.step:02d}-{name}.png"))

    def tap(self, locator, waits_for: str = "/admin/") -> None:
        """Tap and wait for the answer of the request it makes (htmx swaps it in place)."""
        locator.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
        with self.page.expect_response(lambda r: waits_for in r.url and r.request.method in ("GET", "POST")):
            locator.click()
        self.page.wait_for_timeout(150)  # htmx settles (swap, then the out-of-band fragments)

    def bar(self, name: str):
        return self.page.locator("#tl-lanes a.tl-bar:not(.tl-joined)", has_text=name).first

    def open_card(self, name: str) -> None:
        self.tap(self.bar(name), "/admin/day/booking/")
        self.page.locator("#card .card").wait_for()

    def card_move(self, move: str) -> str:
        self.tap(self.page.locator(f"#card button.mv-{move}"), "/admin/day/move/")
        return self.page.locator("#toast").inner_text()


def api(base, secret, path):
    response = requests.get(f"{base}/v1{path}", headers={"Authorization": f"Bearer {secret}"}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_saturday_night_at_the_stand(live_gunicorn, new_page, night, settings):
    base = live_gunicorn
    settings.WEBHOOK_ALLOWED_NETWORKS = "127.0.0.0/8"
    _key, secret = make_key(night.restaurant)
    b = night.bookings
    with receiver_module.Receiver() as receiver:
        endpoints.create_endpoint(restaurant=night.restaurant, url=receiver.url, events=["*"])
        worker = processes.Worker(broker_url=os.environ.get("REDIS_URL", settings.REDIS_URL)).start()
        try:
            page = new_page(viewport={"width": 1024, "height": 768})
            stand = Stand(page, base, SHOTS)
            log_in(page, base, "host-night", PASSWORD, "/admin/floor/")
            assert "Chez Nuit" in page.content() and page.locator("#tl-now").count() == 1
            assert_no_serious_violations(page, "the timeline")
            stand.shot("timeline")
            run_the_night(stand, night)
            expected = {
                "reservation.seated", "reservation.completed", "reservation.no_show", "reservation.created",
                "reservation.updated", "reservation.confirmed", "reservation.declined", "waitlist_entry.promoted",
            }  # fmt: skip
            arrived = receiver.wait_for(lambda r: expected <= {e["type"] for e in r.events()}, timeout=60)
            assert arrived, (expected - {e["type"] for e in receiver.events()}, worker.log()[-3000:])
        finally:
            worker.stop()
    for role, status in [("coming-1", "seated"), ("coming-2", "seated"), ("coming-3", "seated"),
                         ("seated-1", "completed"), ("late-2", "no_show"), ("pending-1", "confirmed"),
                         ("pending-2", "cancelled")]:  # fmt: skip
        assert api(base, secret, f"/reservations/{b[role].public_id}")["status"] == status, role
    moved = api(base, secret, f"/reservations/{b['late'].public_id}")
    before = b["late"].starts_at.astimezone(night.tz).isoformat(timespec="seconds")
    assert [t["name"] for t in moved["tables"]] == ["24"] and moved["starts_at"] != before
    walk_in = Reservation.objects.get(restaurant=night.restaurant, booking_channel="walk_in", source="walk_in")
    assert api(base, secret, f"/reservations/{walk_in.public_id}")["status"] == "seated"
    phoned = Reservation.objects.get(restaurant=night.restaurant, booking_channel="phone")
    shown = api(base, secret, f"/reservations/{phoned.public_id}?expand=events")
    assert shown["status"] == "confirmed"
    assert shown["events"][0]["data"]["overrides_accepted"] == ["cutoff_passed"]
    entry = WaitlistEntry.objects.get(pk=night.waitlist[0].pk)
    assert entry.status == "promoted" and entry.reservation.status == "seated"
    assert stand.failures == [], stand.failures


def run_the_night(stand: Stand, night) -> None:
    page, b = stand.page, night.bookings
    # Three parties arrive; one leaves.
    for role in ("coming-1", "coming-2", "coming-3"):
        name = str(b[role].guest)
        stand.open_card(name)
        assert "seated" in stand.card_move("seat")
        assert stand.bar(name).get_attribute("class").split()[1] == "st-seated"
    stand.shot("three-seated")
    stand.open_card(str(b["seated-1"].guest))
    assert_no_serious_violations(page, "the booking's card")
    assert "completed" in stand.card_move("complete")
    stand.shot("completed")
    # A no-show, after its start.
    stand.open_card(str(b["late-2"].guest))
    assert "no-show" in stand.card_move("no_show")
    stand.shot("no-show")
    # A walk-in on a free cell of table 9, now.
    now_cell = page.get_by_role("link", name=f"Book 9 at {_slot(night, 0)}", exact=True)
    stand.tap(now_cell, "/admin/day/new/")
    page.locator("#new-booking-card").wait_for()
    page.check("input[name=channel][value=walk_in]")
    page.fill("#id_party_size", "2")
    stand.tap(page.locator("#save-booking"), "/admin/day/new/")
    assert "seated at table 9" in page.locator("#toast").inner_text()
    stand.shot("walk-in")
    # The late party moves to table 24, later.
    stand.open_card("Larry Late")
    stand.shot("card")
    stand.tap(page.locator("#card .mv-move"), "/admin/floor/")
    assert "Moving" in page.locator("#tl-moving").inner_text()
    target = page.get_by_role("button", name=f"Move Larry Late to 24 at {_slot(night, 45)}", exact=True)
    stand.shot("moving")
    stand.tap(target, "/admin/day/move/")
    assert "Online booking for Dinner has closed" in page.locator("#card #warnings").inner_text()  # a later time
    stand.tap(page.locator("#confirm-warnings"), "/admin/day/move/")
    assert "Larry Late: moved." in page.locator("#toast").inner_text()
    assert page.locator(f"#lane-{night.tables['24'].public_id} .tl-bar", has_text="Larry Late").count() == 1
    stand.shot("moved")
    # A phone booking for 30 minutes from now: past the online cut-off, a warning the host confirms.
    stand.tap(page.locator("#new-booking"), "/admin/day/new/")
    page.fill("#id_start_time", _slot(night, 30))
    page.fill("#id_first_name", "Paula")
    page.fill("#id_last_name", "Phone")
    page.fill("#id_phone", "06 98 76 54 32")
    stand.tap(page.locator("#save-booking"), "/admin/day/new/")
    warnings = page.locator("#warnings")
    assert "Online booking for Dinner has closed" in warnings.inner_text()
    assert_no_serious_violations(page, "the warnings")
    stand.shot("phone-warning")
    stand.tap(page.locator("#confirm-warnings"), "/admin/day/new/")
    assert "Paula Phone: booked for" in page.locator("#toast").inner_text()
    stand.shot("phone-booked")
    # The queue: approve one, decline another (a confirmation and a reason), both from the panel.
    stand.tap(page.locator(f"#q-{b['pending-1'].public_id} button", has_text="Approve"), "/admin/day/move/")
    assert "approved" in page.locator("#toast").inner_text()
    stand.tap(page.locator(f"#q-{b['pending-2'].public_id} a", has_text="Decline"), "/admin/day/booking/")
    page.locator("#ask-decline summary").click()
    page.fill("#reason-decline", "Kitchen closes early tonight")
    stand.tap(page.locator("#ask-decline button"), "/admin/day/move/")
    assert "declined" in page.locator("#toast").inner_text()
    assert_no_serious_violations(page, "the side panel")
    stand.shot("queue")
    # The first waitlist party is seated now, on the best free table.
    first = night.waitlist[0]
    stand.tap(page.locator(f"#wl-{first.public_id} button", has_text="Seat now"), "/admin/day/waitlist/")
    assert f"{first.guest}: seated at table" in page.locator("#toast").inner_text()
    stand.shot("waitlist-seated")
    # Tomorrow's booking, found by its phone number as the guest says it.
    page.fill("#find", "06 11 22 33 44")
    with page.expect_navigation():
        page.locator("form[role=search] button").click()
    found = page.locator(f"#found-{b['tomorrow'].public_id}")
    assert "Tomas Morrow" in found.inner_text()
    assert_no_serious_violations(page, "the search")
    stand.shot("found")
    with page.expect_navigation():
        found.locator("a").click()
    assert "Tomas Morrow" in page.locator("#card").inner_text()
    stand.shot("tomorrow")
    # The list of tonight, at the stand's width.
    with page.expect_navigation():
        page.locator("#today").click()
    with page.expect_navigation():
        page.locator("#view-list").click()
    assert page.locator("table.lt tbody tr").count() >= 40
    assert_no_serious_violations(page, "the list")
    stand.shot("list")


def _slot(night, minutes_from_now: int) -> str:
    """The seating time (a quarter hour) `minutes_from_now` falls in, as HH:MM."""
    moment = night.now + dt.timedelta(minutes=minutes_from_now)
    return f"{moment.hour:02d}:{moment.minute - moment.minute % 15:02d}"
