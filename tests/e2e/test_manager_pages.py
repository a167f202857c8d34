"""The pages managers and owners use, in Chromium on a 390 px phone and a 1280 px desk, against the
service under gunicorn: nothing cut off sideways (a wide list scrolls inside its own box, which
takes the keyboard's focus), the main buttons 44 px tall on the phone, every time HH:MM, the
restaurant named in the header, no "behind server time" note though the browser is in another
zone, and axe-core finds no serious or critical violation. A manager on an owner's page meets the
styled 403; a manager's block and closure forms say what is wrong next to the field.
Screenshots are kept in tests/e2e/artifacts/ (git-ignored)."""

import datetime as dt
import re
from pathlib import Path

import pytest

from tests.e2e.admin_login import log_in
from tests.e2e.axe import assert_no_serious_violations
from tests.e2e.conftest import collect_static_once, start_gunicorn
from tests.factories import (
    ALL_SCOPES,
    BlockFactory,
    ClosureFactory,
    CombinationFactory,
    CompanyFactory,
    DayNoteFactory,
    EndpointFactory,
    FloorPlanFactory,
    GuestFactory,
    MembershipFactory,
    RestaurantFactory,
    SectionFactory,
    ShiftFactory,
    TableFactory,
    WaitlistEntryFactory,
    make_key,
)

PASSWORD = "e2e manager password"
ARTEFACTS = Path(__file__).resolve().parent / "artifacts"  # kept, git-ignored
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desk": {"width": 1280, "height": 900}}
# The browser is six hours behind the restaurant (Paris): Django's admin would say so under each box.
BROWSER_ZONE = "America/New_York"
RESTAURANT = "Chez Gérante"
TWELVE_HOUR = re.compile(r"\b\d{1,2}(:\d\d)?\s?[ap]\.m\.|\bnoon\b", re.IGNORECASE)
MAIN_BUTTONS = (
    ".submit-row input[type=submit], .submit-row a.deletelink, .object-tools a, "
    "#changelist-search input[type=submit], .actions button, #back-home"
)
CLIPPED = """() => {
    // Elements whose right edge is past the page's, unless a box of theirs scrolls sideways and
    // takes the keyboard's focus (then they are reachable).
    const width = document.documentElement.clientWidth, found = [];
    for (const el of document.querySelectorAll("#container *")) {
        const box = el.getBoundingClientRect();
        if (!box.width || box.right <= width + 1) continue;
        let scroller = el.parentElement, reachable = false;
        while (scroller && scroller !== document.body) {
            const style = getComputedStyle(scroller);
            if (["auto", "scroll"].includes(style.overflowX) && scroller.scrollWidth > scroller.clientWidth) {
                reachable = scroller.tabIndex >= 0 || !!scroller.querySelector("a, input, select, button");
                break;
            }
            scroller = scroller.parentElement;
        }
        if (!reachable) found.push((el.id ? "#" + el.id : el.tagName + "." + el.className) + " " + Math.round(box.right));
    }
    return found.slice(0, 10);
}"""


