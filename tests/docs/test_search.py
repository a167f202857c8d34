"""The docs' search: the index of the guides' sections and the error codes, the server-side search
the box submits to without JavaScript, and the page of results."""

import pytest
from django.test import Client

from config.docs import search
from config.docs.render import GUIDES
from config.error_codes import CODES

pytestmark = pytest.mark.django_db


def test_the_index_holds_every_guide_section_and_every_error_code():
    index = search.index()
    urls = {entry["url"] for entry in index}
    for slug in GUIDES:
        assert f"/docs/guides/{slug}" in urls
    assert "/docs/guides/quickstart#4-hold-the-time-while-the-guest-decides" in urls
    for code in CODES:
        assert f"/docs/api/errors#{code}" in urls
    assert all(entry["title"] and entry["page"] for entry in index)
    # Text is plain: no Markdown, no HTML, no code blocks.
    quickstart = next(entry for entry in index if entry["url"] == "/docs/guides/quickstart#1-check-the-key")
    assert "401" in quickstart["text"] and "curl -sS" not in quickstart["text"] and "<" not in quickstart["text"]
    assert all("`" not in entry["text"] for entry in index)


def test_the_index_is_served_as_json():
    response = Client().get("/docs/search-index.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response.json() == search.index()


def test_an_error_code_comes_first_for_its_own_name():
    results = search.search("hold_expired")
    assert results[0]["url"] == "/docs/api/errors#hold_expired"
    entry = CODES["hold_expired"]
    assert results[0]["page"] == "Error codes"
    assert results[0]["snippet"].startswith(f"{entry.status} {entry.type}. When: ")


def test_every_word_must_match_and_titles_count_more():
    results = search.search("webhook signature")
    assert results and all(
        "webhook" in f"{r['title']} {r['page']} {r['text']}".lower()
        and "signature" in f"{r['title']} {r['page']} {r['text']}".lower()
        for r in results
    )
    assert "signature" in results[0]["title"].lower()
    assert search.search("idempotency nonsenseword") == []
    assert search.search("   ") == []


def test_a_snippet_shows_the_text_around_the_word():
    text = "word " * 100 + "needle " + "word " * 100
    snippet = search.snippet(text, ["needle"])
    assert "needle" in snippet and snippet.startswith("… ") and snippet.endswith(" …")
    assert len(snippet) <= search.SNIPPET + 4


def test_the_search_page_lists_results_without_javascript():
    body = Client().get("/docs/search", {"q": "Idempotency-Key"}).content.decode()
    assert "result" in body and 'href="/docs/guides/idempotency' in body and 'href="/docs/api/errors#' in body
    assert 'value="Idempotency-Key"' in body  # the box keeps the query


def test_the_search_page_without_results_or_query():
    assert "0 results" in Client().get("/docs/search", {"q": "zzzzqqq"}).content.decode()
    body = Client().get("/docs/search").content.decode()
    assert "Type a word" in body


def test_every_docs_page_has_the_labelled_search_box():
    for path in ["/docs/", "/docs/api/errors", "/docs/search", *(f"/docs/guides/{slug}" for slug in GUIDES)]:
        body = Client().get(path).content.decode()
        assert '<form class="search" role="search" action="/docs/search" method="get"' in body, path
        assert '<label for="docs-search">Search the docs</label>' in body and 'id="docs-search"' in body, path
