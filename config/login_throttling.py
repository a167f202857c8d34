"""Django Axes' login throttling, for logins that come with an HTTP request."""

from axes.backends import AxesStandaloneBackend
from django.conf import settings


class HttpLoginThrottlingBackend(AxesStandaloneBackend):
    """Axes' lockout check for every login over HTTP (the back office's /admin/login/).

    Axes refuses an authenticate() call without a request. Such calls come from Python, not
    from a client: the test client's login(), the shell, management commands. They have no
    IP address to throttle by, so they go on to the next backend instead of failing.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def client_address(request) -> str | None:
    """The address Axes throttles (AXES_CLIENT_IP_CALLABLE): REMOTE_ADDR, or behind
    TRUSTED_PROXY_COUNT proxies that each append the address they saw to X-Forwarded-For, the one the
    outermost proxy saw. What the client wrote there itself comes first and is never read."""
    count = settings.TRUSTED_PROXY_COUNT
    if count:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        if len(hops) >= count:
            return hops[-count]
    return request.META.get("REMOTE_ADDR")
