"""What every resource shares: the client it calls through, and the list pages that fetch the pages after
them (`Page.auto_paging_iter()`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .pagination import Page

if TYPE_CHECKING:
    from ._client import ReservationsClient


class Resource:
    def __init__(self, client: ReservationsClient):
        self._client = client


def _page(client: ReservationsClient, operation: Any, filters: dict, starting_after: str | None, *args: Any) -> Page:
    """The page after `starting_after` (the first without), able to fetch the ones after it."""

    def fetch(after: str | None) -> Page[Any]:
        query = dict(filters)
        if after is not None:
            query["starting_after"] = after
            query.pop("ending_before", None)
        listed = client.call(operation, *args, **query)
        return Page(list(listed.data), bool(listed.has_more), fetch)

    return fetch(starting_after)
