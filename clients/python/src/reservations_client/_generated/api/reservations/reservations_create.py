from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.reservation import Reservation
from ...models.reservation_create_request import ReservationCreateRequest
from ...models.reservations_create_expand_item import ReservationsCreateExpandItem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ReservationCreateRequest,
    expand: list[ReservationsCreateExpandItem] | Unset = UNSET,
    idempotency_key: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
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
        "method": "post",
        "url": "/v1/reservations",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Reservation | None:
    if response.status_code == 201:
        response_201 = Reservation.from_dict(response.json())

        return response_201

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
    *,
    client: AuthenticatedClient,
    body: ReservationCreateRequest,
    expand: list[ReservationsCreateExpandItem] | Unset = UNSET,
    idempotency_key: str,
) -> Response[Error | Reservation]:
    """Create a reservation

     Books a slot (or converts a hold with `hold_id`). Every cap and table fit is re-validated under a
    lock, so an offered slot can still be refused. A 201 does not mean confirmed: read `status`
    (`confirmed`, `pending` when the slot needs approval, `awaiting_guarantee` when the guest must save
    a card). Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        expand (list[ReservationsCreateExpandItem] | Unset):
        idempotency_key (str):
        body (ReservationCreateRequest): A booking: the slot (or `hold_id`) and the guest (or
            `guest_id`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Reservation]
    """

    kwargs = _get_kwargs(
        body=body,
        expand=expand,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ReservationCreateRequest,
    expand: list[ReservationsCreateExpandItem] | Unset = UNSET,
    idempotency_key: str,
) -> Error | Reservation | None:
    """Create a reservation

     Books a slot (or converts a hold with `hold_id`). Every cap and table fit is re-validated under a
    lock, so an offered slot can still be refused. A 201 does not mean confirmed: read `status`
    (`confirmed`, `pending` when the slot needs approval, `awaiting_guarantee` when the guest must save
    a card). Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        expand (list[ReservationsCreateExpandItem] | Unset):
        idempotency_key (str):
        body (ReservationCreateRequest): A booking: the slot (or `hold_id`) and the guest (or
            `guest_id`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Reservation
    """

    return sync_detailed(
        client=client,
        body=body,
        expand=expand,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ReservationCreateRequest,
    expand: list[ReservationsCreateExpandItem] | Unset = UNSET,
    idempotency_key: str,
) -> Response[Error | Reservation]:
    """Create a reservation

     Books a slot (or converts a hold with `hold_id`). Every cap and table fit is re-validated under a
    lock, so an offered slot can still be refused. A 201 does not mean confirmed: read `status`
    (`confirmed`, `pending` when the slot needs approval, `awaiting_guarantee` when the guest must save
    a card). Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        expand (list[ReservationsCreateExpandItem] | Unset):
        idempotency_key (str):
        body (ReservationCreateRequest): A booking: the slot (or `hold_id`) and the guest (or
            `guest_id`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Reservation]
    """

    kwargs = _get_kwargs(
        body=body,
        expand=expand,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ReservationCreateRequest,
    expand: list[ReservationsCreateExpandItem] | Unset = UNSET,
    idempotency_key: str,
) -> Error | Reservation | None:
    """Create a reservation

     Books a slot (or converts a hold with `hold_id`). Every cap and table fit is re-validated under a
    lock, so an offered slot can still be refused. A 201 does not mean confirmed: read `status`
    (`confirmed`, `pending` when the slot needs approval, `awaiting_guarantee` when the guest must save
    a card). Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        expand (list[ReservationsCreateExpandItem] | Unset):
        idempotency_key (str):
        body (ReservationCreateRequest): A booking: the slot (or `hold_id`) and the guest (or
            `guest_id`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Reservation
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            expand=expand,
            idempotency_key=idempotency_key,
        )
    ).parsed
