"""A local stand-in for api.stripe.com: answers each request with a recorded response and keeps
what it was sent, so tests can hold our code to the requests it makes.

Only the HTTP side of Stripe is replaced: the real `stripe` library builds, sends and decodes
every request (over a real socket to 127.0.0.1), and our code runs unchanged.
"""

import copy
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

RECORDINGS = Path(__file__).resolve().parent / "recordings"


def recording(name: str, **changes) -> dict:
    """A recorded body, with top-level fields replaced (a dict value is merged one level down)."""
    body = json.loads((RECORDINGS / f"{name}.json").read_text())
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(body.get(key), dict):
            body[key] = {**body[key], **value}
        else:
            body[key] = value
    return body


@dataclass
class SentRequest:
    method: str
    path: str
    params: dict  # form body (POST) or query string (GET), as Stripe's flat keys: "metadata[reference]"
    headers: dict

    @property
    def idempotency_key(self) -> str | None:
        return self.headers.get("idempotency-key")


@dataclass
class RecordedStripe:
    """`answer(method, path, body, status)` queues a response; `requests` are what arrived, in order."""

    url: str = ""
    routes: dict = field(default_factory=dict)
    requests: list = field(default_factory=list)
    unexpected: list = field(default_factory=list)

    def answer(self, method: str, path: str, body: str | dict, status: int = 200) -> None:
        """Answer the next `method path` with `body` (a recording's name or a dict). Answers queued
        for one route are served in order; the last one is kept for any later request."""
        if isinstance(body, str):
            body = recording(body)
        self.routes.setdefault((method.upper(), path), []).append((status, copy.deepcopy(body)))

    def respond(self, method: str, raw_path: str, body: bytes, headers) -> tuple[int, dict]:
        parts = urlsplit(raw_path)
        text = body.decode() if method == "POST" else parts.query
        sent = SentRequest(
            method=method,
            path=parts.path,
            params=dict(parse_qsl(text, keep_blank_values=True)),
            headers={name.lower(): value for name, value in headers.items()},
        )
        self.requests.append(sent)
        queue = self.routes.get((method, parts.path))
        if not queue:
            self.unexpected.append(f"{method} {parts.path}")
            return 500, {"error": {"type": "api_error", "message": f"Nothing recorded for {method} {parts.path}."}}
        return queue.pop(0) if len(queue) > 1 else queue[0]


def serve(stripe: RecordedStripe):
    """Start the server on a free loopback port; returns a function that stops it."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def handle_one(self, method: str) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            status, body = stripe.respond(method, self.path, self.rfile.read(length), self.headers)
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Request-Id", "req_recorded")
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):  # noqa: N802 - http.server's naming
            self.handle_one("GET")

        def do_POST(self):  # noqa: N802
            self.handle_one("POST")

        def do_DELETE(self):  # noqa: N802
            self.handle_one("DELETE")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stripe.url = f"http://127.0.0.1:{server.server_address[1]}"

    def stop() -> None:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)

    return stop
