"""The hand-written face of the client: resources named after the operations, plain keyword arguments,
typed models back, typed errors raised.

Every method maps to one operation of the OpenAPI document: operation `<resource>_<action>` is
`client.<resource>.<action>(...)` (`reservations_create` is `client.reservations.create`, `holds_release`
is `client.holds.release`), and calls the generated function of the same name in `_generated/api/`.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from typing import Any, TypeVar

import httpx

from . import errors
from ._generated import AuthenticatedClient
from ._generated._document import API_VERSION
from ._generated.api.availability import availability_months_retrieve, availability_retrieve
from ._generated.api.configuration import configuration_retrieve
from ._generated.api.guests import guests_list, guests_retrieve
from ._generated.api.holds import holds_create, holds_list, holds_release, holds_retrieve
from ._generated.api.ping import ping as ping_operation
from ._generated.api.reservations import (
    reservations_cancel,
    reservations_create,
    reservations_events_list,
    reservations_list,
    reservations_partial_update,
    reservations_retrieve,
)
from ._generated.api.sections import sections_list
from ._generated.api.waitlist import waitlist_entries_list, waitlist_entries_retrieve
from ._generated.models import (
    Availability,
    AvailabilityMonth,
    AvailabilityMonthsRetrieveLocale,
    AvailabilityRetrieveLocale,
    Configuration,
    Guest,
    Hold,
    HoldCreateRequest,
    HoldsListStatus,
    Ping,
    Reservation,
    ReservationCreateRequest,
    ReservationEvent,
    ReservationModifyRequest,
    ReservationsCreateExpandItem,
    ReservationsListExpandItem,
    ReservationsListSource,
    ReservationsListStatus,
    ReservationsPartialUpdateExpandItem,
    ReservationsRetrieveExpandItem,
    SectionList,
    WaitlistEntriesListExpandItem,
    WaitlistEntriesListStatus,
    WaitlistEntriesRetrieveExpandItem,
    WaitlistEntry,
)
from ._generated.types import UNSET, Response
from ._http import RetryingTransport, new_idempotency_key
from .pagination import Page

DEFAULT_BASE_URL = "http://127.0.0.1:8000"
E = TypeVar("E", bound=Enum)
T = TypeVar("T")


def _unset(value: Any) -> Any:
    return UNSET if value is None else value


def _date(value: str | dt.date | None) -> Any:
    if value is None:
        return UNSET
    return dt.date.fromisoformat(value) if isinstance(value, str) else value


def _datetime(value: str | dt.datetime | None) -> Any:
    if value is None:
        return UNSET
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00")) if isinstance(value, str) else value


def _enum(kind: type[E], value: str | E | None) -> Any:
    return UNSET if value is None else kind(value)


def _enums(kind: type[E], values: str | Iterable[str | E] | None) -> Any:
    if values is None:
        return UNSET
    if isinstance(values, str):
        values = [v for v in values.split(",") if v]
    return [kind(v) for v in values]


def _ids(values: str | Iterable[str] | None) -> Any:
    if values is None:
        return UNSET
    return values.split(",") if isinstance(values, str) else list(values)


def _wire(value: Any) -> Any:
    """Plain JSON values for a body given with dates, datetimes and enums."""
    if isinstance(value, Mapping):
        return {key: _wire(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_wire(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return value


class ReservationsClient:
    """A client of the Restaurant Reservation API for one API key.

        client = ReservationsClient("sk_live_...", base_url="https://...")
        booking = client.reservations.create(service_date="2026-12-05", start_time="19:30", party_size=2,
                                             guest={"first_name": "Ada", "last_name": "Lovelace"})

    - `service_version` (default: the version this client was generated from) is sent on every request.
    - Creates get an `Idempotency-Key` unless you pass `idempotency_key=`; modify and cancel too.
    - 429, 5xx and network failures are retried `max_retries` times (reads, and writes with a key),
      waiting `Retry-After` when the answer says, else backing off exponentially.
    - Refusals raise `reservations_client.errors` (typed by status and code).
    - `last_response` is the latest raw answer of this thread (status, headers: `Idempotent-Replayed`,
      `RateLimit-Remaining`, `X-Request-Id`...).
    """

    def __init__(
        self,
        api_key: str,
        *,
        base_url: str = DEFAULT_BASE_URL,
        service_version: str = API_VERSION,
        max_retries: int = 3,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        max_retry_wait: float = 60.0,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
        on_retry: Callable[..., None] | None = None,
        sleep: Callable[[float], None] | None = None,
    ):
        self.transport = RetryingTransport(
            transport,
            max_retries=max_retries,
            backoff_base=backoff_base,
            backoff_max=backoff_max,
            max_retry_wait=max_retry_wait,
            on_retry=on_retry,
            **({"sleep": sleep} if sleep is not None else {}),
        )
        self.http = AuthenticatedClient(
            base_url=base_url.rstrip("/"),
            token=api_key,
            headers={"Service-Version": service_version, "User-Agent": f"reservations-client-python/{API_VERSION}"},
            timeout=httpx.Timeout(timeout),
            httpx_args={"transport": self.transport},
        )
        self._local = threading.local()
        self.configuration = ConfigurationResource(self)
        self.sections = SectionsResource(self)
        self.availability = AvailabilityResource(self)
        self.availability_months = AvailabilityMonthsResource(self)
        self.holds = HoldsResource(self)
        self.reservations = ReservationsResource(self)
        self.reservations_events = ReservationEventsResource(self)
        self.guests = GuestsResource(self)
        self.waitlist_entries = WaitlistEntriesResource(self)

    # --- plumbing -------------------------------------------------------------------------------

    @property
    def last_response(self) -> Response[Any] | None:
        return getattr(self._local, "response", None)

    @property
    def last_replayed(self) -> bool:
        """Whether the latest answer was the replay of an earlier request with the same idempotency key."""
        response = self.last_response
        return response is not None and response.headers.get("Idempotent-Replayed") == "true"

    def call(self, operation: Any, *args: Any, **kwargs: Any) -> Any:
        """Runs a generated operation: its parsed model on success, a typed error otherwise."""
        try:
            response = operation.sync_detailed(*args, client=self.http, **kwargs)
        except httpx.TransportError as error:
            raise errors.APIConnectionError(f"The service could not be reached: {error}") from error
        self._local.response = response
        if 200 <= response.status_code < 300:
            return response.parsed
        raise errors.error_from_response(int(response.status_code), response.content, response.headers)

    def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
        idempotency_key: str | None = None,
    ) -> Any:
        """Any endpoint, typed or not yet (`client.request("GET", "/v1/guests", params={"vip": "true"})`):
        the same key, version, retries and typed errors; the answer's JSON as plain data."""
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
        try:
            response = self.http.get_httpx_client().request(
                method.upper(), path, params=_wire(dict(params or {})), json=_wire(json), headers=headers
            )
        except httpx.TransportError as error:
            raise errors.APIConnectionError(f"The service could not be reached: {error}") from error
        self._local.response = Response(
            status_code=response.status_code, content=response.content, headers=response.headers, parsed=None
        )
        if 200 <= response.status_code < 300:
            return response.json() if response.content else None
        raise errors.error_from_response(response.status_code, response.content, response.headers)

    def close(self) -> None:
        self.http.get_httpx_client().close()

    def __enter__(self) -> ReservationsClient:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    # --- operations without a resource ----------------------------------------------------------

    def ping(self) -> Ping:
        """`GET /v1/ping`: checks that the key is live (any scope)."""
        return self.call(ping_operation)


