from django.conf import settings
from django.contrib import admin
from django.shortcuts import render
from django.urls import Resolver404, include, path, resolve
from django.views import defaults
from django.views.generic import RedirectView

from config.api.middleware import api_handler400, api_handler403, api_handler404, api_handler500, is_api_path
from config.api.openapi import SchemaView
from config.docs.views import api_root

# The apps' routers, named by path: the platform imports no app.
api_patterns = [
    path("", api_root, name="api-root"),
    path("", include("apikeys.api.urls")),
    path("", include("reservations.api.urls")),
    path("", include("holds.api.urls")),
    path("", include("waitlist.api.urls")),
    path("", include("guests.api.urls")),
    path("openapi.json", SchemaView.as_view(), name="openapi"),
]

urlpatterns = [
    path("v1", api_root),
    path("v1/", include(api_patterns)),
    path("admin/", admin.site.urls),
    path("staff/", include("apikeys.urls")),
    path("docs/", include("config.docs.urls")),
    path("payments/", include("reservations.payments.urls")),  # provider webhooks (signed by the provider)
    path("book/", include("guestpages.urls")),  # the guest's pages (booking page, each booking's own page)
    # Browsers ask every site for its icon at this address (guestpages/static/site/).
    path(
        "favicon.ico", RedirectView.as_view(url=f"/{settings.STATIC_URL.strip('/')}/site/favicon.ico", permanent=True)
    ),
    path("", include("config.site_urls")),
]


def handler400(request, exception=None):
    if is_api_path(request.path_info):
        return api_handler400(request, exception)
    return defaults.bad_request(request, exception)


BACK_OFFICE_ROLES = (
    "Owners and co-owners manage API keys, webhooks and staff; managers and owners edit the booking "
    "policy; hosts run the day sheet."
)


def handler403(request, exception=None):
    if is_api_path(request.path_info):
        return api_handler403(request, exception)
    if request.path_info.startswith("/admin/"):
        # The admin's look, saying who may open the page (its model admin knows: who_may_open,
        # apikeys/scoped_admin.py), not a bare "403 Forbidden".
        try:
            model_admin = getattr(resolve(request.path_info).func, "model_admin", None)
        except Resolver404:
            model_admin = None
        explain = getattr(model_admin, "who_may_open", None)
        context = {
            **admin.site.each_context(request),
            "title": "This page is not open to your role",
            "who_may_open": explain(request) if explain else BACK_OFFICE_ROLES,
        }
        return render(request, "admin/403.html", context, status=403)
    return defaults.permission_denied(request, exception)


def handler404(request, exception=None):
    if is_api_path(request.path_info):
        return api_handler404(request, exception)
    if request.path_info.startswith("/admin/"):
        # The admin's own styled page, not a bare "Not Found".
        return defaults.page_not_found(request, exception, template_name="admin/404.html")
    if request.path_info.startswith("/book/"):
        # The guest pages' look, on a phone too (an unknown restaurant or address; a known
        # restaurant's own 404 names it, guestpages.views.not_found).
        return defaults.page_not_found(request, exception, template_name="guest/404.html")
    return defaults.page_not_found(request, exception)


def handler500(request):
    if is_api_path(request.path_info):
        return api_handler500(request)
    return defaults.server_error(request)
