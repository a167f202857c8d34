from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.hold import Hold
from ...models.hold_create_request import HoldCreateRequest
from ...types import Response


def _get_kwargs(
    *,
    body: HoldCreateRequest,
    idempotency_key: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/holds",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Hold | None:
    if response.status_code == 201:
        response_201 = Hold.from_dict(response.json())

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
) -> Response[Error | Hold]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: HoldCreateRequest,
    idempotency_key: str,
) -> Response[Error | Hold]:
    """Take a hold

     Takes a slot off sale without booking it: the hold occupies a real table and counts against
    availability as a booking does. Every rule (capacity, cutoff, blocks, section) is checked now and
    not again at conversion, so `override` belongs here. Convert it with `POST /v1/reservations` and
    `hold_id` before `expires_at`. A basket hold lives 5 to 30 minutes (default 10), a commitment hold
    at most 48 hours. Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        idempotency_key (str):
        body (HoldCreateRequest): Take a slot off sale.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Hold]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: HoldCreateRequest,
    idempotency_key: str,
) -> Error | Hold | None:
    """Take a hold

     Takes a slot off sale without booking it: the hold occupies a real table and counts against
    availability as a booking does. Every rule (capacity, cutoff, blocks, section) is checked now and
    not again at conversion, so `override` belongs here. Convert it with `POST /v1/reservations` and
    `hold_id` before `expires_at`. A basket hold lives 5 to 30 minutes (default 10), a commitment hold
    at most 48 hours. Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        idempotency_key (str):
        body (HoldCreateRequest): Take a slot off sale.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Hold
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: HoldCreateRequest,
    idempotency_key: str,
) -> Response[Error | Hold]:
    """Take a hold

     Takes a slot off sale without booking it: the hold occupies a real table and counts against
    availability as a booking does. Every rule (capacity, cutoff, blocks, section) is checked now and
    not again at conversion, so `override` belongs here. Convert it with `POST /v1/reservations` and
    `hold_id` before `expires_at`. A basket hold lives 5 to 30 minutes (default 10), a commitment hold
    at most 48 hours. Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        idempotency_key (str):
        body (HoldCreateRequest): Take a slot off sale.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Hold]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: HoldCreateRequest,
    idempotency_key: str,
) -> Error | Hold | None:
    """Take a hold

     Takes a slot off sale without booking it: the hold occupies a real table and counts against
    availability as a booking does. Every rule (capacity, cutoff, blocks, section) is checked now and
    not again at conversion, so `override` belongs here. Convert it with `POST /v1/reservations` and
    `hold_id` before `expires_at`. A basket hold lives 5 to 30 minutes (default 10), a commitment hold
    at most 48 hours. Draws on the write budget.

    **Scope:** `reservations:write`.

    Args:
        idempotency_key (str):
        body (HoldCreateRequest): Take a slot off sale.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Hold
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
