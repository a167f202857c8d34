"""The host's evening in Chromium against the service under gunicorn: log in, land on today's
sheet, approve, seat, complete, mark a no-show; the API agrees. A manager grows a table and
availability follows. The sheet at 390 px has no horizontal scroll (screenshots kept)."""

import datetime as dt
from pathlib import Path

import pytest
import requests
from django.utils import timezone

from config.formats import zone
from tests.e2e.admin_login import log_in
from tests.e2e.conftest import start_gunicorn
from tests.factories import (
    FloorPlanFactory,
    GuestFactory,
    MembershipFactory,
    ReservationEventFactory,
    ReservationFactory,
    RestaurantFactory,
    SectionFactory,
    ShiftFactory,
    TableFactory,
    make_key,
)
from webhooks.models import Event

PASSWORD = "e2e host password"
ARTEFACTS = Path(__file__).resolve().parent / "artifacts"  # kept, git-ignored


def zone_where_it_is_early_afternoon() -> str:
    """A fixed-offset zone whose local time is now 13:00-13:59, so that today's bookings (up to six
    and a half hours ahead) fit before the day's last seating whatever the hour of the run."""
    offset = (13 - dt.datetime.now(dt.UTC).hour + 12) % 24 - 12  # -12 .. 11 hours from UTC
    return "Etc/GMT" if offset == 0 else f"Etc/GMT{'-' if offset > 0 else '+'}{abs(offset)}"  # POSIX signs


@pytest.fixture
def evening(transactional_db):
    """A restaurant serving all day (so "now" is always in service), three tables, today's bookings:
    a pending request later today, a confirmed booking whose time has passed, and a few more."""
    restaurant = RestaurantFactory(name="Chez Playwright", timezone=zone_where_it_is_early_afternoon())
    plan = FloorPlanFactory(restaurant=restaurant)
    section = SectionFactory(floor_plan=plan, name="Salle")
    tables = [
        TableFactory(section=section, name=name, min_capacity=1, max_capacity=size, position=i)
        for i, (name, size) in enumerate([("T1", 2), ("T2", 4), ("T3", 6), ("T4", 2)])
    ]
    shift = ShiftFactory(floor_plan=plan, name="All day", start_time=dt.time(0, 0), end_time=dt.time(23, 30))
    tz = zone(restaurant.timezone)
    now = timezone.now().astimezone(tz)
    today = now.date()
    midnight = dt.datetime.combine(today, dt.time(0, 0), tzinfo=tz)
    half_hours = (now - midnight).seconds // 1800

    def at(slot: int) -> dt.datetime:
        return midnight + dt.timedelta(minutes=30 * max(0, min(slot, 46)))

    def book(table, status, start, **fields):
        booking = ReservationFactory(
            restaurant=restaurant,
            shift=shift,
            service_date=today,
            starts_at=start,
            ends_at=start + dt.timedelta(hours=2),
            status=status,
            tables=[table],
            **fields,
        )
        ReservationEventFactory(reservation=booking, data={"from_status": None, "to_status": status})
        return booking

    pending = book(
        tables[1],
        "pending",
        at(half_hours + 1),
        party_size=3,
        guest=GuestFactory(restaurant=restaurant, first_name="Paula", last_name="Pending", vip=True),
        guest_notes="A quiet table, a birthday cake for the grandmother who turns ninety this week",
    )
    late = book(
        tables[0],
        "confirmed",
        at(half_hours - 1) if half_hours >= 1 else now - dt.timedelta(minutes=5),
        party_size=2,
        guest=GuestFactory(restaurant=restaurant, first_name="Larry", last_name="Late", allergies=["shellfish"]),
    )
    for i in range(3):
        book(
            tables[3] if i == 0 else tables[2],
            "confirmed",
            at(half_hours + 5 + 4 * i),
            party_size=2,
            guest=GuestFactory(
                restaurant=restaurant, first_name=f"Guest{i}", last_name="Averyveryverylongsurnamewithoutspaces"
            ),
            internal_notes="Regular; prefers the corner by the window, never the terrace",
        )
    MembershipFactory(user__username="host-e2e", user__password=PASSWORD, restaurant=restaurant, role="host")
    MembershipFactory(user__username="manager-e2e", user__password=PASSWORD, restaurant=restaurant, role="manager")
    _key, secret = make_key(restaurant)
    return {"restaurant": restaurant, "pending": pending, "late": late, "secret": secret, "tables": tables}


