"""End-to-end fixtures: the real service under gunicorn, and headless Chromium.

``live_gunicorn`` (session scope) starts ``gunicorn config.wsgi`` on a free loopback
port against *this* test process's database (pytest-django's test database, whatever
its name: one per process, xdist workers included) and returns its base URL, e.g.
``live_gunicorn + "/v1/ping"``. The returned value is a ``str`` that also carries
``.url``, ``.port``, ``.log_path`` and ``.process``.

Tests that use it must commit their data so the server sees it: use the
``transactional_db`` fixture (or ``@pytest.mark.django_db(transaction=True)``).
Extra environment for another server (e.g. eager Celery) can be had by calling
``start_gunicorn(extra_env={...})`` yourself; it is a context manager.

``browser`` (module scope) is Debian's Chromium (/usr/bin/chromium) driven by
Playwright; ``new_page()`` opens a page in a fresh browser context (own cookies),
closed at the end of the test.
"""

import contextlib
import fcntl
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import requests
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STARTUP_TIMEOUT = 30.0


class LiveServer(str):
    """The base URL of a running server, with what is useful to debug it."""

    url: str
    port: int
    log_path: Path
    process: subprocess.Popen

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_url(settings_dict) -> str:
    """A DATABASE_URL naming the database Django is connected to (the test database)."""
    user = quote(settings_dict.get("USER") or "", safe="")
    password = quote(settings_dict.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or ""
    port = settings_dict.get("PORT") or ""
    name = quote(settings_dict["NAME"], safe="")
    if host.startswith("/"):  # a Unix socket directory
        return f"postgres://{credentials}/{name}?host={quote(host, safe='')}" + (f"&port={port}" if port else "")
    return f"postgres://{credentials}{host or 'localhost'}{':' + str(port) if port else ''}/{name}"


def _static_stale(static_root: Path) -> bool:
    """Whether the collected files lack one the pages load, or hold an older copy of one of ours."""
    if not (static_root / "admin" / "css" / "base.css").exists():
        return True
    if not (static_root / "django_htmx" / "htmx-2.min.js").exists():
        return True
    for source in (ROOT / "backoffice" / "static").rglob("*"):
        if source.is_file():
            copy = static_root / source.relative_to(ROOT / "backoffice" / "static")
            if not copy.exists() or copy.stat().st_mtime < source.stat().st_mtime:
                return True
    return False


def collect_static_once() -> None:
    """Admin CSS, htmx and the host's script, for the pages and their screenshots; collected when
    missing or older than the sources, once per machine at a time (under a lock)."""
    static_root = Path(settings.STATIC_ROOT)
    if not _static_stale(static_root):
        return
    static_root.parent.mkdir(parents=True, exist_ok=True)
    with open(static_root.parent / ".collectstatic.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _static_stale(static_root):
            subprocess.run(
                [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
                cwd=ROOT,
                check=True,
                timeout=300,
            )


def wait_until_served(base: str, process: subprocess.Popen, what) -> None:
    """Until `base` serves the login page; RuntimeError naming `what()` if `process` exits or the wait
    passes STARTUP_TIMEOUT."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"exited: {what()}")
        try:
            if requests.get(base + "/admin/login/", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"did not answer within {STARTUP_TIMEOUT}s: {what()}")
        time.sleep(0.2)


@contextlib.contextmanager
def start_gunicorn(
    *, db_url: str | None = None, extra_env: dict | None = None, workers: int = 2, public_url: str | None = None
):
    """Run the service under gunicorn until the block ends; yields a LiveServer. `public_url`: the
    address clients use when it is not gunicorn's own (a proxy in front)."""
    from django.db import connection

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    public = public_url or base
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": db_url or database_url(connection.settings_dict),
        "REDIS_URL": os.environ.get("REDIS_URL", settings.REDIS_URL),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CSRF_TRUSTED_ORIGINS": public,
        "BASE_URL": public,
        "DEBUG": "false",
        **(extra_env or {}),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    log_file = tempfile.NamedTemporaryFile(prefix=f"gunicorn-{port}-", suffix=".log", delete=False)
    log_path = Path(log_file.name)
    process = subprocess.Popen(
        [
            str(GUNICORN),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--timeout",
            "60",
            "--graceful-timeout",
            "5",
            "--access-logfile",
            "-",
        ],
        cwd=ROOT,
        env=env,
        stdout=log_file,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    log_file.close()
    server = LiveServer(base)
    server.url, server.port, server.log_path, server.process = base, port, log_path, process
    try:
        wait_until_served(base, process, lambda: f"gunicorn ({process.returncode}):\n{server.log()}")
        yield server
    finally:
        if process.poll() is None:
            process.terminate()  # the arbiter stops its workers and closes their connections
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        if process.returncode not in (0, -15, None) or os.environ.get("E2E_KEEP_LOGS"):
            sys.stderr.write(f"gunicorn log kept at {log_path}\n")
        else:
            log_path.unlink(missing_ok=True)


@contextlib.contextmanager
def behind_proxy(proxy_port: int, server: LiveServer):
    """HAProxy in front of `server`, configured as in production (deploy/haproxy.py); yields a
    LiveServer for the proxy's address (its log is the node's)."""
    from deploy import haproxy

    directory = Path(tempfile.mkdtemp(prefix="e2e-proxy-"))
    base = f"http://127.0.0.1:{proxy_port}"
    haproxy.write_error_files(directory / "errors", base + "/docs")
    config = directory / "haproxy.cfg"
    config.write_text(haproxy.config(port=proxy_port, nodes=[("web1", server.port)], errors=directory / "errors",
                                     stats_port=free_port()))  # fmt: skip
    process = subprocess.Popen(["haproxy", "-db", "-f", str(config)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    proxied = LiveServer(base)
    proxied.url, proxied.port, proxied.log_path, proxied.process = base, proxy_port, server.log_path, server.process
    try:
        wait_until_served(base, process, lambda: f"HAProxy on {base}")
        yield proxied
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="session")
def live_gunicorn(django_db_setup, django_db_blocker):
    """Base URL of the service under gunicorn, on this process's test database, reached through
    HAProxy as in production (issue 33: the end-to-end tests run through the proxy). Without
    HAProxy installed (`make test` installs it), or with E2E_PROXY=0, gunicorn itself.

    Stopped before pytest-django drops the test database (it depends on django_db_setup).
    """
    with django_db_blocker.unblock():
        collect_static_once()
    if os.environ.get("E2E_PROXY", "1") == "0" or shutil.which("haproxy") is None:
        with start_gunicorn() as server:
            yield server
        return
    proxy_port = free_port()
    with start_gunicorn(public_url=f"http://127.0.0.1:{proxy_port}") as server:
        with behind_proxy(proxy_port, server) as proxied:
            yield proxied


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for the module.

    Playwright's sync API keeps an asyncio loop registered on this thread while it is
    open, which Django's async-safety check mistakes for async code; the ORM calls of
    the tests themselves are synchronous, so the check is lifted while the browser lives.
    """
    from playwright.sync_api import sync_playwright

    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def new_page(browser):
    """new_page() -> a Page in a fresh browser context (own cookies); closed after the test."""
    contexts = []

    def make(**context_options):
        context = browser.new_context(**context_options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
