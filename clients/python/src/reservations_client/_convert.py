"""Plain keyword arguments to what the generated layer takes: `None` to `UNSET`, ISO strings to dates and
datetimes, strings to the generated enums, comma-separated ids to lists, and bodies back to plain JSON."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any, TypeVar

from ._generated.types import UNSET

E = TypeVar("E", bound=Enum)


def _unset(value: Any) -> Any:
    return UNSET if value is None else value


def _date(value: str | dt.date | None) -> Any:
    if value is None:
        return UNSET
    return dt.date.fromisoformat(value) if isinstance(value, str) else value


def _datetime(value: str | dt.datetime | None) -> Any:
    if value is None:
        return UNSET
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00")) if isinstance(value, str) else value


def _enum(kind: type[E], value: str | E | None) -> Any:
    return UNSET if value is None else kind(value)


def _enums(kind: type[E], values: str | Iterable[str | E] | None) -> Any:
    if values is None:
        return UNSET
    if isinstance(values, str):
        values = [v for v in values.split(",") if v]
    return [kind(v) for v in values]


def _ids(values: str | Iterable[str] | None) -> Any:
    if values is None:
        return UNSET
    return values.split(",") if isinstance(values, str) else list(values)


def _wire(value: Any) -> Any:
    """Plain JSON values for a body given with dates, datetimes and enums."""
    if isinstance(value, Mapping):
        return {key: _wire(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_wire(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return value
