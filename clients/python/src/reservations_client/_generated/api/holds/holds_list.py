import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.hold_list import HoldList
from ...models.holds_list_status import HoldsListStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: HoldsListStatus | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

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

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/holds",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | HoldList | None:
    if response.status_code == 200:
        response_200 = HoldList.from_dict(response.json())

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
) -> Response[Error | HoldList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: HoldsListStatus | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Response[Error | HoldList]:
    """List holds

     Held, released and expired holds, newest first (`created_at` descending). Converted holds are absent
    (read them with their id).

    **Scope:** `reservations:read`.

    Args:
        status (HoldsListStatus | Unset):
        date (datetime.date | Unset):
        dategte (datetime.date | Unset):
        datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HoldList]
    """

    kwargs = _get_kwargs(
        status=status,
        date=date,
        dategte=dategte,
        datelte=datelte,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: HoldsListStatus | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Error | HoldList | None:
    """List holds

     Held, released and expired holds, newest first (`created_at` descending). Converted holds are absent
    (read them with their id).

    **Scope:** `reservations:read`.

    Args:
        status (HoldsListStatus | Unset):
        date (datetime.date | Unset):
        dategte (datetime.date | Unset):
        datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HoldList
    """

    return sync_detailed(
        client=client,
        status=status,
        date=date,
        dategte=dategte,
        datelte=datelte,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: HoldsListStatus | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Response[Error | HoldList]:
    """List holds

     Held, released and expired holds, newest first (`created_at` descending). Converted holds are absent
    (read them with their id).

    **Scope:** `reservations:read`.

    Args:
        status (HoldsListStatus | Unset):
        date (datetime.date | Unset):
        dategte (datetime.date | Unset):
        datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HoldList]
    """

    kwargs = _get_kwargs(
        status=status,
        date=date,
        dategte=dategte,
        datelte=datelte,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: HoldsListStatus | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    dategte: datetime.date | Unset = UNSET,
    datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Error | HoldList | None:
    """List holds

     Held, released and expired holds, newest first (`created_at` descending). Converted holds are absent
    (read them with their id).

    **Scope:** `reservations:read`.

    Args:
        status (HoldsListStatus | Unset):
        date (datetime.date | Unset):
        dategte (datetime.date | Unset):
        datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HoldList
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            date=date,
            dategte=dategte,
            datelte=datelte,
            limit=limit,
            starting_after=starting_after,
            ending_before=ending_before,
        )
    ).parsed
