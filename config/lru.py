"""A bounded map kept per process, least recently used out, safe across a worker's threads: what
the hot paths keep between requests (the engine policy, availability bodies, list statements)."""

import threading
from collections import OrderedDict
from collections.abc import Callable

MISSING = object()


class Lru:
    """At most `size` items (a number, or a callable read at each insertion: a setting tests
    change); `get` marks an item used, `peek` and `in` do not."""

    def __init__(self, size: int | Callable[[], int]):
        self._size = size if callable(size) else (lambda: size)
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key, default=None):
        with self._lock:
            found = self._items.get(key, MISSING)
            if found is MISSING:
                return default
            self._items.move_to_end(key)
            return found

    def peek(self, key, default=None):
        with self._lock:
            return self._items.get(key, default)

    def __contains__(self, key) -> bool:
        with self._lock:
            return key in self._items

    def put(self, key, value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            limit = self._size()
            while len(self._items) > limit:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
