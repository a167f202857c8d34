import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.waitlist_entries_list_expand_item import WaitlistEntriesListExpandItem
from ...models.waitlist_entries_list_status import WaitlistEntriesListStatus
from ...models.waitlist_entry_list import WaitlistEntryList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: WaitlistEntriesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    service_date: datetime.date | Unset = UNSET,
    service_dategte: datetime.date | Unset = UNSET,
    service_datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[WaitlistEntriesListExpandItem] | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_updated_since: str | Unset = UNSET
    if not isinstance(updated_since, Unset):
        json_updated_since = updated_since.isoformat()
    params["updated_since"] = json_updated_since

    json_id: list[str] | Unset = UNSET
    if not isinstance(id, Unset):
        json_id = id

    params["id"] = json_id

    json_service_date: str | Unset = UNSET
    if not isinstance(service_date, Unset):
        json_service_date = service_date.isoformat()
    params["service_date"] = json_service_date

    json_service_dategte: str | Unset = UNSET
    if not isinstance(service_dategte, Unset):
        json_service_dategte = service_dategte.isoformat()
    params["service_date[gte]"] = json_service_dategte

    json_service_datelte: str | Unset = UNSET
    if not isinstance(service_datelte, Unset):
        json_service_datelte = service_datelte.isoformat()
    params["service_date[lte]"] = json_service_datelte

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
        "url": "/v1/waitlist-entries",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WaitlistEntryList | None:
    if response.status_code == 200:
        response_200 = WaitlistEntryList.from_dict(response.json())

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
) -> Response[Error | WaitlistEntryList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: WaitlistEntriesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    service_date: datetime.date | Unset = UNSET,
    service_dategte: datetime.date | Unset = UNSET,
    service_datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[WaitlistEntriesListExpandItem] | Unset = UNSET,
) -> Response[Error | WaitlistEntryList]:
    """List waitlist entries

     The restaurant's waitlist entries, `created_at` descending; with `updated_since`, `(updated_at, id)`
    ascending. Filters combine with AND. `notes` (the guest's own request) is present only when the key
    carries `guests:read`.

    **Scope:** `reservations:read`.

    Args:
        status (WaitlistEntriesListStatus | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        service_date (datetime.date | Unset):
        service_dategte (datetime.date | Unset):
        service_datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):
        expand (list[WaitlistEntriesListExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WaitlistEntryList]
    """

    kwargs = _get_kwargs(
        status=status,
        updated_since=updated_since,
        id=id,
        service_date=service_date,
        service_dategte=service_dategte,
        service_datelte=service_datelte,
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
    status: WaitlistEntriesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    service_date: datetime.date | Unset = UNSET,
    service_dategte: datetime.date | Unset = UNSET,
    service_datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[WaitlistEntriesListExpandItem] | Unset = UNSET,
) -> Error | WaitlistEntryList | None:
    """List waitlist entries

     The restaurant's waitlist entries, `created_at` descending; with `updated_since`, `(updated_at, id)`
    ascending. Filters combine with AND. `notes` (the guest's own request) is present only when the key
    carries `guests:read`.

    **Scope:** `reservations:read`.

    Args:
        status (WaitlistEntriesListStatus | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        service_date (datetime.date | Unset):
        service_dategte (datetime.date | Unset):
        service_datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):
        expand (list[WaitlistEntriesListExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WaitlistEntryList
    """

    return sync_detailed(
        client=client,
        status=status,
        updated_since=updated_since,
        id=id,
        service_date=service_date,
        service_dategte=service_dategte,
        service_datelte=service_datelte,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
        expand=expand,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: WaitlistEntriesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    service_date: datetime.date | Unset = UNSET,
    service_dategte: datetime.date | Unset = UNSET,
    service_datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[WaitlistEntriesListExpandItem] | Unset = UNSET,
) -> Response[Error | WaitlistEntryList]:
    """List waitlist entries

     The restaurant's waitlist entries, `created_at` descending; with `updated_since`, `(updated_at, id)`
    ascending. Filters combine with AND. `notes` (the guest's own request) is present only when the key
    carries `guests:read`.

    **Scope:** `reservations:read`.

    Args:
        status (WaitlistEntriesListStatus | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        service_date (datetime.date | Unset):
        service_dategte (datetime.date | Unset):
        service_datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):
        expand (list[WaitlistEntriesListExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WaitlistEntryList]
    """

    kwargs = _get_kwargs(
        status=status,
        updated_since=updated_since,
        id=id,
        service_date=service_date,
        service_dategte=service_dategte,
        service_datelte=service_datelte,
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
    status: WaitlistEntriesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
    id: list[str] | Unset = UNSET,
    service_date: datetime.date | Unset = UNSET,
    service_dategte: datetime.date | Unset = UNSET,
    service_datelte: datetime.date | Unset = UNSET,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
    expand: list[WaitlistEntriesListExpandItem] | Unset = UNSET,
) -> Error | WaitlistEntryList | None:
    """List waitlist entries

     The restaurant's waitlist entries, `created_at` descending; with `updated_since`, `(updated_at, id)`
    ascending. Filters combine with AND. `notes` (the guest's own request) is present only when the key
    carries `guests:read`.

    **Scope:** `reservations:read`.

    Args:
        status (WaitlistEntriesListStatus | Unset):
        updated_since (datetime.datetime | Unset):
        id (list[str] | Unset):
        service_date (datetime.date | Unset):
        service_dategte (datetime.date | Unset):
        service_datelte (datetime.date | Unset):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):
        expand (list[WaitlistEntriesListExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WaitlistEntryList
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            updated_since=updated_since,
            id=id,
            service_date=service_date,
            service_dategte=service_dategte,
            service_datelte=service_datelte,
            limit=limit,
            starting_after=starting_after,
            ending_before=ending_before,
            expand=expand,
        )
    ).parsed
