from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.reservation import Reservation
from ...models.reservations_retrieve_expand_item import ReservationsRetrieveExpandItem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    reservation_id: str,
    *,
    expand: list[ReservationsRetrieveExpandItem] | Unset = UNSET,
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
        "url": "/v1/reservations/{reservation_id}".format(
            reservation_id=quote(str(reservation_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Reservation | None:
    if response.status_code == 200:
        response_200 = Reservation.from_dict(response.json())

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
) -> Response[Error | Reservation]:
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
    expand: list[ReservationsRetrieveExpandItem] | Unset = UNSET,
) -> Response[Error | Reservation]:
    """Retrieve a reservation

     The reservation as the key sees it (guest data only with `guests:read`).

    **Scope:** `reservations:read`.

    Args:
        reservation_id (str):
        expand (list[ReservationsRetrieveExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Reservation]
    """

    kwargs = _get_kwargs(
        reservation_id=reservation_id,
        expand=expand,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    expand: list[ReservationsRetrieveExpandItem] | Unset = UNSET,
) -> Error | Reservation | None:
    """Retrieve a reservation

     The reservation as the key sees it (guest data only with `guests:read`).

    **Scope:** `reservations:read`.

    Args:
        reservation_id (str):
        expand (list[ReservationsRetrieveExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Reservation
    """

    return sync_detailed(
        reservation_id=reservation_id,
        client=client,
        expand=expand,
    ).parsed


async def asyncio_detailed(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    expand: list[ReservationsRetrieveExpandItem] | Unset = UNSET,
) -> Response[Error | Reservation]:
    """Retrieve a reservation

     The reservation as the key sees it (guest data only with `guests:read`).

    **Scope:** `reservations:read`.

    Args:
        reservation_id (str):
        expand (list[ReservationsRetrieveExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Reservation]
    """

    kwargs = _get_kwargs(
        reservation_id=reservation_id,
        expand=expand,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    expand: list[ReservationsRetrieveExpandItem] | Unset = UNSET,
) -> Error | Reservation | None:
    """Retrieve a reservation

     The reservation as the key sees it (guest data only with `guests:read`).

    **Scope:** `reservations:read`.

    Args:
        reservation_id (str):
        expand (list[ReservationsRetrieveExpandItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Reservation
    """

    return (
        await asyncio_detailed(
            reservation_id=reservation_id,
            client=client,
            expand=expand,
        )
    ).parsed
