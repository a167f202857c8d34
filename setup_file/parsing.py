"""Reading a setup file: JSON (a text opening with `{"`), or YAML with YAML 1.2 core scalars.

PyYAML follows YAML 1.1, where an unquoted `12:00` is the integer 720 and `no`
(Norwegian) is false. Setup files are full of times and language codes, so only
`true`/`false` are booleans here and integers are plain decimals. Dates
(`2026-12-24`) stay dates; an impossible one (`2026-02-30`) stays a string for
validation to report with its path. Every mapping remembers keys given twice.
"""

import json
import re
from typing import Any

import yaml

from .errors import SetupFileInvalid

MERGE_TAG = "tag:yaml.org,2002:merge"
JSON_START = re.compile(r'^\s*\{\s*["}]')  # a JSON object; YAML flow style would not quote
REPLACED_TAGS = {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}


class Mapping(dict):
    """A dict that remembers the keys the document gave more than once."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.duplicates: list = []


class _Loader(yaml.SafeLoader):
    pass


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in REPLACED_TAGS]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Loader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789"))
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+(?=[eE]))(?:[eE][-+]?[0-9]+)?$"),
    list("-+0123456789."),
)


def _construct_mapping(loader: _Loader, node: yaml.MappingNode):
    data = Mapping()
    yield data
    seen: list = []
    for key_node, _ in node.value:
        if key_node.tag == MERGE_TAG:
            continue
        key = loader.construct_object(key_node, deep=True)
        if key in seen:
            data.duplicates.append(key)
        seen.append(key)
    data.update(loader.construct_mapping(node))


def _construct_timestamp(loader: _Loader, node: yaml.ScalarNode):
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except ValueError:
        return loader.construct_scalar(node)


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)


def _json_mapping(pairs: list[tuple[str, Any]]) -> Mapping:
    data = Mapping()
    for key, value in pairs:
        if key in data:
            data.duplicates.append(key)
        data[key] = value
    return data


def _yaml_error(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    return f"not valid YAML: {' '.join(problem.split())}{where}"


def parse(text: str) -> Any:
    """The document's data; raises SetupFileInvalid when it is neither JSON nor YAML."""
    if JSON_START.match(text):
        try:
            return json.loads(text, object_pairs_hook=_json_mapping)
        except json.JSONDecodeError as exc:
            message = f"document: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
            raise SetupFileInvalid([message]) from exc
    try:
        return yaml.load(text, Loader=_Loader)  # a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise SetupFileInvalid([f"document: {_yaml_error(exc)}"]) from exc
