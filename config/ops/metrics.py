"""Prometheus metrics of every web node and worker (prometheus-client).

Each process counts in memory; under gunicorn or Celery's prefork pool with
`PROMETHEUS_MULTIPROC_DIR` set (the cluster sets one per part), the processes write their counts to
that directory and the parent serves them all together on `METRICS_PORT`, an address on loopback
that the proxy does not expose (`serve_metrics`, called by gunicorn.conf.py and config/celery.py).
The apps count their own events by importing these objects; the platform counts requests.
"""

import os

from prometheus_client import CollectorRegistry, Counter, Histogram, start_http_server

REQUESTS = Counter("http_requests_total", "Requests answered, by route and status.", ["route", "method", "status"])
LATENCY = Histogram(
    "http_request_duration_seconds",
    "Time from the first middleware to the answer, by route.",
    ["route", "method"],
    buckets=(0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10),
)
BOOKINGS = Counter("bookings_total", "Bookings committed, by the status they start in.", ["outcome"])
REFUSALS = Counter("booking_refusals_total", "Booking-rule violations refused, by violation code.", ["code"])
RATE_LIMITED = Counter("rate_limit_refusals_total", "Requests refused 429 by the budget, by resource.", ["resource"])
OUTBOX_LAG = Histogram(
    "webhook_outbox_lag_seconds",
    "From an event's commit to its delivery's first attempt.",
    buckets=(0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 300),
)
DELIVERY_FAILURES = Counter("webhook_delivery_failures_total", "Failed delivery attempts, by endpoint.", ["endpoint"])
DATABASE_ERRORS = Counter("database_errors_total", "Database errors that reached a request, by kind.", ["kind"])
DATABASE_READS = Counter(
    "database_reads_total",
    "Reads the standby may answer (availability, lists), by the server that answered and why.",
    ["database", "reason"],
)
REDIS_ERRORS = Counter("redis_errors_total", "Redis errors the service worked around, by use.", ["use"])


def serve_metrics() -> None:
    """Serve this process's metrics, or its children's under PROMETHEUS_MULTIPROC_DIR, on
    127.0.0.1:METRICS_PORT (nothing when the port is not set: `make run`, the tests)."""
    port = os.environ.get("METRICS_PORT")
    if not port:
        return
    registry = None
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    if registry is None:
        start_http_server(int(port), addr="127.0.0.1")
    else:
        start_http_server(int(port), addr="127.0.0.1", registry=registry)


def process_exited(pid: int) -> None:
    """A child that exited stops counting as live (its counters stay in the totals)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)
