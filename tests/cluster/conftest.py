"""The production topology for real: `deploy/cluster.py` (what `make cluster` runs) started once for
these tests in a directory of their own, its proxy and nodes reached over loopback.

It costs about a minute to start (a new primary and standby, migrations, the demo restaurant), so
every test of this package shares one cluster; a test that stops a part starts it again. With
CLUSTER_RUNNING=var/cluster they run against the cluster `make cluster` started instead.
"""

import contextlib
import datetime as dt
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]


class Cluster:
    def __init__(self, directory: Path, output: str):
        self.dir = directory
        self.description = json.loads((directory / "cluster.json").read_text())
        self.proxy = self.description["proxy"]
        self.nodes = list(self.description["nodes"].values())
        found = re.search(r"API key:\s+(sk_live_\w+)", output)
        self.key = found.group(1) if found else self.mint_key()

    def mint_key(self) -> str:
        """A full-scope key of the demo restaurant, minted on the cluster's primary."""
        code = ("from apikeys.models import SCOPES; from apikeys.services import mint_key; "
                "from reservations.models import Restaurant; print(mint_key(restaurant=Restaurant.objects"
                ".order_by('id').first(), name='cluster tests', scopes=list(SCOPES)).secret)")  # fmt: skip
        env = {**os.environ, "DATABASE_URL": self.description["primary"], "REDIS_URL": self.description["redis"]}
        done = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
        return done.stdout.strip().splitlines()[-1]

    def headers(self, key: str | None = None, **extra) -> dict:
        return {"Authorization": f"Bearer {key or self.key}", **extra}

    def ctl(self, *args: str) -> str:
        done = subprocess.run([str(ROOT / ".venv/bin/supervisorctl"), "-c", self.description["supervisor"], *args],
                              capture_output=True, text=True)  # fmt: skip
        return done.stdout

    def pid(self, program: str) -> int | None:
        found = re.search(r"pid (\d+)", self.ctl("status", program))
        return int(found.group(1)) if found else None

    def log(self, program: str) -> str:
        return (self.dir / "logs" / f"{program}.log").read_text(errors="replace")

    def free_slot(self, base: str | None = None, party_size: int = 2, skip: int = 0) -> tuple[str, str]:
        """A (date, time) the demo restaurant can seat `party_size` at, `skip` slots in."""
        base = base or self.proxy
        today = dt.date.fromisoformat(
            requests.get(f"{base}/v1/configuration", headers=self.headers(), timeout=10).json()["current_date"]
        )
        seen = 0
        for n in range(1, 30):
            day = (today + dt.timedelta(days=n)).isoformat()
            answer = requests.get(f"{base}/v1/availability", params={"service_date": day, "party_size": party_size},
                                  headers=self.headers(), timeout=10).json()  # fmt: skip
            for shift in answer["shifts"]:
                for slot in shift["slots"]:
                    if seen == skip:
                        return day, slot["time"]
                    seen += 1
        raise AssertionError("no free slot in 30 days")

    def create(self, base: str, day: str, time_: str, key: str | None = None, idempotency_key: str | None = None):
        email = f"{idempotency_key or uuid.uuid4().hex}@example.com"  # the same body when replayed
        body = {"service_date": day, "start_time": time_, "party_size": 2,
                "guest": {"first_name": "Ada", "last_name": "Lovelace", "email": email}}  # fmt: skip
        headers = self.headers(key, **{"Idempotency-Key": idempotency_key or str(uuid.uuid4())})
        return requests.post(f"{base}/v1/reservations", json=body, headers=headers, timeout=30)


@pytest.fixture(scope="session")
def cluster():
    running = os.environ.get("CLUSTER_RUNNING")
    if running:  # a cluster `make cluster` started: CLUSTER_RUNNING=var/cluster
        yield Cluster(Path(running), "")
        return
    # Not below pytest's own temporary directory: other pytest runs reset it to owner-only, and
    # PostgreSQL runs as its own user.
    directory = Path(tempfile.mkdtemp(prefix="reservations-cluster-"))
    directory.chmod(0o755)
    env = {**os.environ, "CLUSTER_DIR": str(directory), "CLUSTER_PORT": "0"}
    process = subprocess.Popen([sys.executable, str(ROOT / "deploy" / "cluster.py")], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip
    output, deadline = [], time.monotonic() + 300
    for line in process.stdout:
        output.append(line)
        if line.startswith("proxy: "):
            break
        if time.monotonic() > deadline:
            break
    if process.poll() is not None or not any(line.startswith("proxy: ") for line in output):
        process.kill()
        pytest.fail("the cluster did not start:\n" + "".join(output[-60:]))
    # Keep reading its output, so that the launcher never blocks on a full pipe.
    import threading

    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    yield Cluster(directory, "".join(output))
    pid_file = directory / "supervisord.pid"
    supervisord = int(pid_file.read_text()) if pid_file.exists() else None
    process.send_signal(signal.SIGINT)
    try:
        process.wait(150)
    except subprocess.TimeoutExpired:
        process.kill()
    if supervisord is not None:  # never leave a part running, even when the launcher could not stop it
        with contextlib.suppress(ProcessLookupError):
            os.killpg(supervisord, signal.SIGKILL)
    shutil.rmtree(directory, ignore_errors=True)
