"""One line and two metrics per request: the request log (JSON under LOG_FORMAT=json) and the
request counters of config/ops/metrics.py.

The line names the request id, the restaurant, the key's last 4 characters, the route (the URL
pattern, never the path with its ids and never the query string), the status and the duration. It
carries no secret and no guest data: no header, no body, no query string. Database errors that
reach a request are counted by kind.

A read (GET or HEAD) that failed because its database connection was lost (PostgreSQL restarting,
a failover) is answered again, once, on a new connection, after waiting up to 2 seconds for the
database to take connections: it changes nothing, so the second answer is the answer. A write in
flight keeps its 500 `api_error`; its client retries it with the same `Idempotency-Key`.
"""

import contextvars
import functools
import logging
import re
import time

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, InterfaceError, OperationalError, connections

from config.ops.metrics import DATABASE_ERRORS, LATENCY, REQUESTS

logger = logging.getLogger("request")
SAFE_METHODS = frozenset({"GET", "HEAD"})
RECONNECT_SECONDS = 2.0
# Set when this request's database connection was lost (read by the middleware, per thread).
_connection_lost = contextvars.ContextVar("connection_lost", default=False)


def count_database_error(exc: BaseException) -> None:
    """Count a database error that reached a request (the API's handler and the middleware call it)."""
    if isinstance(exc, (OperationalError, InterfaceError)):
        DATABASE_ERRORS.labels("connection").inc()
        _connection_lost.set(True)
    elif isinstance(exc, DatabaseError):
        DATABASE_ERRORS.labels("query").inc()


def _reconnected() -> bool:
    connection = connections[DEFAULT_DB_ALIAS]
    connection.close()
    deadline = time.monotonic() + RECONNECT_SECONDS
    while True:
        try:
            connection.ensure_connection()
            return True
        except (OperationalError, InterfaceError):
            connection.close()
            if time.monotonic() > deadline:
                return False
            time.sleep(0.1)


@functools.lru_cache(maxsize=512)
def _readable(route: str) -> str:
    """`v1/reservations/(?P<pk>[^/]+)$` (DRF's router writes regexes) -> `/v1/reservations/<pk>`."""
    return "/" + _GROUP.sub(r"<\1>", route).replace("^", "").replace("$", "").replace("\\", "")


_GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")


def _route(request) -> str:
    match = getattr(request, "resolver_match", None)
    return _readable(match.route) if match is not None and match.route else "unmatched"


class RequestObserverMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.log = settings.REQUEST_LOG

    def __call__(self, request):
        started = time.perf_counter()
        _connection_lost.set(False)
        response = self.get_response(request)
        if _connection_lost.get() and request.method in SAFE_METHODS and response.status_code >= 500:
            _connection_lost.set(False)
            if _reconnected():
                logger.warning("Answering a read again on a new database connection", extra={"route": _route(request)})
                response = self.get_response(request)
        duration = time.perf_counter() - started
        route, method, status = _route(request), request.method, response.status_code
        REQUESTS.labels(route, method, str(status)).inc()
        LATENCY.labels(route, method).observe(duration)
        if self.log:
            key = getattr(request, "auth", None)
            restaurant = getattr(key, "restaurant", None) if key is not None else None
            logger.info(
                "request",
                extra={
                    "request_id": getattr(request, "request_id", None),
                    "method": method,
                    "route": route,
                    "status": status,
                    "duration_ms": round(duration * 1000, 2),
                    "restaurant": getattr(restaurant, "public_id", None),
                    "key_last4": getattr(key, "last4", None),
                },
            )
        return response

    def process_exception(self, request, exception):
        count_database_error(exception)
        return None
