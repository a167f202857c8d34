"""Back-office pages show times in the restaurant's time zone, not the server's UTC."""

from django.utils import timezone

from apikeys.roles import restaurant_zones


class RestaurantTimezoneMiddleware:
    """On /admin/, activate the time zone of the user's restaurants when they share one (a
    superuser, or a user of restaurants in several zones, sees UTC and each page names its zone)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        activated = False
        user = getattr(request, "user", None)
        if request.path_info.startswith("/admin/") and user is not None and user.is_authenticated:
            zones = restaurant_zones(request)
            if len(zones) == 1:
                try:
                    timezone.activate(next(iter(zones)))
                    activated = True
                except (KeyError, ValueError):  # an unknown zone name: keep UTC
                    pass
        try:
            return self.get_response(request)
        finally:
            if activated:
                timezone.deactivate()


# What the admin and the host's pages load: their scripts, style sheets, images and fonts from the
# service itself (static files), htmx's requests to it, forms posted to it. No inline script nor
# `on...` attribute (backoffice/static/backoffice/admin.js), no <style> element (admin.css,
# host.css); style attributes only, since the timeline places its bars with them
# (backoffice/rendering/timeline.py). No frame may show the pages (X-Frame-Options says so too).
BACK_OFFICE_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
    ]
)
BACK_OFFICE_PATHS = ("/admin/", "/staff/")


class ContentSecurityPolicyMiddleware:
    """The back office's Content-Security-Policy, on every answer under /admin/ and /staff/ (the guest
    pages and the docs set their own; the API answers JSON)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path_info.startswith(BACK_OFFICE_PATHS):
            response.setdefault("Content-Security-Policy", BACK_OFFICE_POLICY)
        return response
