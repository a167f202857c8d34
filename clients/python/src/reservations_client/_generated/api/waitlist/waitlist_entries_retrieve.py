from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.waitlist_entries_retrieve_expand_item import (
    WaitlistEntriesRetrieveExpandItem,
)
from ...models.waitlist_entry import WaitlistEntry
from ...types import UNSET, Response, Unset


def _get_kwargs(
    waitlist_entry_id: str,
    *,
    expand: list[WaitlistEntriesRetrieveExpandItem] | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

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
        "url": "/v1/waitlist-entries/{waitlist_entry_id}".format(
            waitlist_entry_id=quote(str(waitlist_entry_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WaitlistEntry | None:
    if response.status_code == 200:
        response_200 = WaitlistEntry.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error | WaitlistEntry]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    waitlist_entry_id: str,
    *,
    client: AuthenticatedClient,
    expand: list[WaitlistEntriesRetrieveExpandItem] | Unset = UNSET,
) -> Response[Error | WaitlistEntry]:
    """Retrieve a waitlist entry

     Any entry of the restaurant, in any status. `notes` (the guest's own request) is present only when
    the key carries `guests:read`.

    **Scope:** `reservations:read`.

    Args:
        waitlist_entry_id (str):
        expand (list[WaitlistEntriesRetrieveExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WaitlistEntry]
    """

    kwargs = _get_kwargs(
        waitlist_entry_id=waitlist_entry_id,
        expand=expand,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    waitlist_entry_id: str,
    *,
    client: AuthenticatedClient,
    expand: list[WaitlistEntriesRetrieveExpandItem] | Unset = UNSET,
) -> Error | WaitlistEntry | None:
    """Retrieve a waitlist entry

     Any entry of the restaurant, in any status. `notes` (the guest's own request) is present only when
    the key carries `guests:read`.

    **Scope:** `reservations:read`.

    Args:
        waitlist_entry_id (str):
        expand (list[WaitlistEntriesRetrieveExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WaitlistEntry
    """

    return sync_detailed(
        waitlist_entry_id=waitlist_entry_id,
        client=client,
        expand=expand,
    ).parsed


async def asyncio_detailed(
    waitlist_entry_id: str,
    *,
    client: AuthenticatedClient,
    expand: list[WaitlistEntriesRetrieveExpandItem] | Unset = UNSET,
) -> Response[Error | WaitlistEntry]:
    """Retrieve a waitlist entry

     Any entry of the restaurant, in any status. `notes` (the guest's own request) is present only when
    the key carries `guests:read`.

    **Scope:** `reservations:read`.

    Args:
        waitlist_entry_id (str):
        expand (list[WaitlistEntriesRetrieveExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WaitlistEntry]
    """

    kwargs = _get_kwargs(
        waitlist_entry_id=waitlist_entry_id,
        expand=expand,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    waitlist_entry_id: str,
    *,
    client: AuthenticatedClient,
    expand: list[WaitlistEntriesRetrieveExpandItem] | Unset = UNSET,
) -> Error | WaitlistEntry | None:
    """Retrieve a waitlist entry

     Any entry of the restaurant, in any status. `notes` (the guest's own request) is present only when
    the key carries `guests:read`.

    **Scope:** `reservations:read`.

    Args:
        waitlist_entry_id (str):
        expand (list[WaitlistEntriesRetrieveExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WaitlistEntry
    """

    return (
        await asyncio_detailed(
            waitlist_entry_id=waitlist_entry_id,
            client=client,
            expand=expand,
        )
    ).parsed
