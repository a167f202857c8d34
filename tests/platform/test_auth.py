"""Bearer keys: who may call, and that a key only ever sees its own restaurant."""

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import FloorPlanFactory, RestaurantFactory, SectionFactory, make_key
from tests.platform.helpers import assert_error

ENDPOINTS = ["/v1/ping", "/v1/configuration", "/v1/sections"]


def client_with(header: str | None) -> APIClient:
    client = APIClient()
    if header is not None:
        client.credentials(HTTP_AUTHORIZATION=header)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("path", ENDPOINTS)
def test_missing_header_is_auth_header_missing(path):
    response = client_with(None).get(path)
    assert_error(response, 401, "auth_header_missing")
    assert response["WWW-Authenticate"] == "Bearer"
    assert response["Service-Version"] == "2026-06-27"
    assert response["X-Request-Id"]


@pytest.mark.django_db
@pytest.mark.parametrize("header", ["Basic dXNlcjpwYXNz", "Token sk_live_abc", "sk_live_abc", ""])
def test_other_schemes_are_auth_header_missing(header, restaurant):
    response = client_with(header).get("/v1/ping")
    assert_error(response, 401, "auth_header_missing")


@pytest.mark.parametrize(
    "token",
    ["not-a-key", "sk_live_", "sk_live_" + "x" * 32, "sk_test_abcdef", "sk_live_ünïcode", "a" * 5000],
)
def test_malformed_or_unknown_key_is_invalid_token(token, restaurant):
    response = client_with(f"Bearer {token}").get("/v1/ping")
    assert_error(response, 401, "invalid_token")
    assert response["WWW-Authenticate"] == "Bearer"


def test_bearer_without_a_token_is_invalid_token(restaurant):
    assert_error(client_with("Bearer ").get("/v1/ping"), 401, "invalid_token")


def test_scheme_is_case_insensitive(restaurant):
    _, secret = make_key(restaurant)
    assert client_with(f"bearer {secret}").get("/v1/ping").status_code == 200
    assert client_with(f"BEARER  {secret}").get("/v1/ping").status_code == 200


def test_revoked_key_is_invalid_token_every_time(restaurant):
    key, secret = make_key(restaurant)
    client = client_with(f"Bearer {secret}")
    assert client.get("/v1/ping").status_code == 200
    key.revoked_at = timezone.now()
    key.save(update_fields=["revoked_at"])
    for _ in range(2):
        assert_error(client.get("/v1/ping"), 401, "invalid_token")


def test_key_of_another_secret_with_the_same_last4_is_unknown(restaurant):
    _, secret = make_key(restaurant)
    forged = "sk_live_" + "A" * (len(secret) - len("sk_live_") - 4) + secret[-4:]
    assert_error(client_with(f"Bearer {forged}").get("/v1/ping"), 401, "invalid_token")


@pytest.mark.parametrize("path", ENDPOINTS)
def test_plan_without_api_access_is_plan_required(path, restaurant, make_client):
    client = make_client(restaurant)
    restaurant.api_access = False
    restaurant.save(update_fields=["api_access"])
    response = client.get(path)
    assert_error(response, 403, "plan_required")
    assert response["Service-Version"] == "2026-06-27"


def test_plan_required_comes_after_authentication(restaurant):
    restaurant.api_access = False
    restaurant.save(update_fields=["api_access"])
    assert_error(client_with("Bearer sk_live_unknown").get("/v1/ping"), 401, "invalid_token")
    assert_error(client_with(None).get("/v1/ping"), 401, "auth_header_missing")


def test_plan_required_comes_before_scope(restaurant, make_client):
    client = make_client(restaurant, scopes=["guests:read"])
    restaurant.api_access = False
    restaurant.save(update_fields=["api_access"])
    assert_error(client.get("/v1/configuration"), 403, "plan_required")


def test_a_key_sees_only_its_own_restaurant(make_client, db):
    a = RestaurantFactory(name="Chez A")
    b = RestaurantFactory(name="Chez B")
    a_section = SectionFactory(floor_plan=FloorPlanFactory(restaurant=a), name="A room")
    b_section = SectionFactory(floor_plan=FloorPlanFactory(restaurant=b), name="B room")
    client_a, client_b = make_client(a), make_client(b)

    config_a = client_a.get("/v1/configuration").json()
    config_b = client_b.get("/v1/configuration").json()
    assert config_a["restaurant"] == {"object": "restaurant", "id": a.public_id, "name": "Chez A"}
    assert config_b["restaurant"] == {"object": "restaurant", "id": b.public_id, "name": "Chez B"}
    assert b.public_id not in str(config_a) and b.slug not in str(config_a)

    sections_a = client_a.get("/v1/sections").json()["data"]
    sections_b = client_b.get("/v1/sections").json()["data"]
    assert [row["id"] for row in sections_a] == [a_section.public_id]
    assert [row["id"] for row in sections_b] == [b_section.public_id]


def test_ping_carries_no_restaurant_data(restaurant, make_client):
    response = make_client(restaurant, scopes=["guests:read"]).get("/v1/ping")
    assert response.status_code == 200
    assert response.json() == {"object": "ping", "ok": True}
