"""An owner adds a webhook endpoint in Chromium (desktop and phone width), reads its secret, sends
a test event that a real receiver verifies with `standardwebhooks`, and reads the attempt; a host
of the same restaurant sees none of it."""

import re

import pytest
from standardwebhooks.webhooks import Webhook

from deploy.receiver import Receiver
from tests.e2e.admin_login import log_in
from tests.e2e.conftest import start_gunicorn
from tests.factories import MembershipFactory, RestaurantFactory
from webhooks.models import Endpoint

PASSWORD = "e2e owner password"


@pytest.fixture(scope="module")
def hook_server(django_db_setup, django_db_blocker):
    """The service under gunicorn, allowed to deliver to receivers on loopback."""
    with start_gunicorn(extra_env={"WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8"}) as server:
        yield server


@pytest.fixture
def owner(transactional_db):
    restaurant = RestaurantFactory(name="Chez Hook")
    MembershipFactory(user__username="hook-owner", user__password=PASSWORD, restaurant=restaurant, role="owner")
    MembershipFactory(user__username="hook-host", user__password=PASSWORD, restaurant=restaurant, role="host")
    return restaurant


def test_owner_adds_an_endpoint_and_sends_a_test_event(hook_server, new_page, owner):
    # Both widths in one test: the server caches content types, which a database flush between tests renumbers.
    base = hook_server
    for width in (1280, 390):
        page = new_page(viewport={"width": width, "height": 900})
        with Receiver() as receiver:
            log_in(page, base, "hook-owner", PASSWORD)
            page.goto(base + "/admin/webhooks/endpoint/add/")
            page.fill("#id_url", receiver.url)
            page.uncheck("input[name=events][value='*']")
            page.check("input[name=events][value='reservation.created']")
            page.click("input[name=_save]")
            shown = page.wait_for_selector("#webhook-secret")
            secret = shown.inner_text().strip()
            assert re.fullmatch(r"whsec_[A-Za-z0-9+/=]{32}", secret)
            box = shown.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, box  # readable whole, even on a phone
            endpoint = Endpoint.objects.get(url=receiver.url)
            assert endpoint.events == ["reservation.created"]
            page.get_by_role("link", name="Back to the endpoint").click()
            page.wait_for_selector("#endpoint-test")
            assert secret not in page.content()
            page.click("#endpoint-test")
            page.wait_for_selector(".messagelist")
            assert "Test event sent: HTTP 200" in page.locator(".messagelist").inner_text()
            [request] = receiver.requests
            assert Webhook(secret).verify(request.body, request.headers)["type"] == "webhook_endpoint.test"
            page.get_by_role("link", name=re.compile("whd_")).first.click()
            page.wait_for_selector("#delivery-resend")
            shown_text = page.inner_text("#content")
            assert "webhook_endpoint.test" in shown_text and '{"ok":true}' in shown_text
        host = new_page(viewport={"width": width, "height": 900})
        log_in(host, base, "hook-host", PASSWORD)
        assert "Webhook" not in host.content()
        assert host.goto(base + "/admin/webhooks/endpoint/").status in (403, 404)