@pytest.fixture
def world(transactional_db):
    """A restaurant in French and English with a little of everything, its manager and its owner."""
    restaurant = RestaurantFactory(name=RESTAURANT, guest_languages=["fr", "en"])
    plan = FloorPlanFactory(restaurant=restaurant, name="Main floor")
    section = SectionFactory(floor_plan=plan, name="Salle")
    t1 = TableFactory(section=section, name="T1", max_capacity=2)
    t2 = TableFactory(section=section, name="T2", max_capacity=4)
    objects = {
        "restaurant": restaurant,
        "floorplan": plan,
        "section": section,
        "table": t1,
        "combination": CombinationFactory(floor_plan=plan, tables=[t1, t2], min_capacity=3, max_capacity=6),
        "shift": ShiftFactory(
            floor_plan=plan,
            name={"fr": "Dîner", "en": "Dinner"},
            start_time=dt.time(12),
            end_time=dt.time(0),
            seating_minutes_by_party_size={"6": 150},
        ),
        "closure": ClosureFactory(
            restaurant=restaurant,
            name={"fr": "Noël", "en": "Christmas"},
            guest_message={"fr": "Fermé", "en": "Closed"},
            start_date=dt.date(2026, 12, 24),
            end_date=dt.date(2026, 12, 26),
        ),
        "daynote": DayNoteFactory(restaurant=restaurant, message={"fr": "Menu spécial", "en": "Special menu"}),
        "block": BlockFactory(restaurant=restaurant, reason="Private party", tables=[t1]),
        "company": CompanyFactory(restaurant=restaurant, name="ACME"),
        "guest": GuestFactory(restaurant=restaurant, first_name="Marie", last_name="Curie", email="marie@example.com"),
        "endpoint": EndpointFactory(restaurant=restaurant),
    }
    BlockFactory(restaurant=restaurant, reason="Kitchen works", date=dt.date(2026, 12, 6))
    WaitlistEntryFactory(restaurant=restaurant, guest=objects["guest"])
    objects["apikey"], _secret = make_key(
        restaurant, name="A partner integration with a rather long name", scopes=list(ALL_SCOPES)
    )
    MembershipFactory(user__username="manager-e2e", user__password=PASSWORD, restaurant=restaurant, role="manager")
    objects["membership"] = MembershipFactory(
        user__username="owner-e2e", user__password=PASSWORD, restaurant=restaurant, role="owner"
    )
    return objects


@pytest.fixture
def server(world):
    """A gunicorn of this test's own (the session's keeps content-type ids from before other tests' flushes)."""
    collect_static_once()  # the admin's style sheets: these pages are judged as they look
    with start_gunicorn() as running:
        yield running


def change(world, model, app="reservations"):
    return f"/admin/{app}/{model}/{world[model].pk}/change/"


def manager_pages(world) -> dict[str, str]:
    pages = {"home": "/admin/?index=1", "restaurant": change(world, "restaurant")}
    for model in ("floorplan", "section", "table", "combination", "shift", "closure", "daynote", "block", "company"):
        pages[f"{model} list"] = f"/admin/reservations/{model}/"
        pages[model] = change(world, model)
    pages |= {
        "closure add": "/admin/reservations/closure/add/",
        "block add": "/admin/reservations/block/add/",
        "guest list": "/admin/guests/guest/",
        "guest": change(world, "guest", "guests"),
        "waitlist": "/admin/waitlist/waitlistentry/",
    }
    return pages


def owner_pages(world) -> dict[str, str]:
    return {
        "API keys": "/admin/apikeys/apikey/",
        "API key add": "/admin/apikeys/apikey/add/",
        "API key": change(world, "apikey", "apikeys"),
        "webhook endpoints": "/admin/webhooks/endpoint/",
        "webhook endpoint": change(world, "endpoint", "webhooks"),
        "staff": "/admin/apikeys/membership/",
        "staff member": change(world, "membership", "apikeys"),
    }


