"""The answers given before Django sees a request, in the contract's envelope with `Service-Version`.

Two servers answer some requests themselves:
- the proxy (deploy/haproxy.py): a request that timed out, could not reach a node, or is too long;
- gunicorn, for a request it cannot parse: a request line over 8,190 bytes, a header over 8,190
  bytes, a NUL or DEL in a header, a negative or doubled `Content-Length`, a folded header line, a
  request line without an HTTP version, a bad chunk, a `Transfer-Encoding` it does not decode.

`ANSWERS` says each status's code and message once, for both. gunicorn writes its own answers with
`gunicorn.util.write_error`, an HTML page; `answer_in_envelope()` (gunicorn.conf.py's `post_fork`,
in each worker process) replaces it with `write_error` below, so that gunicorn alone (`make run`)
answers every error in the envelope too. gunicorn still picks the status and logs the request.
"""

import json

from config.versions import LATEST_VERSION

REASONS = {400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 411: "Length Required",
           414: "URI Too Long", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
           502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}  # fmt: skip

# status: (code, message); config/error_codes.py documents each code.
ANSWERS = {
    400: ("bad_request", "The request is not valid HTTP."),
    403: ("forbidden", "The request was refused before it was read."),
    408: ("request_timeout", "The request's headers or body did not arrive within 10 seconds."),
    411: ("length_required", "Send the body with a `Content-Length` header."),
    414: ("uri_too_long", "The request line is longer than 8,190 bytes."),
    431: ("headers_too_large", "A header is larger than 8,190 bytes."),
    500: ("api_error", "An error occurred on our side."),
    502: ("bad_gateway", "The node serving the request failed before it answered."),
    503: ("service_unavailable", "No node of the service can take the request right now."),
    504: ("gateway_timeout", "The service did not answer within 30 seconds."),
}


def answered(status: int) -> int:
    """The status answered for one gunicorn chose: its 417 (an `Expect` it does not meet) and 501 (a
    `Transfer-Encoding` it does not decode) are the client's request, refused as 400 `bad_request`."""
    if status in ANSWERS:
        return status
    return 500 if status >= 500 and status != 501 else 400


def envelope_bytes(status: int, docs_url: str) -> bytes:
    from config.error_codes import error_type

    code, message = ANSWERS[status]
    error = {"type": error_type(status), "code": code, "message": message, "doc_url": f"{docs_url}/api/errors#{code}"}
    return json.dumps({"error": error}).encode()


def response_bytes(status: int, docs_url: str) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection: after a request it could not read, a
    server cannot know where the next one starts."""
    body = envelope_bytes(status, docs_url)
    head = (f"HTTP/1.1 {status} {REASONS[status]}\r\nContent-Type: application/json\r\n"
            f"Service-Version: {LATEST_VERSION}\r\nCache-Control: no-store\r\nConnection: close\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")  # fmt: skip
    return head.encode("latin-1") + body


def write_error(sock, status_int, reason, mesg) -> None:
    """gunicorn's `util.write_error(sock, status_int, reason, mesg)`, answering in the envelope."""
    from django.conf import settings
    from gunicorn import util

    util.write_nonblock(sock, response_bytes(answered(status_int), settings.DOCS_URL))


def answer_in_envelope() -> None:
    from gunicorn import util

    util.write_error = write_error
