"""`make cluster`: the production topology on one machine, for trying it and for its tests.

    HAProxy (proxy: http://127.0.0.1:PORT)
      -> three gunicorn nodes (share nothing but PostgreSQL and Redis)
    two Celery workers, the slow-queue worker, one scheduler (celery-redbeat's lock: a second
    scheduler started waits for the first to stop)
    PostgreSQL primary -> streaming hot standby (pg_basebackup), Redis

Every part runs under supervisord, which restarts a part that exits. Everything lives in
`var/cluster/` (made afresh on every start: a new primary with the demo restaurant, a new standby)
and `var/cluster/cluster.json` names every address, for the tests and the drills. Ctrl-C (or
SIGTERM) stops every part. docs/operations.md describes it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deploy import haproxy  # noqa: E402
from deploy.supervisor import Program, supervisord_conf  # noqa: E402

VENV = ROOT / ".venv" / "bin"
NODES = 3
WORKERS = {"worker1": "celery", "worker2": "celery", "worker-slow": "webhooks_slow"}  # name: queue


def pg_bin() -> Path:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if not versions:
        sys.exit("PostgreSQL's server programs are missing (apt-get install postgresql).")
    return versions[-1]


def free_port(wanted: int | None = None) -> int:
    for port in ([wanted] if wanted else []) + [0]:
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise RuntimeError("no free port")


def as_postgres(*command: str) -> list[str]:
    """PostgreSQL refuses to run as root: its programs run as the `postgres` user then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)


def run(command: list[str], env: dict | None = None, quiet: bool = True) -> str:
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=quiet, text=True)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stdout or ''}{done.stderr or ''}")
    return done.stdout or ""


