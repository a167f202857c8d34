import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from apikeys.models import SCOPES, ApiKey, Membership
from reservations.models import Restaurant, Section, Shift, Table

from .helpers import run_command

pytestmark = pytest.mark.django_db


def ping(secret: str) -> int:
    return APIClient().get("/v1/ping", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code


def secret_of(stdout: str) -> str:
    secrets = set(re.findall(r"sk_live_[A-Za-z0-9]+", stdout))
    assert len(secrets) == 1, stdout
    return secrets.pop()


def test_demo_twice():
    first = run_command("demo")
    assert first.code == 0, first.stderr
    restaurant = Restaurant.objects.get(slug="le-petit-demo")
    assert "Le Petit Demo" in first.stdout and "created" in first.stdout
    assert f"{settings.BASE_URL}/admin/" in first.stdout
    assert "owner@le-petit-demo" in first.stdout and "demo-password" in first.stdout
    first_secret = secret_of(first.stdout)
    assert f'curl -H "Authorization: Bearer {first_secret}" {settings.BASE_URL}/v1/ping' in first.stdout
    assert ping(first_secret) == 200

    owner = get_user_model().objects.get(username="owner@le-petit-demo")
    owner.set_password("changed")
    owner.save()

    second = run_command("demo")
    assert second.code == 0, second.stderr
    assert "already there, kept" in second.stdout
    second_secret = secret_of(second.stdout)
    assert second_secret != first_secret
    assert ping(second_secret) == 200
    assert ping(first_secret) == 401
    assert Restaurant.objects.filter(slug="le-petit-demo").count() == 1
    live = ApiKey.objects.get(restaurant=restaurant, name="Demo key", revoked_at__isnull=True)
    assert live.scopes == list(SCOPES)
    assert ApiKey.objects.filter(restaurant=restaurant).count() == 2
    owner.refresh_from_db()
    assert owner.check_password("demo-password") and owner.is_staff
    assert Membership.objects.get(user=owner, restaurant=restaurant).role == "owner"


def test_demo_restaurant_content():
    assert run_command("demo").code == 0
    restaurant = Restaurant.objects.get(slug="le-petit-demo")
    assert (restaurant.timezone, restaurant.country, restaurant.currency) == (
        "Europe/Paris",
        "FR",
        "EUR",
    )
    assert restaurant.guest_languages == ["fr", "en"]
    assert [s.area_type for s in Section.objects.filter(restaurant=restaurant)] == [
        "indoor",
        "terrace",
        "bar",
    ]
    assert Table.objects.filter(restaurant=restaurant).count() == 14
    dinner = Shift.objects.get(restaurant=restaurant, start_time="19:00")
    assert (dinner.slot_interval_minutes, dinner.seating_minutes) == (15, 120)
    assert dinner.seating_minutes_by_party_size == {"6": 150}
    assert (dinner.guarantee_per_guest_amount, dinner.guarantee_from_party_size) == (2000, 6)
    assert dinner.guarantee_cancel_hours == 24
    assert restaurant.closures.count() == restaurant.day_notes.count() == restaurant.blocks.count() == 1
    assert not ApiKey.objects.filter(restaurant=restaurant).exclude(name="Demo key").exists()
