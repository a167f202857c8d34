"""A back-office request that met a restaurant busy past its lock's wait (`LockTimeout`, raised by
the database backend): the staff member reads it in words and nothing was saved. The host's own
moves answer it where they answer any refusal (backoffice/views/); this middleware catches it
anywhere else under /admin/ (the admin's forms and actions)."""

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme

from config.exceptions import LockTimeout

BUSY = "The restaurant is busy: another change held it too long. Nothing was saved; try again."


class BusyRestaurantMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, LockTimeout) or not request.path_info.startswith("/admin/"):
            return None
        if getattr(request, "htmx", False):  # host.js shows the text in the page's toast
            response = HttpResponse(BUSY, status=503, content_type="text/plain; charset=utf-8")
            response["Retry-After"] = "2"
            return response
        messages.error(request, BUSY)
        back = request.META.get("HTTP_REFERER", "")
        if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
            back = request.get_full_path()
        return HttpResponseRedirect(back)
