"""Regenerates the client's typed layer, `src/reservations_client/_generated/`, from the OpenAPI document.

    python clients/python/generate.py DOCUMENT.json [--out DIR]

`make client` runs it on the service's current document (scripts/client.sh); tests/client/test_generated.py
runs it into a temporary folder and fails when the committed code differs (the client is out of date).

The generator is openapi-python-client (pinned in the service's dev dependencies, with the ruff it formats
with, so that the output is the same on every machine). The document is first adapted to what the
generator reads well, without changing what it says:

- a nullable enum (`"type": ["string", "null"], "enum": [..., null]`, OpenAPI 3.1) becomes
  `anyOf: [{enum}, {type: null}]`: the generator would otherwise make three enum classes of it;
- the `Service-Version` header is dropped from every operation: the client sends the version it was
  generated from on every request (`API_VERSION`), so the models always match the answers;
- `servers` and the recorded examples are left out: they change nothing in the code, and the server's
  address depends on where the document was made.
"""

import argparse
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET = HERE / "src" / "reservations_client" / "_generated"
CONFIG = HERE / "openapi-python-client.yaml"


def prepare(document: dict) -> dict:
    document = copy.deepcopy(document)

    def walk(node):
        if isinstance(node, dict):
            kinds, values = node.get("type"), node.get("enum")
            if isinstance(kinds, list) and "null" in kinds and isinstance(values, list) and None in values:
                kind = next(k for k in kinds if k != "null")
                choice = {"type": kind, "enum": [v for v in values if v is not None]}
                del node["type"], node["enum"]
                node["anyOf"] = [choice, {"type": "null"}]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    document.pop("servers", None)
    document.pop("externalDocs", None)
    for item in document["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            _drop_examples(operation)
            if "parameters" in operation:
                operation["parameters"] = [
                    p
                    for p in operation["parameters"]
                    if not (p.get("in") == "header" and p["name"] == "Service-Version")
                ]
    return document


def _drop_examples(operation: dict) -> None:
    for parameter in operation.get("parameters", []):
        parameter.pop("examples", None)
    bodies = [operation.get("requestBody", {}), *operation.get("responses", {}).values()]
    for body in bodies:
        for media in body.get("content", {}).values():
            media.pop("examples", None)


def generate(document: dict, out: Path) -> None:
    """Writes the generated package to `out` (replaced)."""
    prepared = prepare(document)
    with tempfile.TemporaryDirectory(prefix="client-gen-") as tmp:
        source = Path(tmp) / "openapi.json"
        source.write_text(json.dumps(prepared, indent=1, sort_keys=True), encoding="utf-8")
        generated = Path(tmp) / "_generated"
        bin_dir = str(Path(sys.executable).parent)
        env_path = f"{bin_dir}:{os.environ.get('PATH', '')}"
        subprocess.run(
            [
                str(Path(bin_dir) / "openapi-python-client"),
                "generate",
                "--path",
                str(source),
                "--output-path",
                str(generated),
                "--meta",
                "none",
                "--config",
                str(CONFIG),
                "--fail-on-warning",
            ],
            check=True,
            cwd=tmp,
            env={**os.environ, "PATH": env_path},
            capture_output=True,
            text=True,
        )
        shutil.rmtree(generated / ".ruff_cache", ignore_errors=True)
        (generated / "_document.py").write_text(
            '"""What this code was generated from (clients/python/generate.py)."""\n\n'
            f'API_VERSION = "{document["info"]["version"]}"\n',
            encoding="utf-8",
        )
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(generated, out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("document", type=Path)
    parser.add_argument("--out", type=Path, default=TARGET)
    args = parser.parse_args()
    try:
        generate(json.loads(args.document.read_text(encoding="utf-8")), args.out)
    except subprocess.CalledProcessError as error:
        sys.exit(f"openapi-python-client failed:\n{error.stdout}\n{error.stderr}")
    print(f"generated {args.out}")


if __name__ == "__main__":
    main()
