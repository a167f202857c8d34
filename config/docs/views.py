"""Pages of /docs/ (no key needed; nothing loaded from another host)."""

import functools
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.cache import cache_control
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularRedocView

from config.docs import render as docs_render
from config.docs import search as docs_search
from config.docs.render import GUIDES
from config.error_codes import CODES, GROUPS

SCRIPT = Path(__file__).resolve().parent / "assets" / "docs.js"
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
    groups = []
    for group, title in GROUPS.items():
        entries = sorted((entry for entry in CODES.values() if entry.group == group), key=lambda entry: entry.code)
        rendered = [
            {
                "entry": entry,
                "when": mark_safe(docs_render.inline(entry.when)),
                "action": mark_safe(docs_render.inline(entry.action)),
            }
            for entry in entries
        ]
        groups.append((mark_safe(docs_render.inline(title)), rendered))
    return render(request, "docs/errors.html", {"groups": groups, "title": "Error codes"})


@self_only
@PUBLIC
def guide(request, slug: str):
    if slug not in GUIDES:
        raise Http404("No such guide.")
    html = docs_render.guide_html(slug).replace("{{BASE_URL}}", settings.BASE_URL)
    return render(request, "docs/guide.html", {"title": GUIDES[slug], "body": mark_safe(html), "guides": GUIDES})


@self_only
@PUBLIC
def search(request):
    """The search box's answer without JavaScript (docs.js searches the same index in the page)."""
    query = request.GET.get("q", "").strip()[:200]
    results = docs_search.search(query) if query else []
    title = f"Search: {query}" if query else "Search"
    return render(request, "docs/search.html", {"title": title, "query": query, "results": results})


@PUBLIC
def search_index(request):
    return JsonResponse(docs_search.index(), safe=False)


@functools.cache
def _script() -> bytes:
    return SCRIPT.read_bytes()


@PUBLIC
def script(request):
    """The docs pages' one script (language tabs, search as you type), from this service."""
    return HttpResponse(_script(), content_type="text/javascript; charset=utf-8")


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
