"""Strict readers of JSON body fields: a wrong type or value is a 400 naming the field."""

from config.api.errors import BadRequest
from config.api.params import parse_date, parse_datetime_param, parse_int, parse_metadata, parse_time


def date_field(body: dict, name: str):
    return parse_date(body[name], name)


def time_field(body: dict, name: str):
    return parse_time(body[name], name)


def positive_int(body: dict, name: str) -> int:
    value = body[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadRequest(f"`{name}` must be an integer.", param=name)
    return parse_int(value, name, minimum=1)


def boolean(body: dict, name: str) -> bool:
    value = body[name]
    if not isinstance(value, bool):
        raise BadRequest(f"`{name}` must be true or false.", param=name)
    return value


def string(body: dict, name: str, *, nullable: bool = True, max_length: int = 5000) -> str | None:
    value = body[name]
    if value is None and nullable:
        return None
    if not isinstance(value, str):
        raise BadRequest(f"`{name}` must be a string.", param=name)
    if len(value) > max_length:
        raise BadRequest(f"`{name}` is longer than {max_length} characters.", param=name)
    return value


def choice(body: dict, name: str, choices) -> str:
    value = body[name]
    if value not in choices:
        raise BadRequest(f"`{name}` must be one of {', '.join(choices)}.", param=name)
    return value


def prefixed_id(body: dict, name: str, prefix: str, *, nullable: bool = False) -> str | None:
    value = body[name]
    if value is None and nullable:
        return None
    if not isinstance(value, str) or not value.startswith(prefix + "_"):
        raise BadRequest(f"`{name}` must be a {prefix}_ id.", param=name)
    return value


def datetime_field(body: dict, name: str):
    value = body[name]
    if not isinstance(value, str):
        raise BadRequest(f"`{name}` must be an ISO 8601 date-time.", param=name)
    return parse_datetime_param(value, name)


def metadata(body: dict, name: str = "metadata") -> dict:
    return parse_metadata(body[name], name)
