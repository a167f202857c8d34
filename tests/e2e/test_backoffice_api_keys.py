"""An owner mints an API key in the back office in Chromium; it works on the API; nobody else sees it."""

import re

import pytest
import requests

from apikeys.models import ApiKey
from tests.e2e import admin_login
from tests.factories import MembershipFactory, RestaurantFactory

PASSWORD = "e2e owner password"


def log_in(page, base, username):
    admin_login.log_in(page, base, username, PASSWORD)
    assert "Reservations back office" in page.content()


@pytest.fixture
def two_restaurants(transactional_db):
    a = RestaurantFactory(name="Chez Alpha")
    b = RestaurantFactory(name="Chez Bravo")
    MembershipFactory(user__username="owner-a", user__password=PASSWORD, restaurant=a, role="owner")
    MembershipFactory(user__username="owner-b", user__password=PASSWORD, restaurant=b, role="owner")
    return a, b


def test_owner_mints_a_key_that_works_and_stays_private(live_gunicorn, new_page, two_restaurants):
    base = live_gunicorn
    restaurant_a, _restaurant_b = two_restaurants

    page = new_page()
    log_in(page, base, "owner-a")
    page.get_by_role("link", name="API keys").first.click()
    page.get_by_role("link", name="Add API key").click()
    page.fill("#id_name", "Partner integration")
    assert page.is_checked("input[name=scopes][value='reservations:read']")
    assert not page.is_checked("input[name=scopes][value='reservations:write']")
    page.select_option("#id_restaurant", str(restaurant_a.pk))
    page.click("input[name=_save]")

    secret_element = page.locator("#api-key-secret")
    secret_element.wait_for()
    secret = secret_element.inner_text().strip()
    assert re.fullmatch(r"sk_live_[A-Za-z0-9]{32}", secret)
    page.click("#copy-api-key-secret")

    response = requests.get(base + "/v1/ping", headers={"Authorization": "Bearer " + secret}, timeout=10)
    assert response.status_code == 200
    assert response.json() == {"object": "ping", "ok": True}

    key = ApiKey.objects.get(name="Partner integration")
    assert key.restaurant_id == restaurant_a.pk and key.scopes == ["reservations:read"]
    masked = f"sk_live_...{secret[-4:]}"

    page.reload()
    assert page.locator("#api-key-secret").count() == 0
    body = page.content()
    assert secret not in body and masked in body

    page.goto(base + "/admin/apikeys/apikey/")
    body = page.content()
    assert "Partner integration" in body and masked in body and secret not in body
    page.goto(base + f"/admin/apikeys/apikey/{key.pk}/change/")
    body = page.content()
    assert masked in body and secret not in body and key.secret_hash not in body

    # Owner B: not in the list, not by URL.
    other = new_page()
    log_in(other, base, "owner-b")
    other.goto(base + "/admin/apikeys/apikey/")
    body = other.content()
    assert "Partner integration" not in body and masked not in body
    for suffix in ("change/", "history/", "secret/"):
        answer = other.request.get(base + f"/admin/apikeys/apikey/{key.pk}/{suffix}", max_redirects=0)
        assert answer.status in (302, 403, 404), suffix
        assert "Partner integration" not in answer.text()
    other.goto(base + f"/admin/apikeys/apikey/{key.pk}/change/")
    assert "Partner integration" not in other.content()

    # The owner revokes it from the change page; the API refuses it from then on.
    page.goto(base + f"/admin/apikeys/apikey/{key.pk}/change/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#revoke-api-key")
    page.wait_for_url(base + f"/admin/apikeys/apikey/{key.pk}/change/")
    assert "revoked" in page.content()
    response = requests.get(base + "/v1/ping", headers={"Authorization": "Bearer " + secret}, timeout=10)
    assert response.status_code == 401
