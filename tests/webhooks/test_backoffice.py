"""The webhook pages of the back office: owners and co-owners create, list, disable, enable,
delete, rotate, reveal, test and re-send; hosts and managers see none of it; nobody sees
another restaurant's endpoints. And `manage.py webhooks` calls the same services (JSON)."""

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from standardwebhooks.webhooks import Webhook

from tests.factories import PASSWORD, DeliveryFactory, EndpointFactory, MembershipFactory, RestaurantFactory
from tests.webhooks.conftest import flush
from webhooks.models import Delivery, DeliveryAttempt, Endpoint
from webhooks.selectors import current_secret
from webhooks.services.publish import publish

pytestmark = pytest.mark.django_db
ENDPOINTS = "/admin/webhooks/endpoint/"
DELIVERIES = "/admin/webhooks/delivery/"


@pytest.fixture
def alpha():
    return RestaurantFactory(name="Alpha")


def client_for(restaurant, role: str) -> Client:
    membership = MembershipFactory(restaurant=restaurant, role=role)
    client = Client()
    assert client.login(username=membership.user.username, password=PASSWORD)
    return client


@pytest.mark.parametrize("role", ["owner", "co_owner"])
def test_owners_create_an_endpoint_and_see_its_secret(alpha, role, receiver):
    client = client_for(alpha, role)
    assert client.get(ENDPOINTS).status_code == 200
    form = client.get(ENDPOINTS + "add/")
    assert form.status_code == 200 and "reservation.created" in form.content.decode()
    page = client.post(
        ENDPOINTS + "add/",
        {"restaurant": alpha.pk, "url": receiver.url, "events": ["reservation.created", "hold.created"],
         "api_version": "2026-06-27", "description": "CRM"},
    )  # fmt: skip
    assert page.status_code == 200, page.content
    endpoint = Endpoint.objects.get()
    secret = re.search(r'id="webhook-secret"[^>]*>(whsec_[^<]+)<', page.content.decode()).group(1)
    assert secret == current_secret(endpoint)
    assert "no-store" in page["Cache-Control"]
    assert endpoint.events == ["reservation.created", "hold.created"] and endpoint.restaurant == alpha
    # The list and the change page show only the last four characters.
    listing = client.get(ENDPOINTS).content.decode()
    assert receiver.url in listing and secret not in listing
    change = client.get(f"{ENDPOINTS}{endpoint.pk}/change/").content.decode()
    assert secret not in change and f"whsec_...{secret[-4:]}" in change
    for button in ("endpoint-test", "endpoint-reveal", "endpoint-rotate", "endpoint-disable"):
        assert f'id="{button}"' in change


def test_a_plain_http_url_elsewhere_than_loopback_is_refused(alpha):
    client = client_for(alpha, "owner")
    page = client.post(
        ENDPOINTS + "add/",
        {"restaurant": alpha.pk, "url": "http://hooks.example.com/in", "events": ["*"], "api_version": "2026-06-27"},
    )
    assert page.status_code == 200 and "must use https" in page.content.decode()
    assert not Endpoint.objects.exists()


@pytest.mark.parametrize("role", ["manager", "host"])
def test_hosts_and_managers_see_none_of_it(alpha, role):
    endpoint = EndpointFactory(restaurant=alpha)
    delivery = DeliveryFactory(endpoint=endpoint)
    client = client_for(alpha, role)
    assert "Webhook" not in client.get("/admin/").content.decode()
    for url in (
        ENDPOINTS,
        ENDPOINTS + "add/",
        f"{ENDPOINTS}{endpoint.pk}/change/",
        DELIVERIES,
        f"{DELIVERIES}{delivery.pk}/change/",
    ):
        assert client.get(url).status_code in (403, 302, 404), url
    for action in ("reveal", "rotate", "test", "disable"):
        assert client.post(f"{ENDPOINTS}{endpoint.pk}/{action}/").status_code in (403, 404)
    assert client.post(f"{DELIVERIES}{delivery.pk}/resend/").status_code in (403, 404)
    endpoint.refresh_from_db()
    assert endpoint.enabled and DeliveryAttempt.objects.count() == 0


