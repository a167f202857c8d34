"""The same night on a manager's phone (390 x 844), done through the list: rows become cards, the
booking's card opens as a sheet from the bottom, nothing scrolls sideways, and every tap updates the
page in place."""

import datetime as dt
from pathlib import Path

import pytest

from reservations.models import Reservation
from tests.e2e.admin_login import log_in
from tests.e2e.axe import assert_no_serious_violations
from tests.e2e.test_service_night import Stand
from tests.staff.night import PASSWORD, service_night
from waitlist.models import WaitlistEntry

SHOTS = Path(__file__).resolve().parent / "artifacts" / "service_night_phone"


@pytest.fixture
def night(transactional_db):
    return service_night()


def no_sideways_scroll(page) -> None:
    width, client = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width <= client, f"the page scrolls sideways: {width} > {client}"


def test_a_manager_runs_the_night_from_a_phone(live_gunicorn, new_page, night):
    base, b = live_gunicorn, night.bookings
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    stand = Stand(page, base, SHOTS)
    log_in(page, base, "manager-night", PASSWORD, "/admin/")
    with page.expect_navigation():
        page.get_by_role("link", name="Open today's timeline").click()
    with page.expect_navigation():
        page.locator("#view-list").click()
    assert "/admin/day/" in page.url
    no_sideways_scroll(page)
    assert_no_serious_violations(page, "the list on a phone")
    stand.shot("list")
    row = page.locator(f"#row-{b['coming-1'].public_id}")
    stand.tap(row.locator("button.mv-seat"), "/admin/day/move/")
    assert "Seated" in page.locator(f"#row-{b['coming-1'].public_id}").inner_text()
    stand.tap(page.locator(f"#row-{b['seated-1'].public_id} button.mv-complete"), "/admin/day/move/")
    assert "Completed" in page.locator(f"#row-{b['seated-1'].public_id}").inner_text()
    stand.shot("seated-and-completed")
    # The card, as a sheet from the bottom: a no-show.
    stand.tap(page.locator(f"#row-{b['late-2'].public_id} a", has_text="More"), "/admin/day/booking/")
    sheet = page.locator("#card")
    box = sheet.bounding_box()
    assert box["y"] + box["height"] <= 844 + 1 and box["y"] > 0  # on screen, at the bottom
    assert_no_serious_violations(page, "the card on a phone")
    stand.shot("card-sheet")
    stand.tap(page.locator("#card button.mv-no_show"), "/admin/day/move/")
    assert "No-show" in page.locator(f"#row-{b['late-2'].public_id}").inner_text()
    for button in page.locator(".lr-actions .hbtn").all()[:6]:
        assert button.bounding_box()["height"] >= 44
    # A phone booking in an hour: past the cut-off, confirmed.
    stand.tap(page.locator("#new-booking"), "/admin/day/new/")
    later = night.now + dt.timedelta(minutes=60)
    page.fill("#id_start_time", f"{later.hour:02d}:{later.minute - later.minute % 15:02d}")
    page.fill("#id_first_name", "Mo")
    page.fill("#id_last_name", "Bile")
    page.fill("#id_phone", "0700000001")
    stand.tap(page.locator("#save-booking"), "/admin/day/new/")
    stand.tap(page.locator("#confirm-warnings"), "/admin/day/new/")
    assert "Mo Bile: booked for" in page.locator("#toast").inner_text()
    no_sideways_scroll(page)
    stand.shot("phone-booking")
    # The queue and the waitlist.
    stand.tap(page.locator(f"#q-{b['pending-1'].public_id} button", has_text="Approve"), "/admin/day/move/")
    stand.tap(page.locator(f"#q-{b['pending-2'].public_id} a", has_text="Decline"), "/admin/day/booking/")
    page.locator("#ask-decline summary").click()
    stand.tap(page.locator("#ask-decline button"), "/admin/day/move/")
    first = night.waitlist[0]
    stand.tap(page.locator(f"#wl-{first.public_id} button", has_text="Seat now"), "/admin/day/waitlist/")
    stand.shot("queue-and-waitlist")
    with page.expect_navigation():
        page.locator("#pending-link").click()
    assert_no_serious_violations(page, "the pending requests")
    assert b["pending-later"].public_id in page.content()
    no_sideways_scroll(page)
    stand.shot("pending")
    statuses = dict(Reservation.objects.filter(restaurant=night.restaurant).values_list("public_id", "status"))
    assert statuses[b["coming-1"].public_id] == "seated" and statuses[b["seated-1"].public_id] == "completed"
    assert statuses[b["late-2"].public_id] == "no_show"
    assert statuses[b["pending-1"].public_id] == "confirmed" and statuses[b["pending-2"].public_id] == "cancelled"
    assert WaitlistEntry.objects.get(pk=first.pk).status == "promoted"
    assert stand.failures == [], stand.failures
