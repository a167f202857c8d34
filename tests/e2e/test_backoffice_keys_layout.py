"""What owners met on the key pages, checked in Chromium: at 1280 px the state column is on
screen; at 390 px the one-time secret wraps inside the page; bulk revoke asks first."""

import pytest

from apikeys.models import ApiKey
from tests.e2e.admin_login import log_in
from tests.e2e.conftest import start_gunicorn
from tests.factories import MembershipFactory, RestaurantFactory, make_key

PASSWORD = "e2e owner password"


@pytest.fixture
def owner(transactional_db):
    restaurant = RestaurantFactory(name="Chez Layout")
    MembershipFactory(user__username="owner-layout", user__password=PASSWORD, restaurant=restaurant, role="owner")
    for i in range(3):
        make_key(
            restaurant,
            name=f"A partner integration with a rather long name {i}",
            scopes=["reservations:read", "reservations:write", "reservations:write:override", "guests:read"],
        )
    return restaurant


@pytest.fixture
def server(owner):
    """A gunicorn of this test's own: the session's server keeps content-type ids cached from
    before earlier tests' flushes, and the admin's change log (revoke, mint) would refer to them."""
    with start_gunicorn() as running:
        yield running


def test_key_list_state_column_is_on_screen_at_1280(server, new_page, owner):
    page = new_page(viewport={"width": 1280, "height": 900})
    log_in(page, server, "owner-layout", PASSWORD)
    page.goto(server + "/admin/apikeys/apikey/")
    width = page.evaluate("document.documentElement.clientWidth")
    for right in page.locator("td.field-state, th.column-state").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    ):
        assert right <= width
    assert page.locator("th.column-last_used").count() == 1


def test_bulk_revoke_asks_first(server, new_page, owner):
    page = new_page(viewport={"width": 1280, "height": 900})
    log_in(page, server, "owner-layout", PASSWORD)
    page.goto(server + "/admin/apikeys/apikey/")
    for box in page.locator("input.action-select").all():
        box.check()
    page.select_option("select[name=action]", "revoke_selected")
    page.click("button[name=index]")
    page.locator("#confirm-revoke").wait_for()
    assert ApiKey.objects.filter(restaurant=owner, revoked_at__isnull=True).count() == 3
    page.click("#confirm-revoke")
    # The confirmation page has the list's own address: wait for the answer, not the URL.
    assert "3 key(s) revoked" in page.locator(".messagelist").inner_text()
    assert ApiKey.objects.filter(restaurant=owner, revoked_at__isnull=True).count() == 0


def test_the_secret_wraps_at_390(server, new_page, owner):
    page = new_page(viewport={"width": 390, "height": 844})
    log_in(page, server, "owner-layout", PASSWORD)
    page.goto(server + "/admin/apikeys/apikey/add/")
    page.fill("#id_name", "Phone-minted key")
    page.click("input[name=_save]")
    page.wait_for_url(lambda url: url.endswith("/secret/"), timeout=45_000)  # a loaded machine
    page.locator("#api-key-secret").wait_for()
    client_width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= client_width
    box = page.locator("#api-key-secret").bounding_box()
    assert box["x"] + box["width"] <= client_width
