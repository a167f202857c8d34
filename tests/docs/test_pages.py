"""The documentation pages: served without a key, linked from /v1, nothing from another host."""

import re

import pytest
from django.test import Client

from config.docs.views import GUIDES

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/v1", "/v1/"])
def test_the_api_root_is_a_json_index_of_the_docs(path, settings):
    response = Client().get(path)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Service-Version"] and response["X-Request-Id"]
    index = response.json()
    assert index["object"] == "api_index"
    assert index["docs"] == f"{settings.BASE_URL}/docs/"
    assert index["reference"] == f"{settings.BASE_URL}/docs/api/reference"
    assert index["errors"] == f"{settings.BASE_URL}/docs/api/errors"
    assert index["openapi"] == f"{settings.BASE_URL}/v1/openapi.json"
    assert set(index["guides"]) == set(GUIDES)


def test_the_index_links_every_page():
    body = Client().get("/docs/").content.decode()
    for path in ["/docs/api/reference", "/docs/api/errors", *(f"/docs/guides/{slug}" for slug in GUIDES)]:
        assert f'href="{path}"' in body


@pytest.mark.parametrize("slug", list(GUIDES))
def test_every_guide_renders(slug, settings):
    response = Client().get(f"/docs/guides/{slug}")
    assert response.status_code == 200
    body = response.content.decode()
    assert "<h1" in body and GUIDES[slug].split(":")[0] in body
    assert "{{BASE_URL}}" not in body


def test_an_unknown_guide_is_404():
    assert Client().get("/docs/guides/nope").status_code == 404


def test_the_reference_loads_redoc_from_this_service_only():
    response = Client().get("/docs/api/reference")
    assert response.status_code == 200
    body = response.content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', body)
    assert sources and all(source.startswith("/") for source in sources), sources
    assert "/static/drf_spectacular_sidecar/redoc/" in body and '"/v1/openapi.json"' in body


def test_every_page_is_self_contained_html():
    for path in ["/docs/", "/docs/api/errors", *(f"/docs/guides/{slug}" for slug in GUIDES)]:
        body = Client().get(path).content.decode()
        assert not re.search(r'(?:src|href)="https?://(?!127\.0\.0\.1|localhost)[^"]*\.(?:js|css)', body), path


def test_the_errors_page_renders_the_tables_markdown():
    body = Client().get("/docs/api/errors").content.decode()
    assert "`" not in body
    assert "<code>Idempotency-Key</code>" in body
    assert (
        "<h2>Booking-rule violations (inside <code>violations</code> of <code>booking_rules_violated</code>)</h2>"
        in body
    )


@pytest.mark.parametrize("slug", [slug for slug in GUIDES if slug != "python-client"])
def test_every_sample_of_a_guide_is_in_curl_python_and_typescript(slug):
    """Each run of samples becomes one group of labelled blocks, stacked (docs.js makes them tabs)."""
    body = Client().get(f"/docs/guides/{slug}").content.decode()
    groups = re.findall(r'<div class="samples">(.*?)</div>\n', body, flags=re.S)
    assert groups, slug
    for group in groups:
        assert re.findall(r'data-lang="(\w+)"', group) == ["curl", "python", "typescript"], group[:300]
        labels = re.findall(r'<p class="sample-label">(.*?)</p>', group)
        assert labels == ["curl", "Python", "TypeScript"]
    # Every code block, in a group or not, can be reached with the keyboard to scroll it.
    assert body.count("<pre ") == body.count('<pre tabindex="0">') and "<pre>" not in body


def test_the_quickstart_starts_from_a_key_and_ends_with_a_checked_signature():
    body = Client().get("/docs/guides/quickstart").content.decode()
    headings = re.findall(r"<h2[^>]*>(.*?)</h2>", body)
    assert [heading.split(". ", 1)[0] for heading in headings] == [str(n) for n in range(1, 10)]
    for words in ("Check the key", "policy", "free time", "Hold", "Book it", "webhooks", "signature"):
        assert any(words in heading for heading in headings), words
    assert "make run" not in body
    assert "owner" in body and "whsec_" in body and "Reveal the signing secret" in body


def test_the_docs_script_is_served_by_the_service():
    response = Client().get("/docs/assets/docs.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert b"localStorage" in response.content
    assert '<script src="/docs/assets/docs.js" defer></script>' in Client().get("/docs/").content.decode()
