"""`api_keys`: partner keys, minted here; each full secret is printed once."""

import datetime as dt

from apikeys.models import DEFAULT_SCOPES, MAX_LIVE_KEYS, SCOPES
from apikeys.services import KeyMintError, mint_key, validate_scopes
from config.versions import LATEST_VERSION, VERSIONS

from ..context import Context
from ..errors import at
from ..fields import Field, choice, key, list_of, nullable, records, text, valid

NAME = "api_keys"
_version = choice(VERSIONS, "API version")


def _dated(value, path, problems):
    """An API version; YAML reads an unquoted 2026-06-27 as a date."""
    return _version(value.isoformat() if isinstance(value, dt.date) else value, path, problems)


VERSION = nullable(_dated)
FIELDS = {
    "key": Field(key, required=True),
    "name": Field(text(100), required=True),
    "scopes": Field(
        list_of(choice(SCOPES, "scope"), unique=True, min_items=1),
        default=lambda: list(DEFAULT_SCOPES),
    ),
    "api_version": Field(VERSION),
    "version": Field(VERSION),  # the same as api_version
}


def validate(raw, ctx: Context) -> list[dict]:
    keys = records(raw, NAME, ctx.problems, FIELDS)
    if len(keys) > MAX_LIVE_KEYS:
        ctx.problems.add(NAME, f"at most {MAX_LIVE_KEYS} keys")
    for path, data in keys:
        ctx.define("api key", data["key"], at(path, "key"))
        scopes = data["scopes"]
        if valid(scopes) and valid(*scopes):
            try:
                data["scopes"] = validate_scopes(scopes)
            except KeyMintError as exc:
                ctx.problems.add(at(path, "scopes"), str(exc).rstrip("."))
        if data["version"] is not None and data["api_version"] is not None:
            ctx.problems.add(at(path, "version"), "give either version or api_version")
        data["api_version"] = data.pop("version") or data["api_version"] or LATEST_VERSION
    return [data for _, data in keys]


def create(keys: list[dict], ctx: Context) -> None:
    for data in keys:
        minted = mint_key(
            restaurant=ctx.restaurant,
            name=data["name"],
            scopes=data["scopes"],
            api_version=data["api_version"],
        )
        ctx.created["api key"][data["key"]] = minted.key
        ctx.output["api_keys"][data["key"]] = minted.secret
