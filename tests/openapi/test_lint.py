"""The document as the ecosystem's linters read it: Spectral (`spectral:oas`) and Redocly (`recommended`)
find no error and no warning, and the served document stays small.

The linters are npm packages of tests/openapi/linters (installed by scripts/lib.sh); their rulesets
beside them say why each rule turned off is off (docs/api-decisions.md too).
"""

import json
import os
import subprocess

import pytest
from django.conf import settings

from config.api.openapi import openapi_document

LINTERS = settings.BASE_DIR / "tests" / "openapi" / "linters"
MAX_BYTES = 250_000


def linter(name: str):
    path = LINTERS / "node_modules" / ".bin" / name
    if not path.exists():
        pytest.fail(f"{path} is missing: scripts/test.sh (make test) installs tests/openapi/linters")
    return str(path)


@pytest.fixture(scope="module")
def document_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("openapi") / "openapi.json"
    path.write_text(json.dumps(openapi_document()[0], indent=2), encoding="utf-8")  # lines to point at
    return path


def run(command: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_COLOR": "1"}
    return subprocess.run(command, cwd=LINTERS, env=env, capture_output=True, text=True, timeout=120)


def test_spectral_finds_nothing(document_file):
    done = run([linter("spectral"), "lint", "--ruleset", ".spectral.yaml", "-f", "json", "-q", str(document_file)])
    assert done.returncode in (0, 1), done.stderr
    findings = json.loads(done.stdout or "[]")
    # severity 0 error, 1 warning, 2 information, 3 hint
    listed = [f"{'/'.join(map(str, f['path']))}: {f['code']}: {f['message']}" for f in findings if f["severity"] <= 1]
    assert not listed, "Spectral (spectral:oas):\n" + "\n".join(listed)


def test_redocly_finds_nothing(document_file, tmp_path):
    report = tmp_path / "redocly.json"
    done = run([linter("redocly"), "lint", "--config", "redocly.yaml", "--format", "json", str(document_file)])
    report.write_text(done.stdout)
    findings = json.loads(done.stdout)["problems"]
    listed = [
        f"{problem['location'][0]['pointer']}: {problem['ruleId']}: {problem['message']}"
        for problem in findings
        if problem["severity"] in ("error", "warn")
    ]
    assert not listed, "Redocly (recommended):\n" + "\n".join(listed)
    assert done.returncode == 0, done.stderr


def test_the_served_document_is_at_most_250_kb(anon, db):
    body = anon.get("/v1/openapi.json").content
    assert len(body) <= MAX_BYTES, f"the document is {len(body)} bytes"
    # What made it large is gone: the common errors are shared, not copied into each operation.
    document = json.loads(body)
    for item in document["paths"].values():
        for operation in item.values():
            assert "$ref" in operation["responses"]["401"] and "$ref" in operation["responses"]["500"]
