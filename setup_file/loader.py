"""Loading a setup file: validate everything, then create everything in one transaction."""

from typing import Any

from django.db import DatabaseError, transaction

from apikeys.services import KeyMintError

from .context import Context
from .errors import SetupFileInvalid
from .fields import MISSING
from .parsing import parse
from .parts import OUTPUT_MAPS, PARTS

PART_NAMES = {part.NAME for part in PARTS}


def validate_document(document: Any, ctx: Context) -> dict[str, Any]:
    """Cleaned data by part name; every problem goes to `ctx.problems`."""
    if document is None:
        ctx.problems.add("document", "empty")
        return {}
    if not isinstance(document, dict):
        ctx.problems.add("document", "not an object")
        return {}
    for name in getattr(document, "duplicates", ()):
        ctx.problems.add(str(name), "duplicate key")
    for name in document:
        if name not in PART_NAMES:
            ctx.problems.add(str(name), "unknown field")
    return {part.NAME: part.validate(document.get(part.NAME, MISSING), ctx) for part in PARTS}


def load_document(document: Any) -> dict[str, Any]:
    """Create the restaurant the document describes; the ids and secrets by key.

    Raises SetupFileInvalid, having changed nothing, when the document has problems.
    """
    ctx = Context()
    cleaned = validate_document(document, ctx)
    if ctx.problems:
        raise SetupFileInvalid(ctx.problems.items)
    ctx.output = {"restaurant": None, "slug": None, **{name: {} for name in OUTPUT_MAPS}}
    try:
        with transaction.atomic():
            for part in PARTS:
                part.create(cleaned[part.NAME], ctx)
    except (DatabaseError, KeyMintError) as exc:
        raise SetupFileInvalid([f"document: could not be created: {' '.join(str(exc).split())}"]) from exc
    return ctx.output


def load(text: str) -> dict[str, Any]:
    """`load_document` of a YAML or JSON text."""
    return load_document(parse(text))