def test_another_restaurants_endpoints_are_out_of_reach(alpha):
    bravo = RestaurantFactory(name="Bravo")
    theirs = EndpointFactory(restaurant=bravo, url="https://bravo.example.com/hooks")
    client = client_for(alpha, "owner")
    assert "bravo.example.com" not in client.get(ENDPOINTS).content.decode()
    assert client.get(f"{ENDPOINTS}{theirs.pk}/change/").status_code in (302, 404)
    assert client.post(f"{ENDPOINTS}{theirs.pk}/reveal/").status_code == 404
    assert client.post(f"{ENDPOINTS}{theirs.pk}/rotate/").status_code == 404


def test_disable_enable_rotate_test_resend_and_delete(alpha, receiver):
    client = client_for(alpha, "owner")
    endpoint = EndpointFactory(restaurant=alpha, url=receiver.url)
    old = endpoint.secret
    publish(alpha.pk, "reservation.cancelled", {"object": "reservation", "id": "resv_bo"})
    flush()
    delivery = Delivery.objects.get()
    # Every attempt shows on the delivery's page: status, code, duration, the start of the answer.
    page = client.get(f"{DELIVERIES}{delivery.pk}/change/").content.decode()
    assert "reservation.cancelled" in page and "{&quot;ok&quot;:true}" in page and 'id="delivery-resend"' in page
    assert "attempts (newest first)" in page.lower()
    assert client.post(f"{DELIVERIES}{delivery.pk}/resend/").status_code == 302
    assert DeliveryAttempt.objects.filter(manual=True).count() == 1 and len(receiver.requests) == 2

    assert client.post(f"{ENDPOINTS}{endpoint.pk}/test/").status_code == 302
    test = receiver.requests[-1]
    assert Webhook(old).verify(test.body, test.headers)["type"] == "webhook_endpoint.test"

    rotated = client.post(f"{ENDPOINTS}{endpoint.pk}/rotate/")
    new = re.search(r'id="webhook-secret"[^>]*>(whsec_[^<]+)<', rotated.content.decode()).group(1)
    assert new != old and new == current_secret(Endpoint.objects.get())
    revealed = client.post(f"{ENDPOINTS}{endpoint.pk}/reveal/").content.decode()
    assert new in revealed

    client.post(f"{ENDPOINTS}{endpoint.pk}/disable/")
    assert not Endpoint.objects.get().enabled
    publish(alpha.pk, "reservation.cancelled", {"object": "reservation", "id": "resv_bo2"})
    flush()
    assert len(receiver.requests) == 3  # nothing sent while disabled
    client.post(f"{ENDPOINTS}{endpoint.pk}/enable/")
    assert Endpoint.objects.get().enabled

    page = client.post(f"{ENDPOINTS}{endpoint.pk}/delete/", {"post": "yes"})
    assert page.status_code == 302
    assert not Endpoint.objects.exists() and not Delivery.objects.exists()


def run(*args) -> dict | list:
    out = StringIO()
    call_command("webhooks", *args, stdout=out)
    return json.loads(out.getvalue())


def test_the_support_command(alpha, receiver):
    created = run("create", alpha.public_id, receiver.url, "--events", "reservation.created")
    assert created["secret"].startswith("whsec_") and created["events"] == ["reservation.created"]
    listed = run("list", alpha.slug)
    assert [e["id"] for e in listed] == [created["id"]] and listed[0]["secret"].startswith("whsec_...")
    assert created["secret"] not in json.dumps(listed)
    assert run("reveal-secret", created["id"])["secret"] == created["secret"]
    tested = run("test", created["id"])
    assert tested["succeeded"] and tested["status_code"] == 200
    rotated = run("rotate-secret", created["id"])
    assert rotated["secret"] != created["secret"] and rotated["previous_secret_expires_at"]
    publish(alpha.pk, "reservation.created", {"object": "reservation", "id": "resv_cmd"})
    assert run("sweep")["delivered"] == 1
    rows = run("deliveries", created["id"], "--status", "succeeded")
    assert [r["type"] for r in rows] == ["reservation.created", "webhook_endpoint.test"]
    row = rows[0]
    assert run("attempts", row["id"])["attempts"][0]["status_code"] == 200
    assert run("resend", row["id"])["manual"] is True
    assert run("disable", created["id"])["enabled"] is False
    assert run("enable", created["id"])["enabled"] is True
    assert run("delete", created["id"]) == {"deleted": created["id"]}
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("webhooks", "create", alpha.public_id, "http://example.com/x", stdout=StringIO())
