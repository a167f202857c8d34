"""Search over the docs: one small index of the guides' sections (each heading with the text under it)
and the error codes, built once per process from the sources the pages are rendered from.

The index is served as JSON to the page's script (docs.js searches it as you type) and searched here
by the search page, which is what the box submits to without JavaScript. docs.js ranks the same way
as `search` below: change one, change the other (tests/e2e/test_docs_browser.py runs both).
"""

import functools
import html
import re
from html.parser import HTMLParser

from django.urls import reverse
from django.utils.html import strip_tags

from config.docs import render
from config.error_codes import CODES

HEADINGS = {"h1", "h2", "h3"}
SNIPPET = 180


class _Sections(HTMLParser):
    """Splits a rendered guide at its headings: [(title, anchor, text)], code blocks left out."""

    def __init__(self):
        super().__init__()
        self.sections: list[list] = []
        self._heading = None
        self._in_pre = 0

    def handle_starttag(self, tag, attrs):
        if tag in HEADINGS:
            self._heading = tag
            self.sections.append(["", dict(attrs).get("id", "") if tag != "h1" else "", ""])
        elif tag == "pre":
            self._in_pre += 1

    def handle_endtag(self, tag):
        if tag == self._heading:
            self._heading = None
        elif tag == "pre":
            self._in_pre -= 1

    def handle_data(self, data):
        if not self.sections or self._in_pre:
            return
        self.sections[-1][0 if self._heading else 2] += data


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def plain(markdown_text: str) -> str:
    return _squash(html.unescape(strip_tags(render.inline(markdown_text))))


def guide_entries(slug: str, page: str) -> list[dict]:
    parser = _Sections()
    parser.feed(render.guide_html(slug))
    url = reverse("docs-guide", args=[slug])
    return [
        {
            "title": _squash(title) or page,
            "page": page,
            "url": f"{url}#{anchor}" if anchor else url,
            "text": _squash(text),
        }
        for title, anchor, text in parser.sections
    ]


def error_entries() -> list[dict]:
    url = reverse("docs-errors")
    return [
        {
            "title": entry.code,
            "page": "Error codes",
            "url": f"{url}#{entry.code}",
            "text": f"{entry.status} {entry.type}. When: {plain(entry.when)} What to do: {plain(entry.action)}",
        }
        for entry in sorted(CODES.values(), key=lambda entry: entry.code)
    ]


@functools.cache
def index() -> list[dict]:
    """Every searchable entry: {title, page, url, text}, the guides in reading order, then the errors."""
    entries = [entry for slug, page in render.GUIDES.items() for entry in guide_entries(slug, page)]
    return entries + error_entries()


def search(query: str, limit: int = 50) -> list[dict]:
    """The entries holding every word of the query (anywhere in title, page or text), best first:
    a word in the title counts ten, elsewhere one; the whole query as the title (an error code) 20 more."""
    terms = query.lower().split()
    if not terms:
        return []
    found = []
    for position, entry in enumerate(index()):
        title = entry["title"].lower()
        haystack = f"{title} {entry['page'].lower()} {entry['text'].lower()}"
        if all(term in haystack for term in terms):
            score = sum(10 if term in title else 1 for term in terms) + (20 if " ".join(terms) == title else 0)
            found.append((-score, position, entry))
    found.sort(key=lambda item: item[:2])
    return [{**entry, "snippet": snippet(entry["text"], terms)} for _, _, entry in found[:limit]]


def snippet(text: str, terms: list[str]) -> str:
    """About SNIPPET characters of the text around the first word of the query it holds."""
    lowered = text.lower()
    hits = [lowered.find(term) for term in terms if term in lowered]
    start = max(0, min(hits, default=0) - SNIPPET // 3)
    if start:
        start = text.find(" ", start) + 1 or start
    end = start + SNIPPET
    if end < len(text):
        end = text.rfind(" ", start, end) if " " in text[start:end] else end
    return ("… " if start else "") + text[start:end] + (" …" if end < len(text) else "")
