"""A cluster (deploy/cluster.py) driven from another program: the cluster tests, the drills and
bench_cluster start one, reach its parts, run code on its primary and stop it, through these."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Running:
    directory: Path
    launcher: subprocess.Popen
    output: str  # what the launcher printed up to its `proxy:` line (the demo key among it)

    @property
    def description(self) -> dict:
        return json.loads((self.directory / "cluster.json").read_text())


def start(directory: Path, seconds: float = 300) -> Running:
    """Start a cluster in `directory` on free ports; return once its proxy answers (RuntimeError with the
    launcher's last lines if it does not)."""
    env = {**os.environ, "CLUSTER_DIR": str(directory), "CLUSTER_PORT": "0"}
    launcher = subprocess.Popen([sys.executable, str(ROOT / "deploy" / "cluster.py")], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip
    output, deadline = [], time.monotonic() + seconds
    for line in launcher.stdout:
        output.append(line)
        if line.startswith("proxy: ") or time.monotonic() > deadline:
            break
    if launcher.poll() is not None or not output or not output[-1].startswith("proxy: "):
        launcher.kill()
        raise RuntimeError("the cluster did not start:\n" + "".join(output[-60:]))
    # Keep reading its output, so that the launcher never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in launcher.stdout], daemon=True).start()
    return Running(directory, launcher, "".join(output))


def stop(running: Running) -> None:
    """Stop every part: the launcher stops them in order; whatever it could not stop is killed."""
    pid_file = running.directory / "supervisord.pid"
    supervisord = int(pid_file.read_text()) if pid_file.exists() else None
    # SIGTERM, which the launcher handles as Ctrl-C: SIGINT is ignored in a launcher started in the
    # background of a script (a shell gives such jobs SIGINT ignored, and Python keeps that).
    running.launcher.send_signal(signal.SIGTERM)
    try:
        running.launcher.wait(150)
    except subprocess.TimeoutExpired:
        running.launcher.kill()
    if supervisord is not None:  # supervisord leads its own process group: its parts with it
        with contextlib.suppress(ProcessLookupError):
            os.killpg(supervisord, signal.SIGKILL)


def shell(description: dict, code: str, timeout: float = 120) -> str:
    """Run `code` with `manage.py shell` against the cluster's primary; the last line it printed."""
    env = {**os.environ, "DATABASE_URL": description["primary"], "REDIS_URL": description["redis"]}
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"manage.py shell failed:\n{done.stderr}")
    printed = done.stdout.strip()
    return printed.splitlines()[-1] if printed else ""  # after the shell's own notice


def ctl(description: dict, *args: str) -> str:
    """supervisorctl against the cluster's supervisord (`status`, `start web2`, ...)."""
    done = subprocess.run([str(ROOT / ".venv/bin/supervisorctl"), "-c", description["supervisor"], *args],
                          capture_output=True, text=True)  # fmt: skip
    return done.stdout
