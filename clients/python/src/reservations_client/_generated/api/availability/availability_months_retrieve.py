from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.availability_month import AvailabilityMonth
from ...models.availability_months_retrieve_locale import (
    AvailabilityMonthsRetrieveLocale,
)
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    month: str,
    excluding: str | Unset = UNSET,
    locale: AvailabilityMonthsRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["month"] = month

    params["excluding"] = excluding

    json_locale: str | Unset = UNSET
    if not isinstance(locale, Unset):
        json_locale = locale.value

    params["locale"] = json_locale

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/availability/months",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | AvailabilityMonth | Error | None:
    if response.status_code == 200:
        response_200 = AvailabilityMonth.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | AvailabilityMonth | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    month: str,
    excluding: str | Unset = UNSET,
    locale: AvailabilityMonthsRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | AvailabilityMonth | Error]:
    """Read a month's availability

     Every day of a month, in order: which party sizes can be seated, in which areas, and why a day
    offers nothing. No party size or section filter.

    **Scope:** `reservations:read`.

    Args:
        month (str):
        excluding (str | Unset):
        locale (AvailabilityMonthsRetrieveLocale | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AvailabilityMonth | Error]
    """

    kwargs = _get_kwargs(
        month=month,
        excluding=excluding,
        locale=locale,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    month: str,
    excluding: str | Unset = UNSET,
    locale: AvailabilityMonthsRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | AvailabilityMonth | Error | None:
    """Read a month's availability

     Every day of a month, in order: which party sizes can be seated, in which areas, and why a day
    offers nothing. No party size or section filter.

    **Scope:** `reservations:read`.

    Args:
        month (str):
        excluding (str | Unset):
        locale (AvailabilityMonthsRetrieveLocale | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AvailabilityMonth | Error
    """

    return sync_detailed(
        client=client,
        month=month,
        excluding=excluding,
        locale=locale,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    month: str,
    excluding: str | Unset = UNSET,
    locale: AvailabilityMonthsRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | AvailabilityMonth | Error]:
    """Read a month's availability

     Every day of a month, in order: which party sizes can be seated, in which areas, and why a day
    offers nothing. No party size or section filter.

    **Scope:** `reservations:read`.

    Args:
        month (str):
        excluding (str | Unset):
        locale (AvailabilityMonthsRetrieveLocale | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AvailabilityMonth | Error]
    """

    kwargs = _get_kwargs(
        month=month,
        excluding=excluding,
        locale=locale,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    month: str,
    excluding: str | Unset = UNSET,
    locale: AvailabilityMonthsRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | AvailabilityMonth | Error | None:
    """Read a month's availability

     Every day of a month, in order: which party sizes can be seated, in which areas, and why a day
    offers nothing. No party size or section filter.

    **Scope:** `reservations:read`.

    Args:
        month (str):
        excluding (str | Unset):
        locale (AvailabilityMonthsRetrieveLocale | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AvailabilityMonth | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            month=month,
            excluding=excluding,
            locale=locale,
            if_none_match=if_none_match,
        )
    ).parsed
