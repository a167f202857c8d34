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
