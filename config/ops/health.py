"""`/healthz` (liveness: the process answers) and `/readyz` (readiness: PostgreSQL and Redis reachable,
every migration applied), for a balancer's checks and an orchestrator's probes.

Both are plain Django views outside `/v1`: no key, no rate limit, no session. `/readyz` answers 503
with what failed, so a node whose database or Redis is gone leaves the balancer's rotation until it
is back. The migrations check is remembered once it passes (a running process never loses one).
"""

import time

import redis
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

_migrated = False
_redis = None


@never_cache
@require_safe
def healthz(request):
    return JsonResponse({"status": "ok"})


def _database() -> str | None:
    try:
        connection = connections[DEFAULT_DB_ALIAS]
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # noqa: BLE001 - any failure means "not ready", said in words
        connections[DEFAULT_DB_ALIAS].close_if_unusable_or_obsolete()
        return f"PostgreSQL unreachable: {type(exc).__name__}"
    return None


def _migrations() -> str | None:
    global _migrated
    if _migrated:
        return None
    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if pending:
        return f"{len(pending)} migration(s) not applied"
    _migrated = True
    return None


def _redis_ping() -> str | None:
    global _redis
    try:
        if _redis is None:
            _redis = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1, socket_connect_timeout=1)
        _redis.ping()
    except Exception as exc:  # noqa: BLE001
        return f"Redis unreachable: {type(exc).__name__}"
    return None


@never_cache
@require_safe
def readyz(request):
    started = time.monotonic()
    checks = {"postgresql": _database()}
    if checks["postgresql"] is None:
        checks["migrations"] = _migrations()
    checks["redis"] = _redis_ping()
    failed = {name: problem for name, problem in checks.items() if problem}
    body = {
        "status": "unavailable" if failed else "ok",
        "checks": {name: problem or "ok" for name, problem in checks.items()},
        "duration_ms": round((time.monotonic() - started) * 1000, 1),
    }
    return JsonResponse(body, status=503 if failed else 200)
