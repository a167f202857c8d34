"""What every /v1 response carries, whoever produced it: request id and applied version.

It also turns failures raised outside DRF views (unknown paths, uncaught errors)
into the error envelope, so no /v1 answer is ever HTML.
"""

import logging
import re

from config.api.errors import json_error
from config.ids import random_token
from config.versions import LATEST_VERSION, resolve_version

logger = logging.getLogger("api")

API_PREFIX = "/v1"
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9._:\-]{1,200}\Z")


def is_api_path(path: str) -> bool:
    return path == API_PREFIX or path.startswith(API_PREFIX + "/")


class ApiEnvelopeMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not is_api_path(request.path_info):
            return self.get_response(request)
        sent = request.META.get("HTTP_X_REQUEST_ID", "")
        request.request_id = sent if REQUEST_ID_PATTERN.match(sent) else f"req_{random_token()}"
        # No CORS: a browser preflight (OPTIONS) is a method like any other the API does not implement.
        response = self.get_response(request)
        response["Service-Version"] = getattr(request, "api_version", None) or self.fallback_version(request)
        response["X-Request-Id"] = request.request_id
        return response

    @staticmethod
    def fallback_version(request) -> str:
        """Before a key is known (401, 404, ...): the version sent when published, else the latest."""
        return resolve_version(request.META.get("HTTP_SERVICE_VERSION"), LATEST_VERSION) or LATEST_VERSION

    def process_exception(self, request, exception):
        if not is_api_path(request.path_info):
            return None
        logger.exception("Unhandled error on %s %s", request.method, request.path_info)
        return json_error(500, "api_error", "An error occurred on our side.")


def api_handler400(request, exception=None):
    """Django's own refusals before any view: a bad Host header, a malformed request."""
    return json_error(400, "bad_request", "The request is malformed (for example its Host header).")


def api_handler403(request, exception=None):
    return json_error(403, "forbidden", "Forbidden.")


def api_handler404(request, exception=None):
    return json_error(404, "not_found", "Unrecognized request URL.")


def api_handler500(request):
    return json_error(500, "api_error", "An error occurred on our side.")
