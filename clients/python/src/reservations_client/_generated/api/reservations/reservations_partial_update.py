from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.reservation import Reservation
from ...models.reservation_modify_request import ReservationModifyRequest
from ...models.reservations_partial_update_expand_item import (
    ReservationsPartialUpdateExpandItem,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    reservation_id: str,
    *,
    body: ReservationModifyRequest,
    expand: list[ReservationsPartialUpdateExpandItem] | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

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
        "method": "patch",
        "url": "/v1/reservations/{reservation_id}".format(
            reservation_id=quote(str(reservation_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

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
    body: ReservationModifyRequest,
    expand: list[ReservationsPartialUpdateExpandItem] | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Reservation]:
    """Modify a reservation

     Changes the slot, party size, area, notes or company, or asks the guest for a card
    (`guarantee_request`). The booking does not block itself; its table is re-assigned, and if none fits
    the whole change rolls back. `status` can become `pending` when the new slot needs approval. Draws
    on the write budget.

    **Scope:** `reservations:write`.

    Args:
        reservation_id (str):
        expand (list[ReservationsPartialUpdateExpandItem] | Unset):
        idempotency_key (str | Unset):
        body (ReservationModifyRequest): A partial change: a field not sent is unchanged, a field
            sent as null is cleared.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Reservation]
    """

    kwargs = _get_kwargs(
        reservation_id=reservation_id,
        body=body,
        expand=expand,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    body: ReservationModifyRequest,
    expand: list[ReservationsPartialUpdateExpandItem] | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | Reservation | None:
    """Modify a reservation

     Changes the slot, party size, area, notes or company, or asks the guest for a card
    (`guarantee_request`). The booking does not block itself; its table is re-assigned, and if none fits
    the whole change rolls back. `status` can become `pending` when the new slot needs approval. Draws
    on the write budget.

    **Scope:** `reservations:write`.

    Args:
        reservation_id (str):
        expand (list[ReservationsPartialUpdateExpandItem] | Unset):
        idempotency_key (str | Unset):
        body (ReservationModifyRequest): A partial change: a field not sent is unchanged, a field
            sent as null is cleared.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Reservation
    """

    return sync_detailed(
        reservation_id=reservation_id,
        client=client,
        body=body,
        expand=expand,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    body: ReservationModifyRequest,
    expand: list[ReservationsPartialUpdateExpandItem] | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Reservation]:
    """Modify a reservation

     Changes the slot, party size, area, notes or company, or asks the guest for a card
    (`guarantee_request`). The booking does not block itself; its table is re-assigned, and if none fits
    the whole change rolls back. `status` can become `pending` when the new slot needs approval. Draws
    on the write budget.

    **Scope:** `reservations:write`.

    Args:
        reservation_id (str):
        expand (list[ReservationsPartialUpdateExpandItem] | Unset):
        idempotency_key (str | Unset):
        body (ReservationModifyRequest): A partial change: a field not sent is unchanged, a field
            sent as null is cleared.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Reservation]
    """

    kwargs = _get_kwargs(
        reservation_id=reservation_id,
        body=body,
        expand=expand,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    reservation_id: str,
    *,
    client: AuthenticatedClient,
    body: ReservationModifyRequest,
    expand: list[ReservationsPartialUpdateExpandItem] | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | Reservation | None:
    """Modify a reservation

     Changes the slot, party size, area, notes or company, or asks the guest for a card
    (`guarantee_request`). The booking does not block itself; its table is re-assigned, and if none fits
    the whole change rolls back. `status` can become `pending` when the new slot needs approval. Draws
    on the write budget.

    **Scope:** `reservations:write`.

    Args:
        reservation_id (str):
        expand (list[ReservationsPartialUpdateExpandItem] | Unset):
        idempotency_key (str | Unset):
        body (ReservationModifyRequest): A partial change: a field not sent is unchanged, a field
            sent as null is cleared.

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
            body=body,
            expand=expand,
            idempotency_key=idempotency_key,
        )
    ).parsed
