"""The docs in Chromium, as a partner uses them: the search box finds a guide and an error code with
JavaScript (results as you type, reached with the keyboard) and without (the server's page); the
samples' language tabs switch, by mouse and by arrow keys, and the choice is remembered on other
pages; the errors page shows code, not backticks."""

from urllib.parse import quote

import pytest

from config.docs import search


def url(server, path: str) -> str:
    return server.url + path


def live_links(page) -> list[str]:
    page.locator("#docs-search-live a").first.wait_for()
    return page.locator("#docs-search-live li a").evaluate_all("links => links.map(a => a.getAttribute('href'))")


def test_the_search_finds_a_guide_and_an_error_code_as_you_type(live_gunicorn, new_page):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(url(live_gunicorn, "/docs/"))
    # The keyboard reaches the box: skip link, brand, three links, then the box.
    for _ in range(6):
        page.keyboard.press("Tab")
    box = page.get_by_label("Search the docs")
    assert page.evaluate("document.activeElement.id") == "docs-search"
    page.keyboard.type("signature")
    assert "/docs/guides/quickstart#9-check-each-deliverys-signature" in live_links(page)
    assert page.get_by_role("status").inner_text().startswith(f"{len(search.search('signature'))} results")

    # Down arrow into the results, Escape back to the box with the list closed.
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.closest('#docs-search-live') !== null")
    page.keyboard.press("Escape")
    assert page.locator("#docs-search-live").is_hidden()
    assert page.evaluate("document.activeElement.id") == "docs-search"
    page.keyboard.press("ArrowDown")  # opens them again
    assert page.locator("#docs-search-live").is_visible()

    box.fill("hold_expired")
    assert live_links(page)[0] == "/docs/api/errors#hold_expired"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url("**/docs/api/errors#hold_expired")
    assert page.locator("#hold_expired").is_visible()


@pytest.mark.parametrize("query", ["hold", "Idempotency-Key", "webhook secret", "rate_limited", "paginate"])
def test_the_page_ranks_as_the_server_does(live_gunicorn, new_page, query):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(url(live_gunicorn, "/docs/"))
    page.get_by_label("Search the docs").fill(query)
    expected = [entry["url"] for entry in search.search(query)][:8]
    if not expected:
        page.locator("#docs-search-live").wait_for()
        assert page.locator("#docs-search-live li").count() == 0
    else:
        assert live_links(page) == expected


def test_enter_in_the_box_opens_the_full_results(live_gunicorn, new_page):
    page = new_page(viewport={"width": 390, "height": 900})
    page.goto(url(live_gunicorn, "/docs/guides/quickstart"))
    page.get_by_label("Search the docs").fill("Idempotency-Key")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/docs/search?q={quote('Idempotency-Key')}")
    assert page.locator("main .results li").count() == len(search.search("Idempotency-Key"))


def test_the_search_works_without_javascript(live_gunicorn, new_page):
    page = new_page(viewport={"width": 390, "height": 900}, java_script_enabled=False)
    page.goto(url(live_gunicorn, "/docs/api/errors"))
    page.get_by_label("Search the docs").fill("webhooks owner")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/docs/search?q=webhooks+owner")
    results = page.locator("main .results a")
    assert "/docs/guides/webhooks" in results.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert page.get_by_label("Search the docs").input_value() == "webhooks owner"

    page.get_by_label("Search the docs").fill("idempotency_key_reused")
    page.keyboard.press("Enter")
    page.wait_for_url("**/docs/search?q=idempotency_key_reused")
    page.locator("main .results a").first.click()
    page.wait_for_url("**/docs/api/errors#idempotency_key_reused")
    assert page.locator("#idempotency_key_reused").is_visible()


def selected(page) -> list[str]:
    return page.locator("[role=tab][aria-selected=true]").all_inner_texts()


def visible_panels(page) -> list[str]:
    return page.locator(".sample").evaluate_all(
        "panels => panels.filter(p => !p.hidden && p.offsetParent !== null).map(p => p.dataset.lang)"
    )


def test_the_language_tabs_switch_and_are_remembered(live_gunicorn, new_page):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(url(live_gunicorn, "/docs/guides/quickstart"))
    groups = page.locator(".samples").count()
    assert groups >= 9 and set(selected(page)) == {"curl"} and set(visible_panels(page)) == {"curl"}

    # A click switches every sample of the page, and the tab used stays where it was on screen.
    tab = page.locator(".samples").nth(3).get_by_role("tab", name="Python")
    tab.scroll_into_view_if_needed()
    before = tab.bounding_box()["y"]
    tab.click()
    assert selected(page) == ["Python"] * groups and visible_panels(page) == ["python"] * groups
    assert abs(tab.bounding_box()["y"] - before) <= 2

    # Remembered on another page, and after a reload.
    page.goto(url(live_gunicorn, "/docs/guides/idempotency"))
    assert set(selected(page)) == {"Python"} and set(visible_panels(page)) == {"python"}
    page.reload()
    assert set(visible_panels(page)) == {"python"}

    # Arrow keys move between tabs (one tab stop per group) and switch as they go.
    python = page.locator(".samples").first.get_by_role("tab", name="Python")
    python.focus()
    assert python.get_attribute("tabindex") == "0"
    assert page.locator(".samples").first.get_by_role("tab", name="curl").get_attribute("tabindex") == "-1"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.textContent") == "TypeScript"
    assert set(visible_panels(page)) == {"typescript"}
    page.keyboard.press("ArrowRight")  # wraps round
    assert set(visible_panels(page)) == {"curl"}
    page.keyboard.press("End")
    assert page.evaluate("localStorage.getItem('docs-sample-language')") == "typescript"

    panel = page.locator(".samples").first.locator("[role=tabpanel]:not([hidden])")
    tab_id = panel.get_attribute("aria-labelledby")
    assert page.locator(f"#{tab_id}").get_attribute("aria-controls") == panel.get_attribute("id")


def test_without_javascript_every_language_is_shown_stacked_and_labelled(live_gunicorn, new_page):
    page = new_page(viewport={"width": 390, "height": 900}, java_script_enabled=False)
    page.goto(url(live_gunicorn, "/docs/guides/quickstart"))
    first = page.locator(".samples").first
    assert first.locator(".sample-label").all_inner_texts() == ["curl", "Python", "TypeScript"]
    assert all(block.is_visible() for block in first.locator("pre").all())


def test_the_errors_page_shows_code_not_backticks(live_gunicorn, new_page):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(url(live_gunicorn, "/docs/api/errors#idempotency_key_invalid"))
    text = page.locator("main").inner_text()
    assert "`" not in text
    entry = page.locator("#idempotency_key_invalid + dd")
    assert entry.locator("code", has_text="Idempotency-Key").first.is_visible()
    assert page.locator("h2 code", has_text="booking_rules_violated").is_visible()
