"""The back office's Content-Security-Policy (issue 33): every page under /admin/ and /staff/ carries it,
and no page holds what it would block: an inline script, an `on...` attribute, a `<style>` element or a
`javascript:` link (style attributes are allowed: the timeline places its bars with them). Every view
of the admin site is opened: each model's list, add and change pages, the host's pages and Django's
own. tests/e2e/test_backoffice_csp.py opens the pages in Chromium and finds no violation."""

import re

import pytest
from django.contrib import admin
from django.test import Client, RequestFactory
from django.urls import reverse

from apikeys.models import Membership
from backoffice.middleware import BACK_OFFICE_POLICY
from tests.factories import UserFactory
from tests.staff.night import service_night

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
STYLE_ELEMENT = re.compile(r"<style\b", re.I)
EVENT_ATTRIBUTE = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)
JAVASCRIPT_URL = re.compile(r"(href|src|action)\s*=\s*[\"']?\s*javascript:", re.I)


def blocked(html: str) -> list[str]:
    found = []
    for name, pattern in [
        ("inline script", INLINE_SCRIPT),
        ("<style> element", STYLE_ELEMENT),
        ("on... attribute", EVENT_ATTRIBUTE),
        ("javascript: URL", JAVASCRIPT_URL),
    ]:
        found += [f"{name}: {html[max(0, m.start() - 60) : m.end() + 60]!r}" for m in pattern.finditer(html)]
    return found


def assert_under_policy(response, url: str) -> None:
    assert response["Content-Security-Policy"] == BACK_OFFICE_POLICY, url
    if response["Content-Type"].startswith("text/html"):
        problems = blocked(response.content.decode())
        assert not problems, f"{url}:\n" + "\n".join(problems[:5])


@pytest.fixture
def night(db):
    return service_night(members=("owner",))


def admin_urls(user) -> list[str]:
    """Each registered model's list, add and change pages (the change page of its first row)."""
    request = RequestFactory().get("/admin/")
    request.user = user
    urls = []
    for model, model_admin in admin.site._registry.items():
        name = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        urls.append(reverse(f"{name}_changelist"))
        if model_admin.has_add_permission(request):
            urls.append(reverse(f"{name}_add"))
        first = model._default_manager.order_by("pk").first()
        if first is not None:
            urls.append(reverse(f"{name}_change", args=[first.pk]))
    return urls


def host_urls(night) -> list[str]:
    r = f"?r={night.restaurant.public_id}"
    booking = next(iter(night.bookings.values()))
    return [
        reverse("admin:index") + "?index=1",
        reverse("admin:timeline") + r,
        reverse("admin:day_sheet") + r,
        reverse("admin:day_sheet") + r + "&view=list",
        reverse("admin:booking_search") + r + "&q=Curie",
        reverse("admin:pending_queue") + r,
        reverse("admin:day_sheet_new") + r,
        reverse("admin:day_sheet_booking", args=[booking.public_id]),
        reverse("admin:day_sheet_edit", args=[booking.public_id]),
        reverse("admin:password_change"),
        reverse("admin:jsi18n"),
    ]


def test_every_back_office_view_renders_under_the_policy(night):
    root = UserFactory(username="root", superuser=True)
    client = Client()
    client.force_login(root)
    urls = host_urls(night) + admin_urls(root)
    assert len(urls) > 40
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 302), (url, response.status_code)
        assert_under_policy(response, url)
        if response.status_code == 302:  # a membership is added by invitation
            response = client.get(response["Location"])
            assert response.status_code == 200, url
            assert_under_policy(response, response.request["PATH_INFO"])
    # htmx's fragments too (the card, the panel) and a refused form.
    booking = next(iter(night.bookings.values()))
    fragment = client.get(reverse("admin:day_sheet_booking", args=[booking.public_id]), HTTP_HX_REQUEST="true")
    assert_under_policy(fragment, "card fragment")
    refused = client.post(reverse("admin:day_sheet_new") + f"?r={night.restaurant.public_id}", {"channel": "phone"})
    assert refused.status_code == 200
    assert_under_policy(refused, "refused form")


def test_the_pages_before_log_in_and_the_staff_pages_carry_it(night):
    anonymous = Client()
    for url, status in [
        ("/admin/login/", 200),
        ("/admin/login/?next=/admin/day/", 200),
        ("/admin/", 302),
        ("/admin/no-such-page/", 302),
        ("/staff/invitations/not-a-token", 404),
        ("/staff/password/done/", 200),
    ]:
        response = anonymous.get(url)
        assert response.status_code == status, url
        assert_under_policy(response, url)


def test_the_owner_sees_the_same_and_other_sites_keep_their_own(night, client):
    owner = Client()
    owner.force_login(Membership.objects.get(restaurant=night.restaurant).user)
    response = owner.get(reverse("admin:timeline") + f"?r={night.restaurant.public_id}")
    assert response.status_code == 200
    assert_under_policy(response, "the owner's timeline")
    assert "Content-Security-Policy" not in client.get("/v1/ping")  # the API answers JSON
    assert client.get("/docs/")["Content-Security-Policy"] != BACK_OFFICE_POLICY
