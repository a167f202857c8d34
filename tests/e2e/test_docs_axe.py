"""axe-core on every docs page, in headless Chromium at 1280 and 390 px: no serious or critical
violation on the index, each guide (samples as tabs; stacked without JavaScript), the errors page,
the search's pages (results, none, no query, and the results listed as you type) and the API
reference. Nothing is cut off sideways on the phone either."""

import pytest

from config.docs.render import GUIDES
from tests.e2e.axe import assert_no_serious_violations, describe, violations

WIDTHS = [1280, 390]
PAGES = [
    "/docs/",
    *(f"/docs/guides/{slug}" for slug in GUIDES),
    "/docs/api/errors",
    "/docs/search?q=hold",
    "/docs/search?q=zzzzqqq",
    "/docs/search",
]
# What Redoc itself causes on the reference page, rule id -> why it is accepted. Empty: axe-core
# 4.14 finds no serious or critical violation in the page Redoc builds (drf-spectacular-sidecar's
# bundle). A Redoc upgrade that brings one fails the test below: fix it in our template if we can
# (reference.html), else list it here with the reason (Redoc's own markup, reported upstream).
REDOC_ACCEPTED: dict[str, str] = {}


def fits_sideways(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("width", WIDTHS)
def test_every_docs_page_has_no_serious_violation(live_gunicorn, new_page, width):
    page = new_page(viewport={"width": width, "height": 900})
    for path in PAGES:
        page.goto(live_gunicorn.url + path)
        assert_no_serious_violations(page, f"{path} at {width} px")
        assert fits_sideways(page), f"{path} scrolls sideways at {width} px"
    page.goto(live_gunicorn.url + "/docs/guides/quickstart")
    assert page.locator("[role=tablist]").count() >= 9  # the samples are tabs here


@pytest.mark.parametrize("width", WIDTHS)
def test_the_pages_without_their_script_have_no_serious_violation(live_gunicorn, new_page, width):
    """As without JavaScript (stacked samples, the search box submitting to the server), which these
    pages are when their one script does not load; axe itself needs scripts to run."""
    page = new_page(viewport={"width": width, "height": 900})
    page.route("**/docs/assets/docs.js", lambda route: route.abort())
    for path in ["/docs/guides/quickstart", "/docs/guides/webhooks", "/docs/search?q=signature"]:
        page.goto(live_gunicorn.url + path)
        assert_no_serious_violations(page, f"{path} without its script at {width} px")
        assert fits_sideways(page), f"{path} scrolls sideways at {width} px"
    page.goto(live_gunicorn.url + "/docs/guides/quickstart")
    assert page.locator("[role=tablist]").count() == 0 and page.locator(".sample-label").first.is_visible()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_results_listed_as_you_type_have_no_serious_violation(live_gunicorn, new_page, width):
    page = new_page(viewport={"width": width, "height": 900})
    page.goto(live_gunicorn.url + "/docs/guides/webhooks")
    page.get_by_label("Search the docs").fill("idempotency")
    page.locator("#docs-search-live a").first.wait_for()
    assert_no_serious_violations(page, f"the search's live results at {width} px")
    page.keyboard.press("ArrowDown")
    assert_no_serious_violations(page, f"the search's live results, a result focused, at {width} px")
    assert fits_sideways(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_reference_has_no_serious_violation_but_what_redoc_causes(live_gunicorn, new_page, width):
    page = new_page(viewport={"width": width, "height": 900})
    page.goto(live_gunicorn.url + "/docs/api/reference")
    page.locator("h2", has_text="Create a reservation").first.wait_for(timeout=30_000)
    found = [violation for violation in violations(page) if violation["id"] not in REDOC_ACCEPTED]
    assert not found, f"axe-core on the reference at {width} px:\n{describe(found)}"
