"""What every benchmark script shares: the bench database, the gunicorn server on
loopback, a keep-alive HTTP client, interleaved timing, statistics and the report.

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

import http.client
import json
import math
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
from contextlib import contextmanager
from dataclasses import dataclass, field
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

# Kept after trying sync and gthread workers on the 2-core machine (docs/performance.md).
DEFAULT_WORKER_CLASS = "gthread"
DEFAULT_WORKERS = 2
DEFAULT_THREADS = 2


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
        self.database_url = database_url or BENCH_DATABASE_URL
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


# ---------------------------------------------------------------- timing and statistics


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = max(0, math.ceil(fraction * len(ordered)) - 1)
    return ordered[index]


def summary(samples: list[float]) -> dict:
    return {
        "n": len(samples),
        "median_ms": round(statistics.median(samples), 3),
        "p99_ms": round(percentile(samples, 0.99), 3),
        "mean_ms": round(statistics.fmean(samples), 3),
        "min_ms": round(min(samples), 3),
    }


@dataclass
class Probe:
    """One measured request shape: `call(http)` sends it and returns the Reply (status checked)."""

    name: str
    call: object
    per_round: int
    samples: list[float] = field(default_factory=list)


def measure_interleaved(probes: list[Probe], *, rounds: int, warmup: int = 30) -> dict[str, list[float]]:
    """Run every probe `per_round` times per round, `rounds` rounds, in turn.

    Interleaving puts the baseline (ping) and the measured endpoints in the same time
    windows, so background load on the machine hits both alike and ratios stay fair.
    """
    for probe in probes:
        for _ in range(warmup):
            probe.call()
    for round_index in range(rounds):
        order = probes[round_index % len(probes) :] + probes[: round_index % len(probes)]
        for probe in order:
            for _ in range(probe.per_round):
                probe.samples.append(probe.call().ms)
    return {probe.name: probe.samples for probe in probes}


# ---------------------------------------------------------------- report


@dataclass
class Row:
    figure: str
    target: str
    measured: str
    passed: bool | None = None  # None: informative, no target


def print_table(title: str, rows: list[Row]) -> None:
    width_f = max(len(r.figure) for r in rows + [Row("Figure", "", "")])
    width_t = max(len(r.target) for r in rows + [Row("", "Target", "")])
    width_m = max(len(r.measured) for r in rows + [Row("", "", "Measured")])
    line = f"+-{'-' * width_f}-+-{'-' * width_t}-+-{'-' * width_m}-+------+"
    print()
    print(title)
    print(line)
    print(f"| {'Figure':<{width_f}} | {'Target':<{width_t}} | {'Measured':<{width_m}} | Pass |")
    print(line)
    for r in rows:
        verdict = "" if r.passed is None else ("PASS" if r.passed else "FAIL")
        print(f"| {r.figure:<{width_f}} | {r.target:<{width_t}} | {r.measured:<{width_m}} | {verdict:<4} |")
    print(line, flush=True)


def machine() -> dict:
    info = {
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
    }
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
        mem = Path("/proc/meminfo").read_text().splitlines()[0].split()[1]
        info["memory_gb"] = round(int(mem) / 1024 / 1024, 1)
    except OSError:
        pass
    info["loadavg"] = os.getloadavg()
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        info["git_commit"] = commit.stdout.strip()
        info["uncommitted_files"] = [line[3:] for line in changed.stdout.splitlines()]
    except OSError:
        pass
    return info


def save(name: str, data: dict) -> Path:
    VAR.mkdir(parents=True, exist_ok=True)
    path = VAR / f"{name}.json"
    data = {"measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "machine": machine(), **data}
    path.write_text(json.dumps(data, indent=2, default=str))
    log(f"Figures written to {path.relative_to(ROOT)}")
    return path


def ratio(a: float, b: float) -> float:
    return a / b if b else float("inf")


def fmt_ms(value: float) -> str:
    return f"{value:.2f} ms"


# ---------------------------------------------------------------- in-process query counts


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


# ---------------------------------------------------------------- where the CPU went


def _process_cpu() -> dict[int, tuple[str, float, int]]:
    """pid -> (command, CPU seconds so far, parent pid), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry.name}/stat").read_text()
        except OSError:
            continue
        command = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        found[int(entry.name)] = (
            command,
            (int(fields[11]) + int(fields[12])) / ticks,
            int(fields[1]),
        )
    return found


