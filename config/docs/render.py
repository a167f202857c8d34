"""Markdown to HTML for the docs pages: the guides (docs/guides/*.md) and the error table's texts.

A guide's code samples in several languages are consecutive fenced blocks tagged `curl`, `python`
and `typescript`; each run of two or more becomes one group of labelled samples (all shown, stacked:
that is the page without JavaScript), which docs.js turns into tabs.
"""

import functools
import re
from pathlib import Path

import markdown
from django.conf import settings
from django.utils.html import escape

GUIDES_DIR = Path(settings.BASE_DIR) / "docs" / "guides"
# The guides, in reading order: slug -> title (the file is docs/guides/<slug>.md).
GUIDES = {
    "quickstart": "Quickstart: from a key to a booking",
    "idempotency": "Idempotency and safe retries",
    "rate-limits": "Rate limits and backing off",
    "versioning": "Versioning and changelog",
    "webhooks": "Webhooks: receiving and verifying events",
    "python-client": "The Python client: typed, retrying, paginating",
}
# The languages of the samples, in tab order: fence tag -> label.
SAMPLE_LANGUAGES = {"curl": "curl", "python": "Python", "typescript": "TypeScript"}
_TAGS = "|".join(SAMPLE_LANGUAGES)
# Our own renderer's output, so a pattern is enough: code is escaped, "</code></pre>" ends a block.
_BLOCK = re.compile(r'<pre><code class="language-(?P<lang>[\w-]+)">(?P<code>.*?)</code></pre>', re.S)
_SAMPLE_RUN = re.compile(rf'(?:<pre><code class="language-(?:{_TAGS})">.*?</code></pre>\s*){{2,}}', re.S)
_PARAGRAPH = re.compile(r"^<p>(.*)</p>$", re.S)


def guide_markdown(slug: str) -> str:
    return (GUIDES_DIR / f"{slug}.md").read_text(encoding="utf-8")


@functools.cache
def guide_html(slug: str) -> str:
    """The guide's HTML: headings with ids (the toc extension), samples grouped, every code block
    reachable with the keyboard (a long line scrolls sideways inside it)."""
    html = markdown.markdown(guide_markdown(slug), extensions=["fenced_code", "tables", "toc"])
    html = _SAMPLE_RUN.sub(_samples, html)
    html = html.replace("<pre><code", '<pre tabindex="0"><code')
    # A wide table scrolls inside its own box, which the keyboard must reach too.
    return html.replace("<table>", '<div class="table-scroll" tabindex="0"><table>').replace(
        "</table>", "</table></div>"
    )


def _samples(run: re.Match) -> str:
    panels = []
    for block in _BLOCK.finditer(run.group(0)):
        lang = block["lang"]
        panels.append(
            f'<div class="sample" data-lang="{lang}"><p class="sample-label">{escape(SAMPLE_LANGUAGES[lang])}</p>'
            f'<pre><code class="language-{lang}">{block["code"]}</code></pre></div>'
        )
    return f'<div class="samples">{"".join(panels)}</div>\n'


@functools.cache
def inline(text: str) -> str:
    """One line of Markdown (code, emphasis, links) as HTML without its paragraph."""
    html = markdown.markdown(text)
    found = _PARAGRAPH.match(html)
    return found.group(1) if found else html
