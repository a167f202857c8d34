"""The production topology for real: `deploy/cluster.py` (what `make cluster` runs) started once for
these tests in a directory of their own, its proxy and nodes reached over loopback.

It costs about a minute to start (a new primary and standby, migrations, the demo restaurant), so
every test of this package shares one cluster; a test that stops a part starts it again. With
CLUSTER_RUNNING=var/cluster they run against the cluster `make cluster` started instead.
"""

import datetime as dt
import json
import os
import re
import shutil
import tempfile
import uuid
from pathlib import Path

import pytest
import requests

from deploy import running


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
        return self.shell("from apikeys.models import SCOPES; from apikeys.services import mint_key; "
                          "from reservations.models import Restaurant; print(mint_key(restaurant=Restaurant.objects"
                          ".order_by('id').first(), name='cluster tests', scopes=list(SCOPES)).secret)")  # fmt: skip

    def shell(self, code: str) -> str:
        return running.shell(self.description, code)

    def headers(self, key: str | None = None, **extra) -> dict:
        return {"Authorization": f"Bearer {key or self.key}", **extra}

    def ctl(self, *args: str) -> str:
        return running.ctl(self.description, *args)

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
    given = os.environ.get("CLUSTER_RUNNING")
    if given:  # a cluster `make cluster` started: CLUSTER_RUNNING=var/cluster
        yield Cluster(Path(given), "")
        return
    # Not below pytest's own temporary directory: other pytest runs reset it to owner-only, and
    # PostgreSQL runs as its own user.
    directory = Path(tempfile.mkdtemp(prefix="reservations-cluster-"))
    directory.chmod(0o755)
    try:
        started = running.start(directory)
    except RuntimeError as error:
        pytest.fail(str(error))
    yield Cluster(directory, started.output)
    running.stop(started)
    shutil.rmtree(directory, ignore_errors=True)
