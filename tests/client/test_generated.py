"""The Python client's generated layer is what the current OpenAPI document generates (`make client`)."""

import filecmp
from pathlib import Path

from config.api.openapi import openapi_document

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "clients" / "python" / "src" / "reservations_client" / "_generated"


def files(root: Path) -> set[str]:
    return {
        str(path.relative_to(root)) for path in root.rglob("*") if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_committed_client_is_generated_from_the_current_document(tmp_path):
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("client_generate", ROOT / "clients" / "python" / "generate.py")
    generate = importlib.util.module_from_spec(spec)
    sys.modules["client_generate"] = generate
    spec.loader.exec_module(generate)

    out = tmp_path / "_generated"
    generate.generate(openapi_document()[0], out)
    fresh, committed = files(out), files(COMMITTED)
    remedy = "the Python client is out of date with the OpenAPI document: run `make client` and commit the result"
    assert fresh == committed, f"{remedy}\n  new: {sorted(fresh - committed)}\n  gone: {sorted(committed - fresh)}"
    changed = [name for name in sorted(fresh) if not filecmp.cmp(out / name, COMMITTED / name, shallow=False)]
    assert not changed, f"{remedy}\n  changed: {changed}"
