"""The restaurant setup file (docs: the spec's restaurant-setup.md).

    load(text) -> {"restaurant": "rst_...", "slug": ..., "sections": {...}, ...}

raises SetupFileInvalid(problems) with every problem of the file, each as
`path: message`, and then nothing has been written.
"""

from .errors import SetupFileInvalid
from .loader import load, load_document, validate_document
from .parsing import parse

__all__ = ["SetupFileInvalid", "load", "load_document", "parse", "validate_document"]
