"""What one load of a setup file knows: its problems, its keys, what it created."""

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from .errors import Problems
from .fields import INVALID, quoted


@dataclass
class Context:
    problems: Problems = field(default_factory=Problems)
    # Keys the file defines, by kind ("section", "table", ...), each with what other
    # parts need to know of it (a section's floor plan key, for instance).
    known: dict[str, dict[str, Any]] = field(default_factory=lambda: defaultdict(dict))
    # Objects created, by kind and key, for the parts that refer to them.
    created: dict[str, dict[str, Any]] = field(default_factory=lambda: defaultdict(dict))
    # The JSON printed at the end: every key of the file mapped to its id.
    output: dict[str, Any] = field(default_factory=dict)
    restaurant: Any = None

    def define(self, kind: str, key: Any, path: str, info: Any = None) -> bool:
        """Record a key the file defines; a second definition is a problem."""
        if key is INVALID:
            return False
        if key in self.known[kind]:
            self.problems.add(path, f"duplicate {kind} {quoted(key)}")
            return False
        self.known[kind][key] = info
        return True

    def resolve(self, kind: str, key: Any, path: str) -> bool:
        """Whether a reference names a key the file defines; reports it when not."""
        if key is INVALID:
            return False
        if key not in self.known[kind]:
            self.problems.add(path, f"unknown {kind} {quoted(key)}")
            return False
        return True
