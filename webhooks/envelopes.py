"""The delivered body: the contract's envelope, `data.object` rendered in the endpoint's version.

    {"id": "evt_...", "object": "event", "type": "...", "created": "2026-12-05T18:30:00Z",
     "livemode": true, "api_version": "2026-06-27", "data": {"object": {...}, ...}}

Events are stored rendered in the latest version; an older pinned version is reached by
the downgrades registered here, newest first (today there is a single version, so none).
"""

import json
from collections.abc import Callable
from datetime import UTC

from config.versions import LATEST_VERSION, VERSIONS

# version -> function(type, data) -> data: turns the next newer version's data into this version's.
DOWNGRADES: dict[str, Callable[[str, dict], dict]] = {}


def versions_newest_first() -> list[str]:
    return sorted(set(VERSIONS) | set(DOWNGRADES), reverse=True)


def data_in_version(event_type: str, data: dict, version: str) -> dict:
    if version == LATEST_VERSION or version not in DOWNGRADES:
        return data
    for step in versions_newest_first():
        if step >= LATEST_VERSION:
            continue
        if step < version:
            break
        data = DOWNGRADES[step](event_type, data)
    return data


def utc(moment) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def envelope(event, version: str) -> dict:
    return {
        "id": event.public_id,
        "object": "event",
        "type": event.type,
        "created": utc(event.created),
        "livemode": True,
        "api_version": version,
        "data": data_in_version(event.type, event.data, version),
    }


def body(event, version: str) -> bytes:
    return json.dumps(envelope(event, version), ensure_ascii=False, separators=(",", ":")).encode()
