"""Strict parsing of query strings and JSON bodies: anything unknown or malformed is a 400."""

import datetime as dt
import json
import re

from config.api.errors import BadRequest

DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
TIME_RE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
MONTH_RE = re.compile(r"^\d{4}-(0[1-9]|1[0-2])$")
INT_RE = re.compile(r"^-?\d+$")
METADATA_MAX_KEYS = 50
METADATA_MAX_KEY_LENGTH = 40
METADATA_MAX_VALUE_LENGTH = 500


def reject_unknown_params(query, allowed: frozenset[str]) -> None:
    """Unknown query parameters, or one sent twice, are refused naming it."""
    for name in query:
        if name not in allowed:
            raise BadRequest(f"Unknown query parameter `{name}`.", param=name)
        if len(query.getlist(name)) > 1:
            raise BadRequest(f"Send `{name}` once.", param=name)


def parse_date(value, param: str) -> dt.date:
    if not isinstance(value, str) or not DATE_RE.match(value):
        raise BadRequest(f"`{param}` must be a date as YYYY-MM-DD.", param=param)
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise BadRequest(f"`{param}` is not a valid date.", param=param) from None


def parse_time(value, param: str) -> dt.time:
    if not isinstance(value, str) or not TIME_RE.match(value):
        raise BadRequest(f"`{param}` must be a time as HH:MM.", param=param)
    return dt.time(int(value[:2]), int(value[3:]))


def parse_int(value, param: str, minimum: int | None = None) -> int:
    if isinstance(value, bool):
        raise BadRequest(f"`{param}` must be an integer.", param=param)
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and INT_RE.match(value.strip()):
        number = int(value.strip())
    else:
        raise BadRequest(f"`{param}` must be an integer.", param=param)
    if minimum is not None and number < minimum:
        raise BadRequest(f"`{param}` must be at least {minimum}.", param=param)
    return number


def parse_bool_param(value: str, param: str) -> bool:
    lowered = value.strip().lower()
    if lowered == "true":
        return True
    if lowered == "false":
        return False
    raise BadRequest(f"`{param}` must be true or false.", param=param)


def parse_expand(query, allowed: frozenset[str]) -> set[str]:
    """`expand` as a comma-separated list (`expand=guest,events`); sending it twice is refused earlier."""
    raw = query.get("expand")
    if raw is None:
        return set()
    values = {part.strip() for part in raw.split(",") if part.strip()}
    if not values:
        raise BadRequest("`expand` is empty.", param="expand")
    for value in values:
        if value not in allowed:
            raise BadRequest(f"`{value}` cannot be expanded here.", param="expand")
    return values


def parse_datetime_param(value: str, param: str) -> dt.datetime:
    """ISO 8601; a value without an offset is read as UTC."""
    text = value.strip()
    if DATE_RE.match(text):
        text += "T00:00:00"
    try:
        parsed = dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace(" ", "+"))
    except ValueError:
        raise BadRequest(f"`{param}` must be an ISO 8601 date-time.", param=param) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=dt.UTC)
    return parsed


def _not_json(constant: str):
    raise ValueError(f"{constant} is not JSON")


def read_json_object(request) -> dict:
    """The request body as a JSON object; empty body is {}."""
    raw = request.body
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw, parse_constant=_not_json)
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise BadRequest("The request body must be a JSON object.")
    return body


def reject_unknown_fields(body: dict, allowed: frozenset[str]) -> None:
    for name in body:
        if name not in allowed:
            raise BadRequest(f"Unknown field `{name}`.", param=name)


def parse_metadata(value, param: str = "metadata") -> dict:
    """The integrator's own data (decisions.md): an object of at most 50 keys of 1 to 40
    characters; values are strings of at most 500 characters, numbers, booleans or null."""
    if not isinstance(value, dict):
        raise BadRequest(f"`{param}` must be an object.", param=param)
    if len(value) > METADATA_MAX_KEYS:
        raise BadRequest(f"`{param}` has more than {METADATA_MAX_KEYS} keys.", param=param)
    for key, item in value.items():
        if not 1 <= len(key) <= METADATA_MAX_KEY_LENGTH:
            raise BadRequest(f"`{param}` keys are 1 to {METADATA_MAX_KEY_LENGTH} characters.", param=param)
        if isinstance(item, (dict, list)):
            raise BadRequest(f"`{param}` values are strings, numbers, booleans or null.", param=param)
        if isinstance(item, str) and len(item) > METADATA_MAX_VALUE_LENGTH:
            raise BadRequest(
                f"`{param}` string values are at most {METADATA_MAX_VALUE_LENGTH} characters.", param=param
            )
    return value
