"""Regenerates the client's typed layer, `src/reservations_client/_generated/`, from the OpenAPI document.

    python clients/python/generate.py DOCUMENT.json [--out DIR]

`make client` runs it on the service's current document (scripts/client.sh); tests/client/test_generated.py
runs it into a temporary folder and fails when the committed code differs (the client is out of date).

The generator is openapi-python-client (pinned in the service's dev dependencies, with the ruff it formats
with, so that the output is the same on every machine). The document is first adapted to what the
generator reads well, without changing what it says:

- a nullable enum (`"type": ["string", "null"], "enum": [..., null]`, OpenAPI 3.1) becomes
  `anyOf: [{enum}, {type: null}]`: the generator would otherwise make three enum classes of it; a
  nullable object or array becomes `anyOf: [{...}, {type: null}]` too, its part titled after the
  property, so classes are named `GuaranteeStatus`, not `GuaranteeStatusType0`;
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

    def nullable_enum(node: dict, name: str | None) -> None:
        kinds, values = node.get("type"), node.get("enum")
        if isinstance(kinds, list) and "null" in kinds and isinstance(values, list) and None in values:
            kind = next(k for k in kinds if k != "null")
            choice = {"type": kind, "enum": [v for v in values if v is not None]}
            if name:
                choice["title"] = name  # the class is named after the property: GuaranteeStatus
            del node["type"], node["enum"]
            node["anyOf"] = [choice, {"type": "null"}]
        elif isinstance(kinds, list) and "null" in kinds and len(kinds) == 2 and {"object", "array"} & set(kinds):
            kind = next(k for k in kinds if k != "null")
            keep = ("description", "default", "readOnly", "writeOnly", "deprecated")
            choice = {key: value for key, value in node.items() if key not in keep}
            choice["type"] = kind
            if name and kind == "object":
                choice["title"] = name  # ReservationCreateRequestMetadata, not ...MetadataType0
            if name and kind == "array" and isinstance(choice.get("items"), dict) and "enum" in choice["items"]:
                choice["items"] = {**choice["items"], "title": f"{name}_item"}
            for key in list(node):
                if key not in keep:
                    del node[key]
            node["anyOf"] = [choice, {"type": "null"}]

    def walk(node, name: str | None = None):
        if isinstance(node, dict):
            nullable_enum(node, name)
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    for prop, schema in value.items():
                        walk(schema, prop)
                else:
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
