import json
import time
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tests.factories import ALL_SCOPES, RestaurantFactory, make_key


@pytest.fixture
def restaurant(db):
    return RestaurantFactory()


@pytest.fixture
def make_client():
    """make_client(restaurant, scopes) -> an API client authenticated with a fresh key."""

    def make(restaurant, scopes=ALL_SCOPES, **key_fields):
        key, secret = make_key(restaurant, scopes, **key_fields)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
        client.key = key
        client.secret = secret
        return client

    return make


@pytest.fixture
def api(restaurant, make_client):
    """A client holding every scope at `restaurant`."""
    return make_client(restaurant)


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture(autouse=True)
def api_key_cache_off(settings):
    """In-process tests authenticate with a query every time (API_KEY_CACHE_SECONDS = 0), so query
    counts do not depend on the clock; tests/platform/test_key_cache.py turns the cache on. Servers
    the tests start (gunicorn in e2e and fuzz runs) keep the default one-second cache."""
    settings.API_KEY_CACHE_SECONDS = 0


@pytest.fixture(autouse=True)
def outbox_rings_at_once(settings):
    """In-process tests ring the outbox doorbell on every commit (no pacing interval), so what a
    commit queues is there when the test looks; tests/webhooks/test_doorbell.py tests the pacing."""
    settings.OUTBOX_RING_INTERVAL = 0


@pytest.fixture(autouse=True, scope="session")
def celery_runs_tasks_in_process():
    """No worker runs during the tests: queued tasks (guest e-mails) run in-process instead of
    piling up in Redis. Tests of the queueing itself switch this off."""
    from config.celery import app

    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


# --- the fuzz run (tests/fuzz) ---------------------------------------------------------------

FUZZ_TEST_DIR = "tests/fuzz/"
FUZZ_SUMMARY = Path(__file__).resolve().parents[1] / "var" / "fuzz" / "last-run.json"


def pytest_sessionstart(session):
    session.config._started_at = time.time()


def pytest_collection_modifyitems(session, config, items):
    """The fuzz run first: it is the longest file, so under xdist it starts on one worker while
    the other takes the rest of the suite (the order is the same in every worker)."""
    items.sort(key=lambda item: not item.nodeid.startswith(FUZZ_TEST_DIR))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    _layers_summary(terminalreporter)
    _fuzz_summary(terminalreporter, config)


def _layers_summary(terminalreporter):
    """The apps' layers and their two-way dependencies, when the architecture test ran (its properties
    travel with its report, from whichever worker ran it)."""
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", []):
        properties = dict(getattr(report, "user_properties", ()))
        if report.when == "call" and "layers" in properties:
            terminalreporter.section("layers (tests/test_architecture.py, docs/design.md)")
            for name, value in properties.items():
                terminalreporter.write_line(f"{name}: {value}")


def _fuzz_summary(terminalreporter, config):
    """The fuzzer's figures, when it ran in this session (written by whichever worker ran it)."""
    started = getattr(config, "_started_at", None)
    if started is None or not FUZZ_SUMMARY.exists() or FUZZ_SUMMARY.stat().st_mtime < started:
        return
    figures = json.loads(FUZZ_SUMMARY.read_text())
    write = terminalreporter.write_line
    terminalreporter.section("fuzz run (schemathesis, docs/fuzzing.md)")
    write(
        f"{figures['operations']['tested']} operations, {figures['cases_generated']} cases generated, "
        f"{figures['requests']} requests in {figures['duration_s']} s (seed {figures['seed']}); "
        f"{figures['cases_with_failures']} cases with failures, {len(figures['errors'])} errors, "
        f"{figures['responses_5xx']} responses 5xx"
    )
    write("2xx per operation: " + ", ".join(f"{op} {n}" for op, n in figures["responses_2xx"].items()))
    write(f"figures: {FUZZ_SUMMARY.relative_to(FUZZ_SUMMARY.parents[2])}")
