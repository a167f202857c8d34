"""Bookings: holds that take a slot off sale (`holds`), reservations (`reservations`) and their lifecycle
events (`reservations_events`). Creates, modifies and cancels send an `Idempotency-Key`, the caller's or
a new one."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from typing import Any

from ._convert import _date, _datetime, _enum, _enums, _ids, _unset, _wire
from ._generated.api.holds import holds_create, holds_list, holds_release, holds_retrieve
from ._generated.api.reservations import (
    reservations_cancel,
    reservations_create,
    reservations_events_list,
    reservations_list,
    reservations_partial_update,
    reservations_retrieve,
)
from ._generated.models import (
    Hold,
    HoldCreateRequest,
    HoldsListStatus,
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
)
from ._http import new_idempotency_key
from ._resource import Resource, _page
from .pagination import Page


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
