"""The error table (config/error_codes.py) is the one list: every code the source can raise is in it,
the handler answers each with its status, and every doc_url resolves to its entry on the page."""

import ast
import re
from pathlib import Path

import pytest
from django.test import Client

from config.api.errors import STATUS_BY_KIND
from config.error_codes import CODES
from config.exceptions import DomainError
from reservations.engine.rules import RULES

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("config", "apikeys", "reservations", "holds", "guests", "waitlist", "webhooks")
# Defaults of abstract bases, never raised as such (every concrete exception names its own code).
ABSTRACT_DEFAULTS = {"conflict", "refused"}


def source_files():
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                yield path


def codes_in_source() -> dict[str, str]:
    """Every error code literal the source can raise: `code = "..."` in a class, `code="..."` in a
    call, the first argument of `refused(...)`, and the values of an exception's `CODES` map."""
    found = {}
    for path in source_files():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.Assign) and isinstance(item.value, ast.Constant):
                        names = [target.id for target in item.targets if isinstance(target, ast.Name)]
                        if names == ["code"] and isinstance(item.value.value, str):
                            found[item.value.value] = f"{path.relative_to(ROOT)}:{item.lineno}"
                    if isinstance(item, ast.Assign) and isinstance(item.value, ast.Dict):
                        names = [target.id for target in item.targets if isinstance(target, ast.Name)]
                        if names == ["CODES"]:
                            for value in item.value.values:
                                found[value.value] = f"{path.relative_to(ROOT)}:{item.lineno}"
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                        found[keyword.value.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
                function = node.func.id if isinstance(node.func, ast.Name) else None
                if function == "refused" and node.args and isinstance(node.args[0], ast.Constant):
                    found[node.args[0].value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return found


def test_every_code_the_source_can_raise_is_in_the_table():
    found = codes_in_source()
    assert len(found) > 30
    missing = {code: where for code, where in found.items() if code not in CODES and code not in ABSTRACT_DEFAULTS}
    assert not missing, f"codes raised but not in config/error_codes.py's table: {missing}"


def test_every_booking_rule_is_in_the_table_as_a_violation():
    for code in RULES:
        assert CODES[code].group == "violation", code


def concrete_exceptions(base=DomainError):
    for cls in base.__subclasses__():
        yield cls
        yield from concrete_exceptions(cls)


def test_the_handler_answers_each_domain_exception_with_its_documented_status():
    checked = 0
    for cls in concrete_exceptions():
        if cls.code in ABSTRACT_DEFAULTS:
            continue
        codes = getattr(cls, "CODES", {}).values() or [cls.code]
        for code in codes:
            assert STATUS_BY_KIND[cls.kind] == CODES[code].status, (cls, code)
            checked += 1
    assert checked >= 15


@pytest.mark.django_db
def test_every_doc_url_resolves_to_its_entry(settings):
    page = Client().get("/docs/api/errors")
    assert page.status_code == 200
    body = page.content.decode()
    for code, entry in CODES.items():
        doc_url = f"{settings.DOCS_URL}/api/errors#{code}"
        path, anchor = doc_url.removeprefix(settings.BASE_URL).split("#")
        assert path == "/docs/api/errors"
        assert re.search(rf'<dt id="{re.escape(anchor)}">', body), code
        assert f"{entry.status} · {entry.type}" in body
