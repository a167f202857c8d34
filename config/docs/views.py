"""Pages of /docs/ (no key needed; nothing loaded from another host)."""

import functools
from pathlib import Path

import markdown
from django.conf import settings
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.cache import cache_control
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularRedocView

from config.error_codes import CODES, GROUPS

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
PUBLIC = cache_control(public=True, max_age=300)
# The docs pages load nothing from another host (Redoc's bundle would fetch its own logo from a CDN).
SELF_ONLY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'"
)


def self_only(view):
    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response["Content-Security-Policy"] = SELF_ONLY
        return response

    return wrapped


def links(request) -> dict:
    base = settings.BASE_URL
    return {
        "docs": f"{base}{reverse('docs-index')}",
        "reference": f"{base}{reverse('docs-reference')}",
        "errors": f"{base}{reverse('docs-errors')}",
        "openapi": f"{base}/v1/openapi.json",
        "guides": {slug: f"{base}{reverse('docs-guide', args=[slug])}" for slug in GUIDES},
    }


def api_root(request):
    """GET /v1: where to start (no key needed)."""
    return JsonResponse({"object": "api_index", "version_header": "Service-Version", **links(request)})


@self_only
@PUBLIC
def index(request):
    return render(request, "docs/index.html", {"guides": GUIDES, "title": "Partner documentation"})


@self_only
@PUBLIC
def errors(request):
    groups = [
        (title, sorted((entry for entry in CODES.values() if entry.group == group), key=lambda entry: entry.code))
        for group, title in GROUPS.items()
    ]
    return render(request, "docs/errors.html", {"groups": groups, "title": "Error codes"})


@functools.cache
def _guide_html(slug: str) -> str:
    text = (GUIDES_DIR / f"{slug}.md").read_text(encoding="utf-8")
    return markdown.markdown(text, extensions=["fenced_code", "tables", "toc"])


@self_only
@PUBLIC
def guide(request, slug: str):
    if slug not in GUIDES:
        raise Http404("No such guide.")
    html = _guide_html(slug).replace("{{BASE_URL}}", settings.BASE_URL)
    return render(request, "docs/guide.html", {"title": GUIDES[slug], "body": mark_safe(html), "guides": GUIDES})


class ReferenceView(SpectacularRedocView):
    """Redoc from drf-spectacular-sidecar's local copy, reading /v1/openapi.json."""

    url = "/v1/openapi.json"
    template_name = "docs/reference.html"
    authentication_classes = []
    permission_classes = []

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        response["Content-Security-Policy"] = SELF_ONLY
        return response
