import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.guest_list import GuestList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    vip: bool | Unset = UNSET,
    blacklisted: bool | Unset = UNSET,
    phone: str | Unset = UNSET,
    email: str | Unset = UNSET,
    query: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["vip"] = vip

    params["blacklisted"] = blacklisted

    params["phone"] = phone

    params["email"] = email

    params["query"] = query

    json_updated_since: str | Unset = UNSET
    if not isinstance(updated_since, Unset):
        json_updated_since = updated_since.isoformat()
    params["updated_since"] = json_updated_since

    json_id: list[str] | Unset = UNSET
    if not isinstance(id, Unset):
        json_id = id

    params["id"] = json_id

    params["limit"] = limit

    params["starting_after"] = starting_after

    params["ending_before"] = ending_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/guests",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GuestList | None:
    if response.status_code == 200:
        response_200 = GuestList.from_dict(response.json())

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
) -> Response[Error | GuestList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    vip: bool | Unset = UNSET,
    blacklisted: bool | Unset = UNSET,
    phone: str | Unset = UNSET,
    email: str | Unset = UNSET,
    query: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Response[Error | GuestList]:
    """List guests

     The restaurant's guest book, `created_at` descending; with `updated_since`, `(updated_at, id)`
    ascending. Merged-away and erased profiles are not listed (an `id` batch naming a merged-away
    profile lists its survivor). Filters combine with AND.

    **Scope:** `guests:read`.

    Args:
        vip (bool | Unset):
        blacklisted (bool | Unset):
        phone (str | Unset):
        email (str | Unset):
        query (str | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GuestList]
    """

    kwargs = _get_kwargs(
        vip=vip,
        blacklisted=blacklisted,
        phone=phone,
        email=email,
        query=query,
        updated_since=updated_since,
        id=id,
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
    vip: bool | Unset = UNSET,
    blacklisted: bool | Unset = UNSET,
    phone: str | Unset = UNSET,
    email: str | Unset = UNSET,
    query: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Error | GuestList | None:
    """List guests

     The restaurant's guest book, `created_at` descending; with `updated_since`, `(updated_at, id)`
    ascending. Merged-away and erased profiles are not listed (an `id` batch naming a merged-away
    profile lists its survivor). Filters combine with AND.

    **Scope:** `guests:read`.

    Args:
        vip (bool | Unset):
        blacklisted (bool | Unset):
        phone (str | Unset):
        email (str | Unset):
        query (str | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GuestList
    """

    return sync_detailed(
        client=client,
        vip=vip,
        blacklisted=blacklisted,
        phone=phone,
        email=email,
        query=query,
        updated_since=updated_since,
        id=id,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    vip: bool | Unset = UNSET,
    blacklisted: bool | Unset = UNSET,
    phone: str | Unset = UNSET,
    email: str | Unset = UNSET,
    query: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Response[Error | GuestList]:
    """List guests

     The restaurant's guest book, `created_at` descending; with `updated_since`, `(updated_at, id)`
    ascending. Merged-away and erased profiles are not listed (an `id` batch naming a merged-away
    profile lists its survivor). Filters combine with AND.

    **Scope:** `guests:read`.

    Args:
        vip (bool | Unset):
        blacklisted (bool | Unset):
        phone (str | Unset):
        email (str | Unset):
        query (str | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GuestList]
    """

    kwargs = _get_kwargs(
        vip=vip,
        blacklisted=blacklisted,
        phone=phone,
        email=email,
        query=query,
        updated_since=updated_since,
        id=id,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    vip: bool | Unset = UNSET,
    blacklisted: bool | Unset = UNSET,
    phone: str | Unset = UNSET,
    email: str | Unset = UNSET,
    query: str | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Error | GuestList | None:
    """List guests

     The restaurant's guest book, `created_at` descending; with `updated_since`, `(updated_at, id)`
    ascending. Merged-away and erased profiles are not listed (an `id` batch naming a merged-away
    profile lists its survivor). Filters combine with AND.

    **Scope:** `guests:read`.

    Args:
        vip (bool | Unset):
        blacklisted (bool | Unset):
        phone (str | Unset):
        email (str | Unset):
        query (str | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GuestList
    """

    return (
        await asyncio_detailed(
            client=client,
            vip=vip,
            blacklisted=blacklisted,
            phone=phone,
            email=email,
            query=query,
            updated_since=updated_since,
            id=id,
            limit=limit,
            starting_after=starting_after,
            ending_before=ending_before,
        )
    ).parsed
