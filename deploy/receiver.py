"""A real webhook receiver on loopback: a threaded HTTP/1.1 server recording every request (the
webhook tests, bench_webhooks and the delivery drill, deploy/drill_delivery.py).

    with Receiver() as receiver:              # or receiver.start() / receiver.stop()
        endpoint_url = receiver.url            # http://127.0.0.1:<port>/hooks
        ...
        receiver.wait_for(lambda r: len(r.events()) >= 3)

`respond(request, n)` (n counts requests from 1) decides each answer: an int status, or a
`Answer(status, body, delay, headers)`. Default: 200 `{"ok": true}`.
"""

import json
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Answer:
    status: int = 200
    body: bytes = b'{"ok":true}'
    delay: float = 0.0
    headers: dict = field(default_factory=dict)


@dataclass
class Received:
    path: str
    headers: dict  # lower-cased names
    body: bytes
    at: float  # time.time() when received
    opened: float = 0.0  # time.monotonic() when its connection was accepted
    answered: float | None = None  # time.monotonic() once its answer was written (None: not, or the sender left)

    def json(self) -> dict:
        return json.loads(self.body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64  # every sender thread of two killed-and-restarted workers connects at once

    def handle_error(self, request, client_address):
        pass  # a sender killed mid-request (the worker SIGKILLed) resets its connection: expected


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Receiver:
    def __init__(self, respond=None, port: int | None = None, path: str = "/hooks"):
        self.respond = respond or (lambda request, n: Answer())
        self.port = port or free_port()
        self.path = path
        self.requests: list[Received] = []
        self.lock = threading.Lock()
        self.server = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.path}"

    def start(self) -> "Receiver":
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body leave in two writes: without TCP_NODELAY, Nagle holds the body until
            # the sender's delayed ACK (40 ms), capping a keep-alive sender at 25 requests/s.
            disable_nagle_algorithm = True

            def log_message(self, *args):
                pass

            def setup(self):
                super().setup()
                self.opened = time.monotonic()

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                if len(body) < length:  # the sender died mid-request (a killed worker): nothing arrived
                    self.close_connection = True
                    return
                headers = {k.lower(): v for k, v in self.headers.items()}
                request = Received(self.path, headers, body, time.time(), self.opened)
                with receiver.lock:
                    receiver.requests.append(request)
                    n = len(receiver.requests)
                answer = receiver.respond(request, n)
                if isinstance(answer, int):
                    answer = Answer(status=answer)
                if answer.delay:
                    time.sleep(answer.delay)
                try:
                    self.send_response(answer.status)
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(answer.body)))
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(answer.body)
                    request.answered = time.monotonic()
                except OSError:  # the sender was killed while its request waited for this answer
                    self.close_connection = True

        self.server = _Server(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def received(self) -> list[Received]:
        """The requests so far, copied while no handler thread appends."""
        with self.lock:
            return list(self.requests)

    def events(self) -> list[dict]:
        return [r.json() for r in self.received()]

    def ids(self) -> list[str]:
        return [e["id"] for e in self.events()]

    def wait_for(self, condition, timeout: float = 30.0, interval: float = 0.05) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition(self):
                return True
            time.sleep(interval)
        return condition(self)
