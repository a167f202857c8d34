import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.reservation_list import ReservationList
from ...models.reservations_list_expand_item import ReservationsListExpandItem
from ...models.reservations_list_source import ReservationsListSource
from ...models.reservations_list_status import ReservationsListStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ReservationsListStatus | Unset = UNSET,
    source: ReservationsListSource | Unset = UNSET,
    guest_id: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[ReservationsListExpandItem] | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_source: str | Unset = UNSET
    if not isinstance(source, Unset):
        json_source = source.value

    params["source"] = json_source

    params["guest_id"] = guest_id

    json_updated_since: str | Unset = UNSET
    if not isinstance(updated_since, Unset):
        json_updated_since = updated_since.isoformat()
    params["updated_since"] = json_updated_since

    json_id: list[str] | Unset = UNSET
    if not isinstance(id, Unset):
        json_id = id

    params["id"] = json_id

    json_date: str | Unset = UNSET
    if not isinstance(date, Unset):
        json_date = date.isoformat()
    params["date"] = json_date

    json_dategte: str | Unset = UNSET
    if not isinstance(dategte, Unset):
        json_dategte = dategte.isoformat()
    params["date[gte]"] = json_dategte

    json_datelte: str | Unset = UNSET
    if not isinstance(datelte, Unset):
        json_datelte = datelte.isoformat()
    params["date[lte]"] = json_datelte

    params["limit"] = limit

    params["starting_after"] = starting_after

    params["ending_before"] = ending_before

    json_expand: list[str] | Unset = UNSET
    if not isinstance(expand, Unset):
        json_expand = []
        for expand_item_data in expand:
            expand_item = expand_item_data.value
            json_expand.append(expand_item)

    params["expand"] = json_expand

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/reservations",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReservationList | None:
    if response.status_code == 200:
        response_200 = ReservationList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ReservationList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ReservationsListStatus | Unset = UNSET,
    source: ReservationsListSource | Unset = UNSET,
    guest_id: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[ReservationsListExpandItem] | Unset = UNSET,
) -> Response[Error | ReservationList]:
    """List reservations

     Reservations of the restaurant, `service_date` descending, newest recorded first within a date; with
    `updated_since`, `(updated_at, id)` ascending. Includes card requests (`awaiting_guarantee`);
    excludes bookings part-way through a widget card step and unclaimed waitlist offers. Filters combine
    with AND.

    **Scope:** `reservations:read`.

    Args:
        status (ReservationsListStatus | Unset):
        source (ReservationsListSource | Unset):
        guest_id (str | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        date (datetime.date | Unset):
        dategte (datetime.date | Unset):
        datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):
        expand (list[ReservationsListExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReservationList]
    """

    kwargs = _get_kwargs(
        status=status,
        source=source,
        guest_id=guest_id,
        updated_since=updated_since,
        id=id,
        date=date,
        dategte=dategte,
        datelte=datelte,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
        expand=expand,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: ReservationsListStatus | Unset = UNSET,
    source: ReservationsListSource | Unset = UNSET,
    guest_id: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[ReservationsListExpandItem] | Unset = UNSET,
) -> Error | ReservationList | None:
    """List reservations

     Reservations of the restaurant, `service_date` descending, newest recorded first within a date; with
    `updated_since`, `(updated_at, id)` ascending. Includes card requests (`awaiting_guarantee`);
    excludes bookings part-way through a widget card step and unclaimed waitlist offers. Filters combine
    with AND.

    **Scope:** `reservations:read`.

    Args:
        status (ReservationsListStatus | Unset):
        source (ReservationsListSource | Unset):
        guest_id (str | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        date (datetime.date | Unset):
        dategte (datetime.date | Unset):
        datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):
        expand (list[ReservationsListExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReservationList
    """

    return sync_detailed(
        client=client,
        status=status,
        source=source,
        guest_id=guest_id,
        updated_since=updated_since,
        id=id,
        date=date,
        dategte=dategte,
        datelte=datelte,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
        expand=expand,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ReservationsListStatus | Unset = UNSET,
    source: ReservationsListSource | Unset = UNSET,
    guest_id: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[ReservationsListExpandItem] | Unset = UNSET,
) -> Response[Error | ReservationList]:
    """List reservations

     Reservations of the restaurant, `service_date` descending, newest recorded first within a date; with
    `updated_since`, `(updated_at, id)` ascending. Includes card requests (`awaiting_guarantee`);
    excludes bookings part-way through a widget card step and unclaimed waitlist offers. Filters combine
    with AND.

    **Scope:** `reservations:read`.

    Args:
        status (ReservationsListStatus | Unset):
        source (ReservationsListSource | Unset):
        guest_id (str | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        date (datetime.date | Unset):
        dategte (datetime.date | Unset):
        datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):
        expand (list[ReservationsListExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReservationList]
    """

    kwargs = _get_kwargs(
        status=status,
        source=source,
        guest_id=guest_id,
        updated_since=updated_since,
        id=id,
        date=date,
        dategte=dategte,
        datelte=datelte,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
        expand=expand,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ReservationsListStatus | Unset = UNSET,
    source: ReservationsListSource | Unset = UNSET,
    guest_id: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[ReservationsListExpandItem] | Unset = UNSET,
) -> Error | ReservationList | None:
    """List reservations

     Reservations of the restaurant, `service_date` descending, newest recorded first within a date; with
    `updated_since`, `(updated_at, id)` ascending. Includes card requests (`awaiting_guarantee`);
    excludes bookings part-way through a widget card step and unclaimed waitlist offers. Filters combine
    with AND.

    **Scope:** `reservations:read`.

    Args:
        status (ReservationsListStatus | Unset):
        source (ReservationsListSource | Unset):
        guest_id (str | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        date (datetime.date | Unset):
        dategte (datetime.date | Unset):
        datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):
        expand (list[ReservationsListExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReservationList
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            source=source,
            guest_id=guest_id,
            updated_since=updated_since,
            id=id,
            date=date,
            dategte=dategte,
            datelte=datelte,
            limit=limit,
            starting_after=starting_after,
            ending_before=ending_before,
            expand=expand,
        )
    ).parsed