class CpuMeter:
    """CPU seconds spent by the server(s) (gunicorn masters and workers), PostgreSQL, this
    client process and everything else on the machine between start() and stop()."""

    def __init__(self, *server_pids: int):
        self.server_pids = set(server_pids)

    def _group(self, snapshot) -> dict[str, float]:
        groups = {"gunicorn": 0.0, "postgres": 0.0, "bench client": 0.0, "other processes": 0.0}
        for pid, (command, seconds, parent) in snapshot.items():
            if pid in self.server_pids or parent in self.server_pids:
                groups["gunicorn"] += seconds
            elif command.startswith("postgres"):
                groups["postgres"] += seconds
            elif pid == os.getpid():
                groups["bench client"] += seconds
            else:
                groups["other processes"] += seconds
        return groups

    def start(self) -> None:
        self.before = _process_cpu()
        self.started = time.perf_counter()

    def stop(self) -> dict:
        after = _process_cpu()
        wall = time.perf_counter() - self.started
        # A process born in between counts whole (e.g. a PostgreSQL backend a new thread's first
        # connection forked); one that ended in between is lost, so these are lower bounds.
        delta = {}
        for pid, (command, seconds, parent) in after.items():
            earlier = self.before.get(pid)
            if earlier is not None and earlier[0] != command:
                earlier = None  # a recycled pid
            delta[pid] = (command, seconds - (earlier[1] if earlier else 0.0), parent)
        groups = self._group(delta)
        return {
            "wall_s": round(wall, 2),
            **{k: round(v, 2) for k, v in groups.items()},
            "machine_capacity_s": round(wall * (os.cpu_count() or 1), 2),
        }


# ---------------------------------------------------------------- sampling the server under load


def start_py_spy(server_pid: int, seconds: float, name: str):
    """py-spy record of the gunicorn master and workers (only when py-spy is installed next to
    this Python: pip install py-spy, a developer tool, not a project dependency)."""
    spy = Path(sys.executable).with_name("py-spy")
    if not spy.exists():
        log("py-spy is not installed: no sampling (pip install py-spy)")
        return None
    out = VAR / f"{name}.pyspy.txt"
    # --gil: only samples of threads holding the GIL, i.e. Python code running on a CPU (not
    # threads waiting for PostgreSQL, a lock or the network).
    command = [
        str(spy),
        "record",
        "--pid",
        str(server_pid),
        "--subprocesses",
        "--format",
        "raw",
        "--gil",
        "--rate",
        "250",
        "--nonblocking",
        "--duration",
        str(max(1, int(seconds))),
        "--output",
        str(out),
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return process, out


def _frame(frame: str) -> str:
    """`func (path/to/file.py:123)` -> `func (path/to/file.py)`: lines of one function add up."""
    name, sep, where = frame.rpartition(" (")
    if not sep or not where.endswith(")"):
        return frame
    return f"{name} ({where[:-1].rsplit(':', 1)[0]})"


def summarize_py_spy(handle, top: int = 25, prefixes: tuple[str, ...] = ()) -> dict | None:
    """Own time of the leaf functions and inclusive time of the project's functions, in % of the
    samples (each one a thread running Python code)."""
    if handle is None:
        return None
    process, out = handle
    process.wait(timeout=120)
    if not out.exists():
        return None
    own: dict[str, int] = {}
    inclusive: dict[str, int] = {}
    total = 0
    for line in out.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack:
            continue
        n = int(count)
        total += n
        frames = [_frame(frame) for frame in stack.split(";") if not frame.startswith(("process ", "thread "))]
        if not frames:
            continue
        own[frames[-1]] = own.get(frames[-1], 0) + n
        for f in set(frames):
            if not prefixes or any(p in f for p in prefixes):
                inclusive[f] = inclusive.get(f, 0) + n
    if not total:
        return None

    def ranked(counts):
        return [(f, round(100 * c / total, 1)) for f, c in sorted(counts.items(), key=lambda i: -i[1])[:top]]

    return {
        "samples": total,
        "file": str(out.relative_to(ROOT)),
        "self": ranked(own),
        "inclusive": ranked(inclusive),
    }


def cpu_note(cpu: dict) -> str:
    return (
        f"CPU during the measurement: {cpu['wall_s']}s wall x {os.cpu_count()} cores; gunicorn {cpu['gunicorn']}s, "
        f"postgres {cpu['postgres']}s, bench client {cpu['bench client']}s, "
        f"other processes (background load) {cpu['other processes']}s"
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