class Resource:
    def __init__(self, client: ReservationsClient):
        self._client = client


class ConfigurationResource(Resource):
    def retrieve(self) -> Configuration:
        """`GET /v1/configuration` (`configuration_retrieve`): the restaurant's booking policy."""
        return self._client.call(configuration_retrieve)


class SectionsResource(Resource):
    def list(self) -> SectionList:
        """`GET /v1/sections` (`sections_list`): every seating area; never paginated."""
        return self._client.call(sections_list)


class AvailabilityResource(Resource):
    def retrieve(
        self,
        *,
        service_date: str | dt.date,
        party_size: int,
        section_id: str | None = None,
        excluding: str | None = None,
        locale: str | None = None,
    ) -> Availability:
        """`GET /v1/availability` (`availability_retrieve`): one day's services and times for a party."""
        return self._client.call(
            availability_retrieve,
            service_date=_date(service_date),
            party_size=party_size,
            section_id=_unset(section_id),
            excluding=_unset(excluding),
            locale=_enum(AvailabilityRetrieveLocale, locale),
        )


class AvailabilityMonthsResource(Resource):
    def retrieve(self, *, month: str, excluding: str | None = None, locale: str | None = None) -> AvailabilityMonth:
        """`GET /v1/availability/months` (`availability_months_retrieve`): every day of a month (`YYYY-MM`)."""
        return self._client.call(
            availability_months_retrieve,
            month=month,
            excluding=_unset(excluding),
            locale=_enum(AvailabilityMonthsRetrieveLocale, locale),
        )


