"""Real processes for the delivery tests: a Celery worker (with its beat) on this test process's
database, and a Redis of the test's own on a free port (stopped and started by the test; the
machine's shared Redis is never touched).

Each runs in its own process group, so `kill()` SIGKILLs the worker and its pool children at
once, as a crash or an OOM kill would.
"""

import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from tests.e2e.conftest import ROOT, database_url, free_port

CELERY = ROOT / ".venv" / "bin" / "celery"


class Process:
    def __init__(self, name: str):
        self.name = name
        self.process: subprocess.Popen | None = None
        self.log_path = Path(tempfile.mkstemp(prefix=f"{name}-", suffix=".log")[1])

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def _spawn(self, command: list[str], env: dict) -> None:
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the whole process group (the worker and its pool children)."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)
        self.process = None

    def stop(self, timeout: float = 15) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            try:
                self.process.terminate()  # the main process: a warm shutdown of its pool
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
                return
            except ProcessLookupError:
                pass
        self.process = None


class OwnRedis(Process):
    """redis-server on a free port, nothing persisted: a restart loses every queued task."""

    def __init__(self):
        super().__init__("redis")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "OwnRedis":
        self._spawn(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            dict(os.environ),
        )
        import redis

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.2).ping()
                return self
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError(f"redis did not start:\n{self.log()}")


class Beat(Process):
    """`celery beat` (the outbox sweep every 5 s), a process of its own as in the Procfile: a worker's
    embedded beat (`-B`) shuts down for good when the worker loses its broker."""

    def __init__(self, env: dict, schedule: Path):
        super().__init__("celery-beat")
        self.env, self.schedule = env, schedule

    def start(self) -> "Beat":
        self._spawn([str(CELERY), "-A", "config", "beat", "-s", str(self.schedule), "--loglevel", "INFO"], self.env)
        return self


class Worker(Process):
    """A Celery worker on both queues, on the test database, with a beat process beside it."""

    def __init__(self, broker_url: str, extra_env: dict | None = None, concurrency: int = 4):
        super().__init__("celery-worker")
        from django.db import connection

        self.schedule = Path(tempfile.mkdtemp(prefix="beat-")) / "schedule"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": database_url(connection.settings_dict),
            "REDIS_URL": broker_url,
            "CELERY_BROKER_URL": broker_url,
            "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
            "DEBUG": "false",
            **(extra_env or {}),
        }
        self.env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        self.concurrency = concurrency
        self.starts = 0
        self.beat = Beat(self.env, self.schedule)

    def start(self, wait: bool = True) -> "Worker":
        self.starts += 1
        self._spawn(
            [
                str(CELERY),
                "-A",
                "config",
                "worker",
                "-Q",
                "celery,webhooks_slow",
                "-c",
                str(self.concurrency),
                "-n",
                f"webhooks-test-{os.getpid()}-{self.starts}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel",
                "INFO",
            ],
            self.env,
        )
        if not self.beat.running():
            self.beat.start()
        if wait:
            self.wait_ready()
        return self

    def stop(self, timeout: float = 15) -> None:
        super().stop(timeout)
        self.beat.stop(timeout)

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        marker_count = self.starts
        while time.monotonic() < deadline:
            if self.log().count(" ready.") >= marker_count:
                return
            if self.process.poll() is not None:
                raise RuntimeError(f"the worker exited:\n{self.log()[-5000:]}")
            time.sleep(0.1)
        raise RuntimeError(f"the worker was not ready within {timeout} s:\n{self.log()[-5000:]}")


def use_broker(url: str):
    """Point this test process's Celery app (the doorbell) at `url` and really queue; returns an undo."""
    from config.celery import app

    before = (app.conf.broker_url, app.conf.task_always_eager)

    def reset_pools():
        from kombu import pools

        pools.reset()  # kombu's per-connection producer pools, then the app's own
        app._pool = None
        app.amqp._producer_pool = None

    app.conf.broker_url = url
    app.conf.task_always_eager = False
    reset_pools()

    def undo():
        app.conf.broker_url, app.conf.task_always_eager = before
        reset_pools()

    return undo


class Supervisor:
    """Restarts a worker that exited, as systemd (`Restart=always`) or Kubernetes would: a worker
    whose Redis connection drops can exit (kombu's Redis transport fails while restoring its
    unacknowledged messages: AttributeError in `_connparams`), and production runs it supervised."""

    def __init__(self, worker: Worker):
        import threading

        self.worker = worker
        self.restarts = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        while not self._stop.wait(0.5):
            if not self.worker.running():
                self.restarts += 1
                self.worker.process = None
                self.worker.start(wait=False)

    def __enter__(self) -> "Supervisor":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
