"""The bench environment: paths, the BENCH_* settings, the bench databases and Django in this
process (setup, migrations, switching databases, counting a request's SQL queries, a host's session).

Part of the benchmark toolkit (tests/bench/bench_common.py re-exports it). BENCH_DATABASE_URL is
read by this module's functions and by server.Server when they run: a benchmark with its own
database assigns it here (`environment.BENCH_DATABASE_URL = ...`), before setup_django().
"""

from __future__ import annotations

import json
import os
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
VAR = ROOT / "var" / "bench"
PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))

BENCH_DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/reservations_bench")


def _sibling_url(url: str, suffix: str) -> str:
    parsed = urlparse(url)
    return parsed._replace(path="/" + (parsed.path.lstrip("/") or "reservations_bench") + suffix).geturl()


# The "empty history" twin of the bench database: the busy restaurant with the same bookings
# of the measured month and nothing else (tests/bench/seed.py builds both).
BENCH_NOHISTORY_DATABASE_URL = os.environ.get(
    "BENCH_NOHISTORY_DATABASE_URL", _sibling_url(BENCH_DATABASE_URL, "_nohistory")
)
BENCH_REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/2")
SCALE = float(os.environ.get("BENCH_SCALE", "1"))


def scaled(count: int, minimum: int = 20) -> int:
    return max(minimum, int(count * SCALE))


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- environment, database


def bench_env(database_url: str | None = None) -> dict[str, str]:
    """The environment of the server and of in-process Django: the bench database and settings."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url or BENCH_DATABASE_URL,
        REDIS_URL=BENCH_REDIS_URL,
        # The guest e-mails a create queues go to the bench Redis too (no worker consumes them there;
        # bench_reservations empties the queue), never to a broker set in the caller's environment.
        CELERY_BROKER_URL=BENCH_REDIS_URL,
        DJANGO_SETTINGS_MODULE="tests.bench.settings",
        LOG_LEVEL=os.environ.get("BENCH_LOG_LEVEL", "WARNING"),
        DEBUG="0",
        PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )
    return env


def _db_params(database_url: str | None = None) -> tuple[str, dict]:
    url = urlparse(database_url or BENCH_DATABASE_URL)
    name = url.path.lstrip("/") or "reservations_bench"
    return name, dict(
        host=url.hostname or "127.0.0.1",
        port=url.port or 5432,
        user=url.username or "postgres",
        password=url.password,
        dbname="postgres",
        autocommit=True,
    )


def database_exists(database_url: str | None = None) -> bool:
    import psycopg

    name, params = _db_params(database_url)
    with psycopg.connect(**params) as conn:
        return conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None


def create_database(drop: bool = False, database_url: str | None = None) -> None:
    import psycopg
    from psycopg import sql

    name, params = _db_params(database_url)
    with psycopg.connect(**params) as conn:
        if drop:
            log(f"Dropping database {name}")
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            log(f"Creating database {name}")
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def setup_django() -> None:
    """Point this process at the bench database and settings, create and migrate it, set Django up."""
    os.environ.update({k: v for k, v in bench_env().items() if k != "PYTHONPATH"})
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    create_database()
    import django

    django.setup()
    migrate()


@contextmanager
def use_database(database_url: str):
    """Point this process's Django connection at another bench database for the block.

    The connection is closed on entry and exit (it reconnects with the settings it finds)
    and the engine's per-process policy cache is emptied both times: it is keyed by the
    restaurant's primary key, which the two bench databases share.
    """
    import dj_database_url
    from django.db import connections

    connection = connections["default"]
    saved = dict(connection.settings_dict)
    target = dj_database_url.parse(database_url)
    connection.close()
    connection.settings_dict.update({k: target[k] for k in ("NAME", "USER", "PASSWORD", "HOST", "PORT")})
    clear_policy_cache()
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)
        clear_policy_cache()


def migrate() -> None:
    from django.core.management import call_command

    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    log(f"Bench database migrated ({time.perf_counter() - started:.1f}s)")


# ---------------------------------------------------------------- in-process requests: query counts, a host's session


def clear_policy_cache() -> bool:
    """Empty this process's engine policy cache (a cold request); False if it cannot be found."""
    try:
        from reservations.selectors import engine_policy as engine_data
    except ImportError:
        return False
    cache = getattr(engine_data, "_POLICY_CACHE", None)
    if cache is None:
        return False
    cache.clear()
    return True


@dataclass
class Counted:
    status: int
    queries: int
    sql: list[str]
    body: bytes


def count_queries(method: str, path: str, key: str, *, body=None, headers: dict | None = None) -> Counted:
    """One request through Django in this process, counting its SQL queries (against the bench DB)."""
    from django.db import connection
    from django.test import Client, override_settings
    from django.test.utils import CaptureQueriesContext

    extra = {"HTTP_AUTHORIZATION": f"Bearer {key}"}
    for name, value in (headers or {}).items():
        extra["HTTP_" + name.upper().replace("-", "_")] = value
    client = Client()
    data = json.dumps(body) if body is not None else ""
    # The key from the per-process key cache, as a busy key is served: its lookup (one query per
    # key, process and second) is left out, so that a count does not depend on the clock.
    with override_settings(API_KEY_CACHE_SECONDS=3600):
        client.get("/v1/ping", **extra)
        with CaptureQueriesContext(connection) as context:
            response = client.generic(method, path, data=data, content_type="application/json", **extra)
    return Counted(
        response.status_code,
        len(context.captured_queries),
        [q["sql"] for q in context.captured_queries],
        response.content,
    )


def host_session(restaurant) -> tuple[object, str]:
    """A host of the restaurant and a logged-in session for them: (the user, the session key a
    browser would send as its `sessionid` cookie)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from tests.factories import MembershipFactory

    user = MembershipFactory(user__username=f"host-{restaurant.pk}", restaurant=restaurant, role="host").user
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return user, session.session_key