class HoldsResource(Resource):
    def create(
        self,
        *,
        service_date: str | dt.date,
        start_time: str,
        party_size: int,
        idempotency_key: str | None = None,
        **fields: Any,
    ) -> Hold:
        """`POST /v1/holds` (`holds_create`): takes a slot off sale. Other body fields (`kind`, `expires_at`,
        `section_id`, `metadata`, `override`, `excluded_from_shift_limits`) as keywords."""
        body = _wire({"service_date": service_date, "start_time": start_time, "party_size": party_size, **fields})
        return self._client.call(
            holds_create,
            body=HoldCreateRequest.from_dict(body),
            idempotency_key=idempotency_key or new_idempotency_key(),
        )

    def retrieve(self, hold_id: str) -> Hold:
        """`GET /v1/holds/{hold_id}` (`holds_retrieve`)."""
        return self._client.call(holds_retrieve, hold_id)

    def release(self, hold_id: str) -> Hold:
        """`DELETE /v1/holds/{hold_id}` (`holds_release`): hands a live hold back."""
        return self._client.call(holds_release, hold_id)

    def list(
        self,
        *,
        status: str | None = None,
        date: str | dt.date | None = None,
        date_gte: str | dt.date | None = None,
        date_lte: str | dt.date | None = None,
        limit: int | None = None,
        starting_after: str | None = None,
        ending_before: str | None = None,
    ) -> Page[Hold]:
        """`GET /v1/holds` (`holds_list`): one page, newest first; `.auto_paging_iter()` walks on."""
        filters = {
            "status": _enum(HoldsListStatus, status),
            "date": _date(date),
            "dategte": _date(date_gte),
            "datelte": _date(date_lte),
            "limit": _unset(limit),
            "ending_before": _unset(ending_before),
        }
        return _page(self._client, holds_list, filters, starting_after)

    def list_all(self, **filters: Any) -> Iterator[Hold]:
        """Every hold matching the filters of `list`, page after page."""
        return self.list(**filters).auto_paging_iter()


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


