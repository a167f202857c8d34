"""The server and the client: gunicorn on loopback with the bench settings (`Server`,
`ServerConfig`) and a keep-alive HTTP/1.1 client (`Http`, its `Reply`, `expect`).

Part of the benchmark toolkit (tests/bench/bench_common.py re-exports it).
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import time
import urllib.parse
from dataclasses import dataclass
from urllib.parse import urlparse

from tests.bench import environment
from tests.bench.environment import GUNICORN, ROOT, VAR, bench_env, log

# Kept after trying sync and gthread workers on the 2-core machine (docs/performance.md).
DEFAULT_WORKER_CLASS = "gthread"
DEFAULT_WORKERS = 2
DEFAULT_THREADS = 2


# ---------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class ServerConfig:
    worker_class: str = os.environ.get("BENCH_WORKER_CLASS", DEFAULT_WORKER_CLASS)
    workers: int = int(os.environ.get("BENCH_WORKERS", DEFAULT_WORKERS))
    threads: int = int(os.environ.get("BENCH_THREADS", DEFAULT_THREADS))

    def describe(self) -> str:
        if self.worker_class == "gthread":
            return f"gunicorn gthread, {self.workers} workers x {self.threads} threads"
        return f"gunicorn {self.worker_class}, {self.workers} workers"


class Server:
    """`gunicorn config.wsgi` on 127.0.0.1:<free port> with the bench settings and database
    (`database_url`, default the bench database)."""

    def __init__(
        self,
        config: ServerConfig | None = None,
        database_url: str | None = None,
        name: str = "gunicorn",
        env: dict[str, str] | None = None,
    ):
        self.config = config or ServerConfig()
        self.env = env or {}  # added to bench_env() (e.g. AVAILABILITY_ANSWER_CACHE_SIZE=0)
        # Read when the server is made: a benchmark with its own database sets it in environment first.
        self.database_url = database_url or environment.BENCH_DATABASE_URL
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        VAR.mkdir(parents=True, exist_ok=True)
        self.log_path = VAR / f"{name}.log"  # the last such server's log, overwritten by the next

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        cfg = self.config
        command = [
            GUNICORN,
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--workers",
            str(cfg.workers),
            "--worker-class",
            cfg.worker_class,
            "--backlog",
            "2048",
            "--log-level",
            "warning",
            "--timeout",
            "120",
        ]
        if cfg.worker_class == "gthread":
            command += ["--threads", str(cfg.threads), "--keep-alive", "30"]
        database = urlparse(self.database_url).path.lstrip("/")
        log(
            f"Starting {cfg.describe()} on 127.0.0.1:{self.port}, database {database} "
            f"(log: {self.log_path.relative_to(ROOT)})"
        )
        self._log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**bench_env(self.database_url), **self.env},
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}; see {self.log_path}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/v1/ping")
                conn.getresponse().read()
                conn.close()
                return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer within 60s; see {self.log_path}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if getattr(self, "_log", None):
            self._log.close()


# ---------------------------------------------------------------- the client


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes
    ms: float

    def json(self):
        return json.loads(self.body) if self.body else None


class Http:
    """A keep-alive HTTP/1.1 client (http.client: little client-side overhead).

    Sync gunicorn workers close the connection after each response; http.client then
    reconnects on the next request, and that connect is part of the measured time.
    """

    def __init__(self, port: int, key: str | None = None):
        self.port = port
        self.key = key
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def request(self, method: str, path: str, *, body=None, form=None, headers: dict | None = None, key=...) -> Reply:
        """`body`: sent as JSON; `form`: a form post (application/x-www-form-urlencoded), as a page sends."""
        sent = {} if headers is None else dict(headers)
        key = self.key if key is ... else key
        if key:
            sent["Authorization"] = f"Bearer {key}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if form is not None:
            data = urllib.parse.urlencode(form, doseq=True).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            started = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=sent)
                response = self.conn.getresponse()
                payload = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A keep-alive connection the server closed while idle: reconnect once.
                self.conn.close()
                if attempt == 2:
                    raise
                continue
            elapsed = (time.perf_counter() - started) * 1000
            return Reply(response.status, response.headers, payload, elapsed)
        raise AssertionError("unreachable")

    def get(self, path: str, **kwargs) -> Reply:
        return self.request("GET", path, **kwargs)

    def close(self) -> None:
        self.conn.close()


def expect(reply: Reply, status: int, what: str) -> Reply:
    if reply.status != status:
        raise RuntimeError(f"{what}: expected {status}, got {reply.status}: {reply.body[:500]!r}")
    return reply
