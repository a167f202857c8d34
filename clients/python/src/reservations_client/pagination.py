"""Pages of a list, and iteration over every page with `starting_after`.

page = client.reservations.list(limit=100, date="2026-12-05")
page.data, page.has_more
for reservation in page.auto_paging_iter():   # this page, then the next ones, lazily
    ...
for reservation in client.reservations.list_all(status="confirmed"):  # the same, in one call
    ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Page(Generic[T]):
    """One page of a list: `data` (typed objects), `has_more`, and the way to the next page."""

    def __init__(self, data: list[T], has_more: bool, fetch: Callable[[str], Page[T]]):
        self.data = data
        self.has_more = has_more
        self._fetch = fetch

    def __iter__(self) -> Iterator[T]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def next_page(self) -> Page[T] | None:
        """The page after this one (`starting_after` its last object), or None at the end."""
        if not self.has_more or not self.data:
            return None
        return self._fetch(_id_of(self.data[-1]))

    def auto_paging_iter(self) -> Iterator[T]:
        """Every object of this page and of the pages after it, fetched as the iteration reaches them."""
        page: Page[T] | None = self
        while page is not None:
            yield from page.data
            page = page.next_page()

    def __repr__(self) -> str:
        return f"Page(len={len(self.data)}, has_more={self.has_more})"


def _id_of(item: Any) -> str:
    return item["id"] if isinstance(item, dict) else item.id
