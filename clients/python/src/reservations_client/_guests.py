"""The people: guests (`guests`; a merged-away id answers its survivor) and the waitlist
(`waitlist_entries`), read and listed."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from typing import Any

from ._convert import _date, _datetime, _enum, _enums, _ids, _unset
from ._generated.api.guests import guests_list, guests_retrieve
from ._generated.api.waitlist import waitlist_entries_list, waitlist_entries_retrieve
from ._generated.models import (
    Guest,
    WaitlistEntriesListExpandItem,
    WaitlistEntriesListStatus,
    WaitlistEntriesRetrieveExpandItem,
    WaitlistEntry,
)
from ._resource import Resource, _page
from .pagination import Page


class GuestsResource(Resource):
    def retrieve(self, guest_id: str) -> Guest:
        """`GET /v1/guests/{guest_id}` (`guests_retrieve`); a merged-away id answers its survivor."""
        return self._client.call(guests_retrieve, guest_id)

    def list(
        self,
        *,
        vip: bool | None = None,
        blacklisted: bool | None = None,
        phone: str | None = None,
        email: str | None = None,
        query: str | None = None,
        updated_since: str | dt.datetime | None = None,
        id: str | Iterable[str] | None = None,
        limit: int | None = None,
        starting_after: str | None = None,
        ending_before: str | None = None,
    ) -> Page[Guest]:
        """`GET /v1/guests` (`guests_list`): one page; `.auto_paging_iter()` walks on."""
        filters = {
            "vip": _unset(vip),
            "blacklisted": _unset(blacklisted),
            "phone": _unset(phone),
            "email": _unset(email),
            "query": _unset(query),
            "updated_since": _datetime(updated_since),
            "id": _ids(id),
            "limit": _unset(limit),
            "ending_before": _unset(ending_before),
        }
        return _page(self._client, guests_list, filters, starting_after)

    def list_all(self, **filters: Any) -> Iterator[Guest]:
        """Every guest matching the filters of `list`, page after page (`limit` 100 unless given)."""
        filters.setdefault("limit", 100)
        return self.list(**filters).auto_paging_iter()


class WaitlistEntriesResource(Resource):
    def retrieve(self, waitlist_entry_id: str, *, expand: Iterable[str] | None = None) -> WaitlistEntry:
        """`GET /v1/waitlist-entries/{waitlist_entry_id}` (`waitlist_entries_retrieve`); `expand`: guest."""
        return self._client.call(
            waitlist_entries_retrieve, waitlist_entry_id, expand=_enums(WaitlistEntriesRetrieveExpandItem, expand)
        )

    def list(
        self,
        *,
        status: str | None = None,
        service_date: str | dt.date | None = None,
        service_date_gte: str | dt.date | None = None,
        service_date_lte: str | dt.date | None = None,
        updated_since: str | dt.datetime | None = None,
        id: str | Iterable[str] | None = None,
        expand: Iterable[str] | None = None,
        limit: int | None = None,
        starting_after: str | None = None,
        ending_before: str | None = None,
    ) -> Page[WaitlistEntry]:
        """`GET /v1/waitlist-entries` (`waitlist_entries_list`): one page; `.auto_paging_iter()` walks on."""
        filters = {
            "status": _enum(WaitlistEntriesListStatus, status),
            "service_date": _date(service_date),
            "service_dategte": _date(service_date_gte),
            "service_datelte": _date(service_date_lte),
            "updated_since": _datetime(updated_since),
            "id": _ids(id),
            "expand": _enums(WaitlistEntriesListExpandItem, expand),
            "limit": _unset(limit),
            "ending_before": _unset(ending_before),
        }
        return _page(self._client, waitlist_entries_list, filters, starting_after)

    def list_all(self, **filters: Any) -> Iterator[WaitlistEntry]:
        """Every waitlist entry matching the filters of `list`, page after page."""
        return self.list(**filters).auto_paging_iter()
