import datetime
from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.availability import Availability
from ...models.availability_retrieve_locale import AvailabilityRetrieveLocale
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    service_date: datetime.date,
    party_size: int,
    section_id: str | Unset = UNSET,
    excluding: str | Unset = UNSET,
    locale: AvailabilityRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    json_service_date = service_date.isoformat()
    params["service_date"] = json_service_date

    params["party_size"] = party_size

    params["section_id"] = section_id

    params["excluding"] = excluding

    json_locale: str | Unset = UNSET
    if not isinstance(locale, Unset):
        json_locale = locale.value

    params["locale"] = json_locale

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/availability",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Availability | Error | None:
    if response.status_code == 200:
        response_200 = Availability.from_dict(response.json())

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
) -> Response[Any | Availability | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    service_date: datetime.date,
    party_size: int,
    section_id: str | Unset = UNSET,
    excluding: str | Unset = UNSET,
    locale: AvailabilityRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Availability | Error]:
    """Read one day's availability

     The services of one date and the slots a party of this size can take. A projection of what was
    sellable at read time, not a promise: create and hold re-validate under a lock.

    **Scope:** `reservations:read`.

    Args:
        service_date (datetime.date):
        party_size (int):
        section_id (str | Unset):
        excluding (str | Unset):
        locale (AvailabilityRetrieveLocale | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Availability | Error]
    """

    kwargs = _get_kwargs(
        service_date=service_date,
        party_size=party_size,
        section_id=section_id,
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
    service_date: datetime.date,
    party_size: int,
    section_id: str | Unset = UNSET,
    excluding: str | Unset = UNSET,
    locale: AvailabilityRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Availability | Error | None:
    """Read one day's availability

     The services of one date and the slots a party of this size can take. A projection of what was
    sellable at read time, not a promise: create and hold re-validate under a lock.

    **Scope:** `reservations:read`.

    Args:
        service_date (datetime.date):
        party_size (int):
        section_id (str | Unset):
        excluding (str | Unset):
        locale (AvailabilityRetrieveLocale | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Availability | Error
    """

    return sync_detailed(
        client=client,
        service_date=service_date,
        party_size=party_size,
        section_id=section_id,
        excluding=excluding,
        locale=locale,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    service_date: datetime.date,
    party_size: int,
    section_id: str | Unset = UNSET,
    excluding: str | Unset = UNSET,
    locale: AvailabilityRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Availability | Error]:
    """Read one day's availability

     The services of one date and the slots a party of this size can take. A projection of what was
    sellable at read time, not a promise: create and hold re-validate under a lock.

    **Scope:** `reservations:read`.

    Args:
        service_date (datetime.date):
        party_size (int):
        section_id (str | Unset):
        excluding (str | Unset):
        locale (AvailabilityRetrieveLocale | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Availability | Error]
    """

    kwargs = _get_kwargs(
        service_date=service_date,
        party_size=party_size,
        section_id=section_id,
        excluding=excluding,
        locale=locale,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    service_date: datetime.date,
    party_size: int,
    section_id: str | Unset = UNSET,
    excluding: str | Unset = UNSET,
    locale: AvailabilityRetrieveLocale | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Availability | Error | None:
    """Read one day's availability

     The services of one date and the slots a party of this size can take. A projection of what was
    sellable at read time, not a promise: create and hold re-validate under a lock.

    **Scope:** `reservations:read`.

    Args:
        service_date (datetime.date):
        party_size (int):
        section_id (str | Unset):
        excluding (str | Unset):
        locale (AvailabilityRetrieveLocale | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Availability | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            service_date=service_date,
            party_size=party_size,
            section_id=section_id,
            excluding=excluding,
            locale=locale,
            if_none_match=if_none_match,
        )
    ).parsed
