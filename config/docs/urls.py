from django.urls import path

from config.docs import views

urlpatterns = [
    path("", views.index, name="docs-index"),
    path("api/reference", views.ReferenceView.as_view(), name="docs-reference"),
    path("api/errors", views.errors, name="docs-errors"),
    path("guides/<slug:slug>", views.guide, name="docs-guide"),
]
