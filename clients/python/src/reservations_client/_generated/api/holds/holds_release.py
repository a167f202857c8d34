from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.hold import Hold
from ...types import Response


def _get_kwargs(
    hold_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/holds/{hold_id}".format(
            hold_id=quote(str(hold_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Hold | None:
    if response.status_code == 200:
        response_200 = Hold.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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
) -> Response[Error | Hold]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    hold_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | Hold]:
    """Release a hold

     Hands a live hold back: its table is on sale again at once. No body. Releasing a released or expired
    hold is 200 with the same terminal hold. Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        hold_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Hold]
    """

    kwargs = _get_kwargs(
        hold_id=hold_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    hold_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | Hold | None:
    """Release a hold

     Hands a live hold back: its table is on sale again at once. No body. Releasing a released or expired
    hold is 200 with the same terminal hold. Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        hold_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Hold
    """

    return sync_detailed(
        hold_id=hold_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    hold_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | Hold]:
    """Release a hold

     Hands a live hold back: its table is on sale again at once. No body. Releasing a released or expired
    hold is 200 with the same terminal hold. Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        hold_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Hold]
    """

    kwargs = _get_kwargs(
        hold_id=hold_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    hold_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | Hold | None:
    """Release a hold

     Hands a live hold back: its table is on sale again at once. No body. Releasing a released or expired
    hold is 200 with the same terminal hold. Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        hold_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Hold
    """

    return (
        await asyncio_detailed(
            hold_id=hold_id,
            client=client,
        )
    ).parsed