class ReservationsResource(Resource):
    def create(
        self,
        *,
        idempotency_key: str | None = None,
        expand: Iterable[str] | None = None,
        **fields: Any,
    ) -> Reservation:
        """`POST /v1/reservations` (`reservations_create`): books a slot, or converts a hold (`hold_id=`).

        Body fields as keywords: `service_date`, `start_time`, `party_size`, `guest` (a dict: `first_name`,
        `last_name`, `email`, `phone`, `language`) or `guest_id`, `hold_id`, `section_id`, `guest_notes`,
        `internal_notes`, `guest_notifications`, `company_id`, `metadata`, `override`,
        `excluded_from_shift_limits`, `entire_section_id`. A 201 is not a confirmation: read `status`.
        Without `idempotency_key` the client makes one; its retries resend it.
        """
        return self._client.call(
            reservations_create,
            body=ReservationCreateRequest.from_dict(_wire(fields)),
            idempotency_key=idempotency_key or new_idempotency_key(),
            expand=_enums(ReservationsCreateExpandItem, expand),
        )

    def retrieve(self, reservation_id: str, *, expand: Iterable[str] | None = None) -> Reservation:
        """`GET /v1/reservations/{reservation_id}` (`reservations_retrieve`); `expand`: guest, events,
        modification_token."""
        return self._client.call(
            reservations_retrieve, reservation_id, expand=_enums(ReservationsRetrieveExpandItem, expand)
        )

    def partial_update(
        self,
        reservation_id: str,
        *,
        idempotency_key: str | None = None,
        expand: Iterable[str] | None = None,
        **fields: Any,
    ) -> Reservation:
        """`PATCH /v1/reservations/{reservation_id}` (`reservations_partial_update`): changes the fields
        given as keywords (`None` clears a nullable one). `status` can become `pending`: read it."""
        return self._client.call(
            reservations_partial_update,
            reservation_id,
            body=ReservationModifyRequest.from_dict(_wire(fields)),
            idempotency_key=idempotency_key or new_idempotency_key(),
            expand=_enums(ReservationsPartialUpdateExpandItem, expand),
        )

    modify = partial_update

    def cancel(self, reservation_id: str, *, idempotency_key: str | None = None) -> Reservation:
        """`POST /v1/reservations/{reservation_id}/cancel` (`reservations_cancel`); a cancelled booking
        answers 200 again."""
        return self._client.call(
            reservations_cancel, reservation_id, idempotency_key=idempotency_key or new_idempotency_key()
        )

    def list(
        self,
        *,
        status: str | None = None,
        source: str | None = None,
        guest_id: str | None = None,
        date: str | dt.date | None = None,
        date_gte: str | dt.date | None = None,
        date_lte: str | dt.date | None = None,
        updated_since: str | dt.datetime | None = None,
        id: str | Iterable[str] | None = None,
        expand: Iterable[str] | None = None,
        limit: int | None = None,
        starting_after: str | None = None,
        ending_before: str | None = None,
    ) -> Page[Reservation]:
        """`GET /v1/reservations` (`reservations_list`): one page; `.auto_paging_iter()` walks on."""
        filters = {
            "status": _enum(ReservationsListStatus, status),
            "source": _enum(ReservationsListSource, source),
            "guest_id": _unset(guest_id),
            "date": _date(date),
            "dategte": _date(date_gte),
            "datelte": _date(date_lte),
            "updated_since": _datetime(updated_since),
            "id": _ids(id),
            "expand": _enums(ReservationsListExpandItem, expand),
            "limit": _unset(limit),
            "ending_before": _unset(ending_before),
        }
        return _page(self._client, reservations_list, filters, starting_after)

    def list_all(self, **filters: Any) -> Iterator[Reservation]:
        """Every reservation matching the filters of `list`, page after page (`limit` 100 unless given)."""
        filters.setdefault("limit", 100)
        return self.list(**filters).auto_paging_iter()

    def events(self, reservation_id: str, **page: Any) -> Page[ReservationEvent]:
        """The reservation's lifecycle events (`reservations_events_list`), oldest first."""
        return self._client.reservations_events.list(reservation_id, **page)


class ReservationEventsResource(Resource):
    def list(
        self,
        reservation_id: str,
        *,
        limit: int | None = None,
        starting_after: str | None = None,
        ending_before: str | None = None,
    ) -> Page[ReservationEvent]:
        """`GET /v1/reservations/{reservation_id}/events` (`reservations_events_list`), oldest first."""
        filters = {"limit": _unset(limit), "ending_before": _unset(ending_before)}
        return _page(self._client, reservations_events_list, filters, starting_after, reservation_id)


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
