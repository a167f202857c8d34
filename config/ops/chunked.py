"""Request bodies sent with `Transfer-Encoding: chunked`.

Django reads `CONTENT_LENGTH` bytes of a WSGI request and nothing when the header is absent, so a
chunked body reached the views empty: a create was refused for missing fields, and a cancel's
`reason` was lost while the cancel went through. gunicorn decodes the chunks and marks the stream
as ending on its own (`wsgi.input_terminated`); this middleware reads it whole, up to one byte past
the body limit (the views refuse a larger body in their own words), and hands Django a body of known
length. A server that cannot say where the body ends gets 411 rather than a guess.
"""

import io

from django.conf import settings

from config.api.errors import json_error
from config.versions import LATEST_VERSION


class ChunkedBodyMiddleware:
    """WSGI middleware (config/wsgi.py), outside Django: it rewrites the environ Django is built from."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not environ.get("CONTENT_LENGTH"):
            if not environ.get("wsgi.input_terminated"):
                return self._refuse(environ, start_response)
            body = environ["wsgi.input"].read(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
        return self.app(environ, start_response)

    def _refuse(self, environ, start_response):
        response = json_error(411, "length_required", "Send the body with a `Content-Length` header.")
        response["Service-Version"] = LATEST_VERSION
        start_response("411 Length Required", list(response.items()))
        return [response.content]
