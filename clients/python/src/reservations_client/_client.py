"""The hand-written face of the client: resources named after the operations, plain keyword arguments,
typed models back, typed errors raised.

Every method maps to one operation of the OpenAPI document: operation `<resource>_<action>` is
`client.<resource>.<action>(...)` (`reservations_create` is `client.reservations.create`, `holds_release`
is `client.holds.release`), and calls the generated function of the same name in `_generated/api/`.

The resources live beside it, grouped by what they serve: `_restaurant.py` (configuration, sections,
availability), `_bookings.py` (holds, reservations, their events), `_guests.py` (guests, the waitlist);
`_resource.py` holds what they share (pagination), `_convert.py` turns keyword arguments into what the
generated functions take.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from . import errors
from ._bookings import HoldsResource, ReservationEventsResource, ReservationsResource
from ._convert import _wire
from ._generated import AuthenticatedClient
from ._generated._document import API_VERSION
from ._generated.api.ping import ping as ping_operation
from ._generated.models import Ping
from ._generated.types import Response
from ._guests import GuestsResource, WaitlistEntriesResource
from ._http import RetryingTransport
from ._resource import Resource
from ._restaurant import AvailabilityMonthsResource, AvailabilityResource, ConfigurationResource, SectionsResource

__all__ = [
    "DEFAULT_BASE_URL",
    "AvailabilityMonthsResource",
    "AvailabilityResource",
    "ConfigurationResource",
    "GuestsResource",
    "HoldsResource",
    "ReservationEventsResource",
    "ReservationsClient",
    "ReservationsResource",
    "Resource",
    "SectionsResource",
    "WaitlistEntriesResource",
]

DEFAULT_BASE_URL = "http://127.0.0.1:8000"


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
