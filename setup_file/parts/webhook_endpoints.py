"""`webhook_endpoints`: where the restaurant's events are delivered; each signing secret is printed.

    webhook_endpoints:
      - {key: main, url: "http://127.0.0.1:9000/hooks", events: ["*"]}

Fields: `key` and `url` (required; https unless the receiver is on loopback), `events` (types
or `*`, default `["*"]`), `api_version` (default the latest), `description`, `enabled` (true).
"""

import datetime as dt

from config.exceptions import DomainError
from config.versions import LATEST_VERSION, VERSIONS
from webhooks.services.endpoints import clean_events, clean_url, create_endpoint, disable_endpoint

from ..context import Context
from ..errors import at
from ..fields import Field, boolean, choice, key, list_of, nullable, records, text, valid

NAME = "webhook_endpoints"
_version = choice(VERSIONS, "API version")


def _dated(value, path, problems):
    """An API version; YAML reads an unquoted 2026-06-27 as a date."""
    return _version(value.isoformat() if isinstance(value, dt.date) else value, path, problems)


FIELDS = {
    "key": Field(key, required=True),
    "url": Field(text(2000), required=True),
    "events": Field(list_of(text(60), unique=True, min_items=1), default=lambda: ["*"]),
    "api_version": Field(nullable(_dated)),
    "description": Field(text(200), default=""),
    "enabled": Field(boolean, default=True),
}


def validate(raw, ctx: Context) -> list[dict]:
    endpoints = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in endpoints:
        ctx.define("webhook endpoint", data["key"], at(path, "key"))
        for name, clean in (("url", clean_url), ("events", clean_events)):
            if valid(data[name]):
                try:
                    data[name] = clean(data[name])
                except DomainError as error:
                    ctx.problems.add(at(path, name), error.message.rstrip("."))
        data["api_version"] = data["api_version"] or LATEST_VERSION
    return [data for _, data in endpoints]


def create(endpoints: list[dict], ctx: Context) -> None:
    for data in endpoints:
        created = create_endpoint(
            restaurant=ctx.restaurant,
            url=data["url"],
            events=data["events"],
            api_version=data["api_version"],
            description=data["description"],
        )
        if not data["enabled"]:
            disable_endpoint(endpoint=created.endpoint)
        ctx.output[NAME][data["key"]] = {"id": created.endpoint.public_id, "secret": created.secret}
