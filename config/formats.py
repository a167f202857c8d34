"""How values look on the wire: timestamps in the restaurant's offset, second precision."""

import datetime as dt
from dataclasses import dataclass, field
from functools import lru_cache
from zoneinfo import ZoneInfo


@lru_cache(maxsize=512)
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def timestamp(value: dt.datetime | None, tz: ZoneInfo) -> str | None:
    if value is None:
        return None
    return value.astimezone(tz).isoformat(timespec="seconds")  # truncated, as replace(microsecond=0)


def hhmm(value: dt.time | None) -> str | None:
    return None if value is None else f"{value.hour:02d}:{value.minute:02d}"


def iso_date(value: dt.date | None) -> str | None:
    return None if value is None else value.isoformat()


@dataclass(frozen=True)
class Viewer:
    """Who a payload is rendered for: the zone its times show in, and what it expands.

    Shapes render guest data in full; config.gating removes it for a reader without
    `guests:read`.
    """

    tz: ZoneInfo
    expand: frozenset[str] = field(default_factory=frozenset)
