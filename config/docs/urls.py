"""The partner documentation the service serves under /docs/: an index, the API reference
(Redoc on the OpenAPI document, every asset served locally), the error reference rendered
from config.error_codes, the guides rendered from docs/guides/*.md, and a search over both."""

from django.urls import path

from config.docs import views

urlpatterns = [
    path("", views.index, name="docs-index"),
    path("api/reference", views.ReferenceView.as_view(), name="docs-reference"),
    path("api/errors", views.errors, name="docs-errors"),
    path("guides/<slug:slug>", views.guide, name="docs-guide"),
    path("search", views.search, name="docs-search"),
    path("search-index.json", views.search_index, name="docs-search-index"),
    path("assets/docs.js", views.script, name="docs-script"),
]
