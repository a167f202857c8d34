"""The partner's first hour: the docs pages render in Chromium with nothing fetched from another
host, and the guides' code samples run, as written, against the live service."""

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from config.docs.views import GUIDES

ROOT = Path(__file__).resolve().parents[2]
GUIDES_DIR = ROOT / "docs" / "guides"
SETUP = """
restaurant: {name: Guide Bistro, timezone: Europe/Paris, country: FR, currency: EUR, primary_language: en,
             max_advance_days: 60, max_party_size: 8}
floor_plans:
  - key: main
    name: Main
    sections:
      - key: room
        name: Room
        tables: [{name: "1", min: 1, max: 2}, {name: "2", min: 1, max: 4}, {name: "3", min: 2, max: 6}]
shifts:
  - {key: lunch, name: Lunch, floor_plan: main, start_time: "11:30", end_time: "15:00", last_seating: "14:00"}
  - {key: dinner, name: Dinner, floor_plan: main, start_time: "18:00", end_time: "23:30", last_seating: "22:00"}
api_keys:
  - {key: partner, name: Guide reader, scopes: [reservations:read, reservations:write, guests:read]}
"""


@pytest.fixture
def guide_key(transactional_db):
    from setup_file.loader import load

    return load(SETUP)["api_keys"]["partner"]


def blocks(slug: str, lang: str) -> list[str]:
    """The guide's fenced blocks of one language (`python`, `curl`, `typescript`), in order."""
    text = (GUIDES_DIR / f"{slug}.md").read_text(encoding="utf-8")
    return [textwrap.dedent(block) for block in re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)]


def run_script(command: list[str], slug: str, base_url: str, key: str, cwd=None) -> str:
    result = subprocess.run(
        command,
        cwd=cwd,
        env={**os.environ, "BASE_URL": base_url, "API_KEY": key},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, f"{slug}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.mark.parametrize("slug", list(GUIDES))
def test_the_guides_code_runs_against_the_live_service(slug, live_gunicorn, guide_key):
    python = blocks(slug, "python")
    assert python, f"{slug} has no Python sample"
    # One after the other, as the guide says.
    run_script([sys.executable, "-c", "\n\n".join(python)], slug, live_gunicorn.url, guide_key)


@pytest.mark.parametrize("slug", [slug for slug in GUIDES if blocks(slug, "curl")])
def test_the_guides_curl_runs_against_the_live_service(slug, live_gunicorn, guide_key, tmp_path):
    script = "\n\n".join(blocks(slug, "curl"))
    run_script(["bash", "-euo", "pipefail", "-c", script], slug, live_gunicorn.url, guide_key, cwd=tmp_path)


TS_CLIENT = ROOT / "clients" / "typescript"
TS_BIN = TS_CLIENT / "node_modules" / ".bin"
# The samples type-checked as a partner's strict ES module would be, against the client's own types.
TSCONFIG = {
    "compilerOptions": {
        "target": "es2022",
        "module": "nodenext",
        "moduleResolution": "nodenext",
        "strict": True,
        "noEmit": True,
        "skipLibCheck": True,
        "types": ["node"],
        "typeRoots": [str(TS_CLIENT / "node_modules" / "@types")],
    },
    "files": ["sample.mts"],
}


@pytest.mark.parametrize("slug", [slug for slug in GUIDES if blocks(slug, "typescript")])
def test_the_guides_typescript_runs_against_the_live_service(slug, live_gunicorn, guide_key, tmp_path):
    """The samples import "reservations-client": the client's build (clients/typescript/dist, made by
    make test), reached through a node_modules link next to the script; tsc checks their types, tsx
    runs them."""
    if not (TS_CLIENT / "dist" / "index.js").exists() or not (TS_BIN / "tsx").exists():
        pytest.skip("the TypeScript client is not built (clients/typescript: npm ci, npm run build)")
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "reservations-client").symlink_to(TS_CLIENT, target_is_directory=True)
    (tmp_path / "sample.mts").write_text("\n\n".join(blocks(slug, "typescript")), encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text(json.dumps(TSCONFIG), encoding="utf-8")
    run_script([str(TS_BIN / "tsc"), "-p", "tsconfig.json"], slug, live_gunicorn.url, guide_key, cwd=tmp_path)
    run_script([str(TS_BIN / "tsx"), "sample.mts"], slug, live_gunicorn.url, guide_key, cwd=tmp_path)
