"""A bounded map kept per process, least recently used out, safe across a worker's threads: what
the hot paths keep between requests (the engine policy, availability bodies, list statements)."""

import threading
from collections import OrderedDict
from collections.abc import Callable

MISSING = object()


class Lru:
    """At most `size` items (a number, or a callable read at each insertion: a setting tests
    change); `get` marks an item used, `peek` and `in` do not. With `weigh`, `size` bounds the
    items' total weight instead (`weigh(value)` each, taken when stored): an item heavier than
    the whole bound is not kept."""

    def __init__(self, size: int | Callable[[], int], weigh: Callable[[object], int] | None = None):
        self._size = size if callable(size) else (lambda: size)
        self._weigh = weigh or (lambda value: 1)
        self._items: OrderedDict = OrderedDict()  # key -> (value, weight)
        self._total = 0
        self._lock = threading.Lock()

    def get(self, key, default=None):
        with self._lock:
            found = self._items.get(key, MISSING)
            if found is MISSING:
                return default
            self._items.move_to_end(key)
            return found[0]

    def peek(self, key, default=None):
        with self._lock:
            found = self._items.get(key, MISSING)
            return default if found is MISSING else found[0]

    def __contains__(self, key) -> bool:
        with self._lock:
            return key in self._items

    def put(self, key, value) -> None:
        weight = self._weigh(value)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._total -= old[1]
            self._items[key] = (value, weight)
            self._total += weight
            limit = self._size()
            while self._total > limit and self._items:
                self._total -= self._items.popitem(last=False)[1][1]

    def discard(self, key) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._total -= old[1]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._total = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


class LastKeys:
    """For each name, the key its value was last stored under in `store`: a caller that cannot
    work out the key before a round trip (it holds state the round trip reads) can still guess
    whether `store` will answer. Bounded as an Lru of `size`."""

    def __init__(self, store: Lru, size: int | Callable[[], int]):
        self._store = store
        self._keys = Lru(size)

    def note(self, name, key) -> None:
        self._keys.put(name, key)

    def held(self, name) -> bool:
        """Whether the value last stored for `name` is still in the store (not a use)."""
        return self.last(name) is not None

    def last(self, name) -> tuple | None:
        """(key, value) last stored for `name`, when the value is still in the store (not a use)."""
        key = self._keys.peek(name)
        if key is None:
            return None
        value = self._store.peek(key, MISSING)
        return None if value is MISSING else (key, value)

    def clear(self) -> None:
        self._keys.clear()
