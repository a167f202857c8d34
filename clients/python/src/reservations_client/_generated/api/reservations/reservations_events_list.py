from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.reservation_event_list import ReservationEventList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    reservation_id: str,
    *,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["starting_after"] = starting_after

    params["ending_before"] = ending_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/reservations/{reservation_id}/events".format(
            reservation_id=quote(str(reservation_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReservationEventList | None:
    if response.status_code == 200:
        response_200 = ReservationEventList.from_dict(response.json())

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
) -> Response[Error | ReservationEventList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Response[Error | ReservationEventList]:
    """List a reservation's events

     The reservation's lifecycle events, oldest first (`created_at` ascending, ties in written order). A
    booking awaiting its card guarantee has none yet.

    **Scope:** `reservations:read`.

    Args:
        reservation_id (str):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReservationEventList]
    """

    kwargs = _get_kwargs(
        reservation_id=reservation_id,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Error | ReservationEventList | None:
    """List a reservation's events

     The reservation's lifecycle events, oldest first (`created_at` ascending, ties in written order). A
    booking awaiting its card guarantee has none yet.

    **Scope:** `reservations:read`.

    Args:
        reservation_id (str):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReservationEventList
    """

    return sync_detailed(
        reservation_id=reservation_id,
        client=client,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
    ).parsed


async def asyncio_detailed(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Response[Error | ReservationEventList]:
    """List a reservation's events

     The reservation's lifecycle events, oldest first (`created_at` ascending, ties in written order). A
    booking awaiting its card guarantee has none yet.

    **Scope:** `reservations:read`.

    Args:
        reservation_id (str):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReservationEventList]
    """

    kwargs = _get_kwargs(
        reservation_id=reservation_id,
        limit=limit,
        starting_after=starting_after,
        ending_before=ending_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    starting_after: str | Unset = UNSET,
    ending_before: str | Unset = UNSET,
) -> Error | ReservationEventList | None:
    """List a reservation's events

     The reservation's lifecycle events, oldest first (`created_at` ascending, ties in written order). A
    booking awaiting its card guarantee has none yet.

    **Scope:** `reservations:read`.

    Args:
        reservation_id (str):
        limit (int | Unset):  Default: 20.
        starting_after (str | Unset):
        ending_before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReservationEventList
    """

    return (
        await asyncio_detailed(
            reservation_id=reservation_id,
            client=client,
            limit=limit,
            starting_after=starting_after,
            ending_before=ending_before,
        )
    ).parsed