def wait_for(what: str, check, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except Exception:  # noqa: BLE001,S110 - not up yet
            pass
        time.sleep(0.2)
    sys.exit(f"{what} did not come up within {seconds:.0f} s (logs: var/cluster/logs/)")


def http_ok(url: str) -> bool:
    with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 - our own loopback address
        return response.status == 200


class Cluster:
    def __init__(self, directory: Path):
        self.dir = directory
        self.bin = pg_bin()
        self.ports = {
            "proxy": free_port(int(os.environ.get("CLUSTER_PORT", "8080"))),
            "stats": free_port(),
            "primary": free_port(),
            "standby": free_port(),
            "redis": free_port(),
            **{f"web{n}": free_port() for n in range(1, NODES + 1)},
            **{f"metrics_web{n}": free_port() for n in range(1, NODES + 1)},
            **{f"metrics_{name}": free_port() for name in WORKERS},
        }
        self.proxy = f"http://127.0.0.1:{self.ports['proxy']}"

    def url(self, part: str) -> str:
        return f"http://127.0.0.1:{self.ports[part]}"

    def database_url(self, part: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.ports[part]}/reservations"

    def env(self) -> dict:
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url("primary"),
            # Reads from the standby (config/postgresql/replica.py); one that does not answer is given 2 s.
            "DATABASE_REPLICA_URL": self.database_url("standby") + "?connect_timeout=2",
            "REDIS_URL": f"redis://127.0.0.1:{self.ports['redis']}/0",
            "BASE_URL": self.proxy,
            "LOG_FORMAT": "json",
            # HAProxy appends the client's address to X-Forwarded-For: the log-in throttle reads it there.
            "TRUSTED_PROXY_COUNT": "1",
            # Every part is on this machine: webhook receivers may be too (the drills' is, on loopback).
            "WEBHOOK_ALLOWED_NETWORKS": os.environ.get("WEBHOOK_ALLOWED_NETWORKS") or "127.0.0.0/8",
        }
        env.pop("CELERY_BROKER_URL", None)
        return env

    # --- set-up ---------------------------------------------------------------------

    def prepare(self) -> None:
        if self.dir.exists():
            shutil.rmtree(self.dir)
        self.dir.mkdir(parents=True)
        self.dir.chmod(0o755)  # PostgreSQL, running as its own user, reaches its directories below
        for sub in ("logs", "pg-socket", "errors", "metrics"):
            (self.dir / sub).mkdir()
        for part in [f"web{n}" for n in range(1, NODES + 1)] + list(WORKERS):
            (self.dir / "metrics" / part).mkdir()  # each part's processes write their counts here
        primary = self.dir / "pg-primary"
        for owned in (primary, self.dir / "pg-standby", self.dir / "pg-socket"):
            owned.mkdir(mode=0o700, exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(owned, "postgres", "postgres")
        run(as_postgres(str(self.bin / "initdb"), "-D", str(primary), "-U", "postgres", "--auth=trust",
                        "--no-sync", "-E", "UTF8"))  # fmt: skip
        haproxy.write_error_files(self.dir / "errors", self.proxy + "/docs")
        (self.dir / "haproxy.cfg").write_text(
            haproxy.config(port=self.ports["proxy"], nodes=[(f"web{n}", self.ports[f"web{n}"]) for n in
                           range(1, NODES + 1)], errors=self.dir / "errors", stats_port=self.ports["stats"])
        )  # fmt: skip
        (self.dir / "supervisord.conf").write_text(supervisord_conf(self.dir, self.programs()))

    def postgres(self, name: str) -> Program:
        return Program(
            name,
            [
                str(self.bin / "postgres"),
                "-D",
                str(self.dir / name),
                "-p",
                str(self.ports[name.split("-")[1]]),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                f"unix_socket_directories={self.dir / 'pg-socket'}",
                "-c",
                "wal_level=replica",
                "-c",
                "max_wal_senders=5",
                "-c",
                "hot_standby=on",
                "-c",
                "max_connections=200",
            ],  # fmt: skip
            user="postgres" if os.geteuid() == 0 else None,
            stopsignal="INT",  # fast shutdown
        )

    def programs(self) -> list[Program]:
        env = self.env()
        celery = [str(VENV / "celery"), "-A", "config"]
        programs = [
            self.postgres("pg-primary"),
            self.postgres("pg-standby"),
            Program(
                "redis",
                [
                    "redis-server",
                    "--bind",
                    "127.0.0.1",
                    "--port",
                    str(self.ports["redis"]),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                ],
            ),  # fmt: skip
        ]
        for n in range(1, NODES + 1):
            programs.append(Program(
                f"web{n}", [str(VENV / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{self.ports[f'web{n}']}",
                            "--worker-class", "gthread", "--workers", os.environ.get("CLUSTER_WEB_WORKERS", "1"),
                            "--threads", "2", "--graceful-timeout", "5"],
                env={**env, "NODE_NAME": f"web{n}", "METRICS_PORT": str(self.ports[f"metrics_web{n}"]),
                     "PROMETHEUS_MULTIPROC_DIR": str(self.dir / "metrics" / f"web{n}")},
            ))  # fmt: skip
        for name, queue in WORKERS.items():
            programs.append(Program(name, [*celery, "worker", "--loglevel", "INFO", "--concurrency", "2",
                                           "--queues", queue, "--hostname", f"{name}@%h"],
                                    env={**env, "METRICS_PORT": str(self.ports[f"metrics_{name}"]),
                                         "PROMETHEUS_MULTIPROC_DIR": str(self.dir / "metrics" / name)}))  # fmt: skip
        # A second scheduler (`supervisorctl start beat2`) waits on the first's lock: one ticks at a time.
        for name in ("beat1", "beat2"):
            programs.append(Program(name, [*celery, "beat", "--loglevel", "INFO", "-S", "redbeat.RedBeatScheduler"],
                                    env=env))  # fmt: skip
        programs.append(Program("haproxy", ["haproxy", "-db", "-f", str(self.dir / "haproxy.cfg")]))
        return programs

    # --- start ----------------------------------------------------------------------

    def ctl(self, *args: str) -> str:
        return run([str(VENV / "supervisorctl"), "-c", str(self.dir / "supervisord.conf"), *args])

    def pg_ready(self, part: str) -> bool:
        port = str(self.ports[part])
        done = subprocess.run([str(self.bin / "pg_isready"), "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-q"])
        return done.returncode == 0

    def launch(self) -> subprocess.Popen:
        supervisord = subprocess.Popen(
            [str(VENV / "supervisord"), "-n", "-c", str(self.dir / "supervisord.conf")],
            cwd=ROOT,
            start_new_session=True,
            preexec_fn=_stop_with_launcher,
        )
        wait_for("supervisord", lambda: (self.dir / "supervisor.sock").exists(), 20)
        return supervisord

    def start(self) -> None:
        self.ctl("start", "pg-primary", "redis")
        wait_for("PostgreSQL (primary)", lambda: self.pg_ready("primary"))
        env = self.env()
        run(as_postgres(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.ports["primary"]), "-U",
                        "postgres", "reservations"))  # fmt: skip
        log("Migrating the primary and loading the demo restaurant")
        run([str(VENV / "python"), "manage.py", "migrate", "--noinput", "-v0"], env)
        run([str(VENV / "python"), "manage.py", "collectstatic", "--noinput", "-v0"], env)
        demo = run([str(VENV / "python"), "manage.py", "demo"], env)
        log("Making the standby (pg_basebackup)")
        standby = self.dir / "pg-standby"
        primary = str(self.ports["primary"])
        run(as_postgres(str(self.bin / "pg_basebackup"), "-h", "127.0.0.1", "-p", primary, "-U", "postgres",
                        "-D", str(standby), "-R", "-X", "stream", "-c", "fast", "--no-sync"))  # fmt: skip
        self.ctl("start", "pg-standby")
        wait_for("PostgreSQL (standby)", lambda: self.pg_ready("standby"))
        log("Starting three web nodes, the workers, the scheduler and the proxy")
        self.ctl("start", *[f"web{n}" for n in range(1, NODES + 1)], "worker1", "worker2", "worker-slow", "beat1",
                 "haproxy")  # fmt: skip
        for n in range(1, NODES + 1):
            wait_for(f"web{n}", lambda n=n: http_ok(self.url(f"web{n}") + "/readyz"))
        wait_for("the proxy", lambda: http_ok(self.proxy + "/readyz"))
        self.write_description()
        print(demo.strip(), flush=True)

    def write_description(self) -> None:
        description = {
            "proxy": self.proxy,
            "stats": self.url("stats"),
            "nodes": {f"web{n}": self.url(f"web{n}") for n in range(1, NODES + 1)},
            "metrics": {
                part: self.url(f"metrics_{part}") for part in [f"web{n}" for n in range(1, NODES + 1)] + list(WORKERS)
            },  # fmt: skip
            "primary": self.database_url("primary"),
            "standby": self.database_url("standby"),
            "redis": f"redis://127.0.0.1:{self.ports['redis']}/0",
            "supervisor": str(self.dir / "supervisord.conf"),
            "pid": os.getpid(),
        }
        (self.dir / "cluster.json").write_text(json.dumps(description, indent=2))


def stop_supervisord(supervisord: subprocess.Popen) -> None:
    if supervisord.poll() is None:
        supervisord.send_signal(signal.SIGTERM)  # supervisord stops its programs, then itself
    try:
        supervisord.wait(60)
    except subprocess.TimeoutExpired:
        os.killpg(supervisord.pid, signal.SIGKILL)


def _stop_with_launcher() -> None:
    """In supervisord's process, before it starts: SIGTERM when the launcher dies, however it dies
    (Linux's PR_SET_PDEATHSIG), so that even a launcher killed with SIGKILL leaves no part running."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG


def log(message: str) -> None:
    print(f"\033[1m==> {message}\033[0m", file=sys.stderr, flush=True)


def _interrupted(*_):
    raise KeyboardInterrupt


def running_pid(directory: Path) -> int | None:
    """The supervisord of a cluster still running from this directory, if any."""
    try:
        pid = int((directory / "supervisord.pid").read_text())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


def main() -> int:
    directory = Path(os.environ.get("CLUSTER_DIR", ROOT / "var" / "cluster"))
    pid = running_pid(directory)
    if pid is not None:
        sys.exit(f"A cluster is already running from {directory} (supervisord pid {pid}); stop it first.")
    # Ctrl-C and SIGTERM both unwind through the `finally` below, at any step.
    signal.signal(signal.SIGTERM, _interrupted)
    cluster = Cluster(directory)
    supervisord = None
    try:
        log(f"Setting up the cluster in {directory}")
        cluster.prepare()
        supervisord = cluster.launch()
        cluster.start()
        for name, address in json.loads((directory / "cluster.json").read_text())["nodes"].items():
            print(f"{name}: {address}")
        print(f"proxy: {cluster.proxy}", flush=True)
        supervisord.wait()
        return supervisord.returncode or 0
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if supervisord is not None:
            log("Stopping every part")
            stop_supervisord(supervisord)
        (directory / "cluster.json").unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