def api_status(base, secret, public_id) -> str:
    response = requests.get(
        f"{base}/v1/reservations/{public_id}", headers={"Authorization": f"Bearer {secret}"}, timeout=10
    )
    assert response.status_code == 200, response.text
    return response.json()["status"]


def click_move(page, public_id, action):
    page.locator(f"#row-{public_id} button[value={action}]").click()
    page.wait_for_load_state("load")
    page.locator(".messagelist").wait_for()


def test_a_host_runs_the_evening_from_the_sheet(live_gunicorn, new_page, evening):
    base = live_gunicorn
    pending, late = evening["pending"], evening["late"]
    page = new_page(viewport={"width": 1280, "height": 900})
    log_in(page, base, "host-e2e", PASSWORD, "/admin/day/")
    body = page.content()
    assert "Chez Playwright" in body and "Paula Pending" in body and "Larry Late" in body
    assert "API keys" not in body

    click_move(page, pending.public_id, "approve")
    assert "approved" in page.locator(".messagelist").inner_text()
    assert api_status(base, evening["secret"], pending.public_id) == "confirmed"
    click_move(page, pending.public_id, "seat")
    assert api_status(base, evening["secret"], pending.public_id) == "seated"
    click_move(page, pending.public_id, "complete")
    assert api_status(base, evening["secret"], pending.public_id) == "completed"
    click_move(page, late.public_id, "no_show")
    assert api_status(base, evening["secret"], late.public_id) == "no_show"

    events = requests.get(
        f"{base}/v1/reservations/{pending.public_id}/events",
        headers={"Authorization": f"Bearer {evening['secret']}"},
        timeout=10,
    ).json()["data"]
    assert [e["type"] for e in events][-3:] == ["reservation.confirmed", "reservation.seated", "reservation.completed"]
    # Each move also wrote its webhook's outbox row.
    types = set(Event.objects.filter(subject__in=[pending.public_id, late.public_id]).values_list("type", flat=True))
    assert {"reservation.confirmed", "reservation.seated", "reservation.completed", "reservation.no_show"} <= types


def test_a_manager_grows_a_table_and_availability_follows(new_page, evening):
    # A gunicorn of its own: the admin's change log refers to content types, whose ids the
    # session's server may have cached from before an earlier test's flush.
    with start_gunicorn() as base:
        manager_grows_a_table(base, new_page, evening)


def manager_grows_a_table(base, new_page, evening):
    restaurant = evening["restaurant"]
    later = (timezone.now().astimezone(zone(restaurant.timezone)) + dt.timedelta(days=3)).date().isoformat()

    def slots(party_size: int) -> list:
        response = requests.get(
            f"{base}/v1/availability",
            params={"service_date": later, "party_size": party_size},
            headers={"Authorization": f"Bearer {evening['secret']}"},
            timeout=10,
        )
        assert response.status_code == 200, response.text
        return [slot for shift in response.json()["shifts"] for slot in shift["slots"]]

    assert slots(7) == []  # the largest table seats 6
    page = new_page(viewport={"width": 1280, "height": 900})
    log_in(page, base, "manager-e2e", PASSWORD, "/admin/")
    assert "Chez Playwright" in page.content()
    table = evening["tables"][2]
    page.goto(f"{base}/admin/reservations/table/{table.pk}/change/")
    page.fill("#id_max_capacity", "8")
    page.click("input[name=_save]")
    page.wait_for_url(lambda url: url.endswith("/admin/reservations/table/"))
    assert slots(7) != []


@pytest.mark.parametrize(("width", "height"), [(390, 844), (820, 1180), (1280, 900)])
def test_the_sheet_reads_at_phone_tablet_and_desktop_width(live_gunicorn, new_page, evening, width, height):
    page = new_page(viewport={"width": width, "height": height})
    log_in(page, live_gunicorn, "host-e2e", PASSWORD, "/admin/day/")
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    client_width = page.evaluate("document.documentElement.clientWidth")
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"day_sheet_{width}.png"), full_page=True)
    assert scroll_width <= client_width, f"horizontal scroll at {width} px: {scroll_width} > {client_width}"
    # Every action button is inside the screen.
    for box in page.locator(".ds-actions button").evaluate_all("els => els.map(e => e.getBoundingClientRect().right)"):
        assert box <= client_width
    assert page.locator("#row-" + evening["pending"].public_id).is_visible()