def open_and_check(page, base: str, name: str, path: str, viewport: str, status: int = 200) -> None:
    response = page.goto(base + path)
    assert response.status == status, (name, response.status)
    page.wait_for_load_state("load")
    assert page.evaluate("getComputedStyle(document.querySelector('#header')).display") == "flex", "no admin CSS"
    where = f"{name} ({path}) at {VIEWPORTS[viewport]['width']} px"
    slug = re.sub(r"\W+", "-", name)
    page.screenshot(path=str(ARTEFACTS / f"manager-{slug}-{viewport}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate(
        "document.documentElement.clientWidth"
    ), where
    assert page.evaluate(CLIPPED) == [], where
    assert page.locator("#site-restaurant").inner_text() == RESTAURANT, where
    text = page.inner_text("#content")
    assert not TWELVE_HOUR.search(text), (where, TWELVE_HOUR.search(text))
    for value in page.locator("input.vTimeField").evaluate_all("els => els.map(e => e.value)"):
        assert re.fullmatch(r"(\d\d:\d\d)?", value), (where, value)
    assert page.locator(".timezonewarning").count() == 0, where
    if viewport == "phone":
        for button in page.locator(MAIN_BUTTONS).all():
            if button.is_visible():
                box = button.bounding_box()
                assert box["height"] >= 44 and box["width"] >= 44, (where, button.evaluate("e => e.outerHTML"), box)
    assert_no_serious_violations(page, where)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_manager_works_every_policy_page(server, new_page, world, viewport):
    page = new_page(viewport=VIEWPORTS[viewport], timezone_id=BROWSER_ZONE)
    log_in(page, server, "manager-e2e", PASSWORD)
    for name, path in manager_pages(world).items():
        open_and_check(page, server, name, path, viewport)
    # An owner's page: the back office's own refusal, saying who may open it, with a way home.
    open_and_check(page, server, "API keys refused", "/admin/apikeys/apikey/", viewport, status=403)
    assert "Only a restaurant's owners and co-owners may open the API keys pages." in page.inner_text("#who-may-open")
    page.click("#back-home")
    page.wait_for_url(lambda url: url.endswith("/admin/"))


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_an_owner_works_the_keys_webhooks_and_staff(server, new_page, world, viewport):
    page = new_page(viewport=VIEWPORTS[viewport], timezone_id=BROWSER_ZONE)
    log_in(page, server, "owner-e2e", PASSWORD)
    for name, path in owner_pages(world).items():
        open_and_check(page, server, name, path, viewport)
    if viewport == "desk":  # every column of the key list on screen, none scrolled out of its box
        page.goto(server + "/admin/apikeys/apikey/")
        results = page.locator("#changelist-form .results").bounding_box()
        rights = page.locator("#result_list th, #result_list td").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().right)"
        )
        assert max(rights) <= results["x"] + results["width"] + 1
        assert page.locator("th.column-api_version").is_visible()


def test_a_manager_is_told_what_is_wrong_next_to_the_field(server, new_page, world):
    page = new_page(viewport=VIEWPORTS["phone"], timezone_id=BROWSER_ZONE)
    log_in(page, server, "manager-e2e", PASSWORD)

    page.goto(server + "/admin/reservations/closure/add/")
    assert sorted(page.locator(".per-language input").evaluate_all("els => els.map(e => e.lang)")) == [
        "en",
        "en",
        "fr",
        "fr",
    ]
    page.fill("#id_start_date", "2027-01-10")
    page.fill("#id_end_date", "2027-01-08")
    page.click("input[name=_save]")
    end_row = page.locator(".form-row.field-end_date")
    assert "The closure cannot end before it starts" in end_row.locator(".errorlist").inner_text()
    assert "Constraint" not in page.inner_text("#content")

    page.goto(server + "/admin/reservations/block/add/")
    assert "every table" in page.locator(".form-row.field-tables").inner_text()
    page.fill("#id_date", "2027-02-01")
    page.fill("#id_start_time", "19:00")
    # The clock's shortcuts read 24-hour and fill the box HH:MM.
    page.locator(".field-end_time .clock-icon").click()
    clock = page.locator(".clockbox:visible")
    assert "18:00" in clock.inner_text() and not TWELVE_HOUR.search(clock.inner_text())
    clock.get_by_text("18:00").click()
    assert page.input_value("#id_end_time") == "18:00"
    page.fill("#id_end_time", "19:00")
    page.click("input[name=_save]")
    end_row = page.locator(".form-row.field-end_time")
    assert "The block ends when it starts (19:00)" in end_row.locator(".errorlist").inner_text()
    assert_no_serious_violations(page, "the block form refused")

    page.fill("#id_end_time", "21:00")
    page.click("input[name=_save]")
    page.wait_for_url(lambda url: url.endswith("/admin/reservations/block/"))
    assert "takes every table off sale on 2027-02-01 from 19:00 to 21:00" in page.inner_text(".messagelist")
    row = page.locator("#result_list tr", has_text="2027-02-01")
    assert row.locator("td.field-table_names").inner_text() == "Every table"
    page.screenshot(path=str(ARTEFACTS / "manager-block-every-table-phone.png"), full_page=True)
