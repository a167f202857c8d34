"""What every benchmark script shares: the bench database, the gunicorn server on
loopback, a keep-alive HTTP client, interleaved timing, statistics and the report.

The toolkit lives in four modules; this one gathers their names so that the benchmarks
import them from one place:

    environment   paths, BENCH_* settings, the bench databases, Django in this process
    server        gunicorn on loopback (Server, ServerConfig) and the client (Http, Reply, expect)
    measure       interleaved timing (Probe, measure_interleaved), statistics, the report, save
    cpu           CPU seconds per process group (CpuMeter, cpu_note) and py-spy sampling

A benchmark with its own database assigns environment.BENCH_DATABASE_URL (assigning it here
would change nothing the functions read).

Environment (all optional):
    BENCH_DATABASE_URL   postgres://postgres@127.0.0.1:5432/reservations_bench
    BENCH_NOHISTORY_DATABASE_URL   the busy restaurant's measured month alone, no history
                         (default: BENCH_DATABASE_URL's database name + "_nohistory")
    BENCH_REDIS_URL      redis://127.0.0.1:6379/2   (rate-limit buckets)
    BENCH_WORKER_CLASS   gthread | sync              (default: gthread)
    BENCH_WORKERS        gunicorn worker processes   (default: 2)
    BENCH_THREADS        threads per gthread worker  (default: 4)
    BENCH_SCALE          multiplies every request count (default 1; 0.2 for a smoke run)
"""

from __future__ import annotations

from tests.bench.cpu import CpuMeter, cpu_note, start_py_spy, summarize_py_spy
from tests.bench.environment import (
    BENCH_DATABASE_URL,
    BENCH_NOHISTORY_DATABASE_URL,
    BENCH_REDIS_URL,
    GUNICORN,
    PYTHON,
    ROOT,
    SCALE,
    VAR,
    Counted,
    _db_params,
    _sibling_url,
    bench_env,
    clear_policy_cache,
    count_queries,
    create_database,
    database_exists,
    host_session,
    log,
    migrate,
    scaled,
    setup_django,
    use_database,
)
from tests.bench.measure import (
    Probe,
    Row,
    fmt_ms,
    machine,
    measure_interleaved,
    percentile,
    print_table,
    ratio,
    save,
    summary,
)
from tests.bench.server import (
    DEFAULT_THREADS,
    DEFAULT_WORKER_CLASS,
    DEFAULT_WORKERS,
    Http,
    Reply,
    Server,
    ServerConfig,
    expect,
    free_port,
)

__all__ = [
    "BENCH_DATABASE_URL",
    "BENCH_NOHISTORY_DATABASE_URL",
    "BENCH_REDIS_URL",
    "DEFAULT_THREADS",
    "DEFAULT_WORKERS",
    "DEFAULT_WORKER_CLASS",
    "GUNICORN",
    "PYTHON",
    "ROOT",
    "SCALE",
    "VAR",
    "Counted",
    "CpuMeter",
    "Http",
    "Probe",
    "Reply",
    "Row",
    "Server",
    "ServerConfig",
    "_db_params",
    "_sibling_url",
    "bench_env",
    "clear_policy_cache",
    "count_queries",
    "cpu_note",
    "create_database",
    "database_exists",
    "expect",
    "fmt_ms",
    "free_port",
    "host_session",
    "log",
    "machine",
    "measure_interleaved",
    "migrate",
    "percentile",
    "print_table",
    "ratio",
    "save",
    "scaled",
    "setup_django",
    "start_py_spy",
    "summarize_py_spy",
    "summary",
    "use_database",
]
