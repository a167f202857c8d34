"""Django Axes' login throttling, for logins that come with an HTTP request."""

from axes.backends import AxesStandaloneBackend


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
