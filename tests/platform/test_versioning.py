"""Service-Version: the key's pin applies, a header overrides it, an unknown one is refused."""

import pytest

from config import versions
from tests.platform.helpers import assert_error

OLDER = "2025-01-15"
CURRENT = "2026-06-27"


@pytest.fixture
def two_versions(monkeypatch):
    """Publish an older version beside the current one (there is one version today)."""
    monkeypatch.setattr(versions, "VERSIONS", (OLDER, CURRENT))


def test_applied_version_is_echoed(api):
    assert api.get("/v1/ping")["Service-Version"] == CURRENT
    assert api.get("/v1/configuration")["Service-Version"] == CURRENT


def test_header_sets_the_version(api):
    response = api.get("/v1/ping", HTTP_SERVICE_VERSION=CURRENT)
    assert response.status_code == 200
    assert response["Service-Version"] == CURRENT


@pytest.mark.parametrize("sent", ["1999-01-01", "2026-06-28", "latest", "2026-6-27", ""])
def test_unknown_version_is_bad_request(sent, api):
    response = api.get("/v1/ping", HTTP_SERVICE_VERSION=sent)
    assert_error(response, 400, "bad_request", param="Service-Version")
    assert response["Service-Version"] == CURRENT


def test_unknown_version_is_refused_on_writes_too(api):
    response = api.post("/v1/ping", {}, format="json", HTTP_SERVICE_VERSION="1999-01-01")
    assert_error(response, 400, "bad_request", param="Service-Version")


def test_pinned_version_applies_without_header(two_versions, restaurant, make_client):
    client = make_client(restaurant, api_version=OLDER)
    assert client.get("/v1/ping")["Service-Version"] == OLDER
    assert client.get("/v1/configuration")["Service-Version"] == OLDER


def test_header_overrides_the_pin_for_that_request_only(two_versions, restaurant, make_client):
    client = make_client(restaurant, api_version=OLDER)
    assert client.get("/v1/ping", HTTP_SERVICE_VERSION=CURRENT)["Service-Version"] == CURRENT
    assert client.get("/v1/ping")["Service-Version"] == OLDER
    newer = make_client(restaurant, api_version=CURRENT)
    assert newer.get("/v1/ping", HTTP_SERVICE_VERSION=OLDER)["Service-Version"] == OLDER


def test_pin_to_a_version_no_longer_published_falls_back_to_the_latest(restaurant, make_client):
    client = make_client(restaurant, api_version="2024-01-01")
    response = client.get("/v1/ping")
    assert response.status_code == 200
    assert response["Service-Version"] == CURRENT


def test_version_is_checked_after_authentication(anon, db):
    assert_error(anon.get("/v1/ping", HTTP_SERVICE_VERSION="1999-01-01"), 401, "auth_header_missing")


def test_responses_before_a_key_is_known_echo_the_version_sent(two_versions, anon, db):
    assert anon.get("/v1/ping", HTTP_SERVICE_VERSION=OLDER)["Service-Version"] == OLDER
    assert anon.get("/v1/missing", HTTP_SERVICE_VERSION=OLDER)["Service-Version"] == OLDER
    assert anon.get("/v1/missing", HTTP_SERVICE_VERSION="1999-01-01")["Service-Version"] == CURRENT
    assert anon.get("/v1/missing")["Service-Version"] == CURRENT
