"""A host works the guest book and the waitlist in Chromium, at desktop width and on a 390 px phone:
finds a guest accent-insensitively, edits the profile (guest.updated), promotes a waitlist entry to a
booking; another restaurant's host sees none of it."""

import datetime as dt
import re

import pytest

from guests.models import Guest
from tests.e2e.admin_login import log_in
from tests.factories import (
    FloorPlanFactory,
    GuestFactory,
    MembershipFactory,
    RestaurantFactory,
    SectionFactory,
    ShiftFactory,
    TableFactory,
    WaitlistEntryFactory,
)
from waitlist.models import WaitlistEntry
from webhooks.models import Event

PASSWORD = "e2e host password"
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def world(transactional_db):
    """Chez Alpha with a table for four, its dinner, a guest and a waitlist entry per viewport."""
    alpha = RestaurantFactory(name="Chez Alpha", write_burst=1000)
    bravo = RestaurantFactory(name="Chez Bravo")
    plan = FloorPlanFactory(restaurant=alpha)
    section = SectionFactory(floor_plan=plan)
    TableFactory(section=section, name="T4", min_capacity=1, max_capacity=4)
    TableFactory(section=section, name="T4b", min_capacity=1, max_capacity=4)
    ShiftFactory(floor_plan=plan)
    MembershipFactory(user__username="host-a", user__password=PASSWORD, restaurant=alpha, role="host")
    MembershipFactory(user__username="host-b", user__password=PASSWORD, restaurant=bravo, role="host")
    GuestFactory(restaurant=bravo, first_name="Bravo", last_name="Secret")
    day = dt.date.today() + dt.timedelta(days=3)
    cases = {}
    for name, family in (("desktop", "Fabre"), ("phone", "Roux")):
        guest = GuestFactory(restaurant=alpha, first_name="Élodie", last_name=family, email=f"{family}@example.com")
        entry = WaitlistEntryFactory(
            restaurant=alpha, guest=guest, service_date=day, window_start=dt.time(19, 30), window_end=dt.time(20, 30)
        )
        cases[name] = (guest, entry)
    return cases


def test_a_host_edits_a_guest_and_promotes_an_entry(live_gunicorn, new_page, world):
    """One test for both widths: the live server caches content types, which a second
    transactional test's flush would renumber under it."""
    base = live_gunicorn
    for viewport, (guest, entry) in world.items():
        page = new_page(viewport=VIEWPORTS[viewport])
        page.set_default_timeout(45_000)  # the machine is shared; a slow answer is not a failure here
        log_in(page, base, "host-a", PASSWORD)

        page.goto(base + "/admin/guests/guest/?q=elodie")  # accent-insensitive: finds Élodie
        link = page.get_by_role("link", name=f"Élodie {guest.last_name}")
        link.wait_for()
        assert "Secret" not in page.content()
        link.click()
        page.wait_for_url(re.compile(rf"/admin/guests/guest/{guest.pk}/change/"))
        page.check("#id_vip")
        page.fill("#id_notes", "Prefers the terrace")
        page.click("input[name=_save]")
        page.wait_for_url(re.compile(r"/admin/guests/guest/(\?.*)?$"))
        guest.refresh_from_db()
        assert guest.vip and guest.notes == "Prefers the terrace", viewport
        assert Event.objects.filter(type="guest.updated", subject=guest.public_id).count() == 1

        page.goto(base + "/admin/waitlist/waitlistentry/")
        row = page.locator(f"tr:has-text('{entry.public_id}')")
        row.locator("input.action-select").check()
        page.select_option("select[name=action]", "promote")
        page.click("button[name=index]")
        page.wait_for_load_state()
        assert "Booked" in page.content(), viewport
        entry.refresh_from_db()
        assert entry.status == "promoted" and entry.reservation.source == "waitlist"
        assert entry.reservation.booking_channel == "website_widget"

        other = new_page(viewport=VIEWPORTS[viewport])
        other.set_default_timeout(45_000)
        log_in(other, base, "host-b", PASSWORD)
        other.goto(base + "/admin/guests/guest/")
        assert "Élodie" not in other.content()
        answer = other.request.get(base + f"/admin/guests/guest/{guest.pk}/change/", max_redirects=0)
        assert answer.status in (302, 403, 404)
        other.goto(base + "/admin/waitlist/waitlistentry/")
        assert entry.public_id not in other.content()
    assert Guest.objects.filter(vip=True).count() == 2
    assert WaitlistEntry.objects.filter(status="promoted").count() == 2
