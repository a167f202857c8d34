"""The fuzzer: schemathesis against the live service under gunicorn, from its OpenAPI document
(docs/fuzzing.md).

One test, part of `make test`: it loads `restaurant.yaml` into this process's test database
(the setup-file loader, as `manage.py load_restaurant` does), starts gunicorn on a free port
(tests/e2e/conftest.py), and runs the schemathesis CLI on `GET /v1/openapi.json` with a key
holding every scope, every phase (examples, coverage, fuzzing, stateful), positive and
negative data, for `FUZZ_MAX_TIME` seconds (150 by default, 300 at most). The hooks of
`hooks.py` supply real ids, free slots and fresh idempotency keys, check the error envelope and
count the statuses; `schemathesis.toml` sets the checks.

It fails when schemathesis reports a failure or an error (a 5xx, a response the document does
not describe, a valid request refused, an invalid one accepted, a 4xx without the envelope...),
when an operation was not tested or got no case of the coverage phase, or when a write
operation answered fewer than `MIN_2XX` successes. The figures go to `var/fuzz/last-run.json` and are printed at the end of the run
(tests/conftest.py). `FUZZ_SEED` replays another seed.
"""

import json
import os
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.e2e.conftest import start_gunicorn

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
SUMMARY = ROOT / "var" / "fuzz" / "last-run.json"

DEFAULT_MAX_TIME = 150
LONGEST = 300  # the bound: a fuzz run in CI takes at most five minutes
DEFAULT_SEED = 20261123

WRITES = (
    "POST /v1/holds",
    "DELETE /v1/holds/{hold_id}",
    "POST /v1/reservations",
    "PATCH /v1/reservations/{reservation_id}",
    "POST /v1/reservations/{reservation_id}/cancel",
)
# Each write must succeed this often in a run; a run of the default length gives dozens.
MIN_2XX = 5


def _max_time() -> int:
    return max(10, min(int(os.environ.get("FUZZ_MAX_TIME", DEFAULT_MAX_TIME)), LONGEST))


def _load_restaurant(path: Path) -> dict:
    out = StringIO()
    call_command("load_restaurant", str(HERE / "restaurant.yaml"), stdout=out)
    world = json.loads(out.getvalue())
    path.write_text(json.dumps(world))
    return world


def _figures(report: dict, stats: dict, seconds: float, max_time: int, seed: int) -> dict:
    statuses = stats["statuses"]
    return {
        "seed": seed,
        "max_time_s": max_time,
        "duration_s": round(seconds, 1),
        "schemathesis": report["schemathesis_version"],
        "operations": report["operations"],
        "phases": {name: phase["status"] for name, phase in report["phases"].items()},
        "cases_generated": report["test_cases"]["generated"],
        "cases_with_failures": report["test_cases"]["with_failures"],
        "failures": report["failures"],
        "errors": report["errors"],
        "requests": sum(sum(counts.values()) for counts in statuses.values()),
        "responses_5xx": sum(n for counts in statuses.values() for status, n in counts.items() if status >= "500"),
        "responses_2xx": {
            operation: sum(n for status, n in counts.items() if status.startswith("2"))
            for operation, counts in statuses.items()
        },
        "statuses": statuses,
        "tolerated_refusals": stats["tolerated_refusals"],
        "supplied": sum(stats["supplied"].values()),
        "setup_calls": stats["setup_calls"],
    }


@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_nothing(tmp_path):
    max_time, seed = _max_time(), int(os.environ.get("FUZZ_SEED", DEFAULT_SEED))
    world = _load_restaurant(tmp_path / "world.json")
    report_path, stats_path, log_path = tmp_path / "report.json", tmp_path / "stats.json", tmp_path / "schemathesis.log"
    server_env = {
        # Guest e-mails are rendered in the request (eager Celery) and dropped: nothing piles up in Redis.
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
    }
    with start_gunicorn(extra_env=server_env) as server:
        env = {
            **os.environ,
            "SCHEMATHESIS_HOOKS": str(HERE / "hooks.py"),
            "FUZZ_BASE_URL": server.url,
            "FUZZ_API_KEY": world["api_keys"]["full"],
            "FUZZ_WORLD": str(tmp_path / "world.json"),
            "FUZZ_STATS": str(stats_path),
            "FUZZ_SEED": str(seed),
        }
        command = [
            str(SCHEMATHESIS),
            "--config-file",
            str(HERE / "schemathesis.toml"),
            "--no-color",
            "run",
            f"{server.url}/v1/openapi.json",
            "--header",
            f"Authorization: Bearer {world['api_keys']['full']}",
            "--max-time",
            str(max_time),
            "--seed",
            str(seed),
            "--report",
            "json",
            "--report-json-path",
            str(report_path),
        ]
        started = time.monotonic()
        with open(log_path, "w") as log:
            result = subprocess.run(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, timeout=max_time + 180
            )
        seconds = time.monotonic() - started
        server_log = server.log()
    output = log_path.read_text(errors="replace")
    assert report_path.exists() and stats_path.exists(), f"schemathesis did not finish:\n{output[-5000:]}"
    report = json.loads(report_path.read_text())
    figures = _figures(report, json.loads(stats_path.read_text()), seconds, max_time, seed)
    SUMMARY.parent.mkdir(parents=True, exist_ok=True)
    SUMMARY.write_text(json.dumps(figures, indent=1) + "\n")
    (SUMMARY.parent / "last-run.log").write_text(output)

    assert result.returncode == 0, f"schemathesis found something (seed {seed}):\n{output[-12000:]}"
    operations = figures["operations"]
    assert operations["tested"] == operations["selected"] == operations["total"] >= 15, operations
    # The coverage phase (boundaries and every kind of invalid value, per parameter) reached every
    # operation: a schema it cannot cover in time is dropped silently, not reported as a failure.
    uncovered = sorted(op for op in figures["statuses"] if "coverage" not in report["valid_rates"].get(op, {}))
    assert not uncovered, f"the coverage phase sent no case to {uncovered}"
    assert figures["responses_5xx"] == 0, f"5xx answered:\n{figures['statuses']}\n{server_log[-5000:]}"
    short = {op: figures["responses_2xx"].get(op, 0) for op in WRITES if figures["responses_2xx"].get(op, 0) < MIN_2XX}
    assert not short, f"write operations with fewer than {MIN_2XX} successes: {short}"
