"""`restaurant`: the tenant and its booking policy."""

import functools
import re
import zoneinfo

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.text import slugify

from reservations.models import Restaurant
from reservations.models.restaurant import GUEST_FIELDS, LANGUAGES

from ..codes import COUNTRIES, CURRENCIES
from ..context import Context
from ..errors import at
from ..fields import (
    INVALID,
    MISSING,
    Field,
    boolean,
    check_object,
    choice,
    integer,
    list_of,
    nullable,
    obj,
    positive_number,
    text,
    valid,
)

NAME = "restaurant"
SLUG_RE = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")
RATE_LIMITS = ("write_burst", "write_per_second", "write_per_day", "read_burst", "read_per_second")


@functools.cache
def _zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def _code(values: frozenset[str], what: str):
    def check(value, path, problems):
        if isinstance(value, str) and value.upper() in values:
            return value.upper()
        problems.add(path, f"unknown {what}")
        return INVALID

    return check


def _timezone(value, path, problems):
    if isinstance(value, str) and value in _zones():
        return value
    problems.add(path, "unknown IANA zone")
    return INVALID


def _slug(value, path, problems):
    if isinstance(value, str) and SLUG_RE.match(value) and len(value) <= 100:
        return value
    problems.add(path, "not a slug (lower-case letters, digits, '-', '_'; at most 100)")
    return INVALID


def _url(value, path, problems):
    try:
        if not isinstance(value, str) or len(value) > 200:
            raise ValidationError("not a string")
        URLValidator(schemes=["http", "https"])(value)
    except ValidationError:
        problems.add(path, "not an http(s) URL")
        return INVALID
    return value


LANGUAGE = choice(LANGUAGES, "language")
FIELDS = {
    "name": Field(text(200), required=True),
    "slug": Field(nullable(_slug)),
    "timezone": Field(_timezone, required=True),
    "country": Field(_code(COUNTRIES, "ISO 3166 alpha-2 country"), required=True),
    "currency": Field(_code(CURRENCIES, "ISO 4217 currency"), required=True),
    "primary_language": Field(LANGUAGE, required=True),
    "guest_languages": Field(nullable(list_of(LANGUAGE, unique=True, min_items=1))),
    "min_party_size": Field(nullable(integer(1)), default=1),
    "max_party_size": Field(nullable(integer(1)), default=10),
    "default_party_size": Field(integer(1), default=2),
    "max_advance_days": Field(nullable(integer(0)), default=90),
    "default_cutoff_minutes": Field(nullable(integer(-1))),
    "show_seating_preference": Field(boolean, default=False),
    "require_guest_email": Field(boolean, default=False),
    "require_guest_phone": Field(boolean, default=False),
    "required_guest_fields": Field(list_of(choice(GUEST_FIELDS, "guest field"), unique=True), default=list),
    "api_access": Field(boolean, default=True),
    "payments_enabled": Field(boolean, default=True),
    "widget_enabled": Field(boolean, default=True),
    "guest_changes_allowed": Field(boolean, default=True),
    "booking_page_url": Field(nullable(_url)),
    # What guests read on their booking's page and e-mails (never on the partner API's objects).
    "address": Field(text(500, lines=True), default=""),
    "phone": Field(text(40), default=""),
    "map_url": Field(nullable(_url)),
    "rate_limits": Field(
        nullable(
            obj(
                {
                    name: Field(nullable(positive_number if name.endswith("per_second") else integer(1)))
                    for name in RATE_LIMITS
                }
            )
        )
    ),
}


def validate(raw, ctx: Context) -> dict | None:
    problems = ctx.problems
    if raw is MISSING:
        problems.add(NAME, "required")
        return None
    data = check_object(raw, NAME, problems, FIELDS)
    if data is None:
        return None
    slug = data["slug"]
    if valid(slug) and slug and Restaurant.objects.filter(slug=slug).exists():
        problems.add(at(NAME, "slug"), "already taken")
    primary, languages = data["primary_language"], data["guest_languages"]
    if languages is None:
        data["guest_languages"] = languages = [primary]
    if valid(primary, languages) and valid(*languages) and primary not in languages:
        problems.add(at(NAME, "guest_languages"), f'does not contain the primary language "{primary}"')
    low, high, default = data["min_party_size"], data["max_party_size"], data["default_party_size"]
    if valid(low, high) and low is not None and high is not None and high < low:
        problems.add(at(NAME, "max_party_size"), "below min_party_size")
    elif valid(low, default) and low is not None and default < low:
        problems.add(at(NAME, "default_party_size"), "below min_party_size")
    elif valid(high, default) and high is not None and default > high:
        problems.add(at(NAME, "default_party_size"), "above max_party_size")
    return data


def unique_slug(name: str) -> str:
    base = slugify(name)[:90].strip("-_") or "restaurant"
    slug, n = base, 1
    while Restaurant.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def create(data: dict, ctx: Context) -> None:
    primary = data["primary_language"]
    rates = data["rate_limits"] or {}
    restaurant = Restaurant.objects.create(
        name=data["name"],
        slug=data["slug"] or unique_slug(data["name"]),
        guest_languages=[primary, *(lang for lang in data["guest_languages"] if lang != primary)],
        map_url=data["map_url"] or "",
        **{name: rates.get(name) for name in RATE_LIMITS},
        **{
            name: value
            for name, value in data.items()
            if name not in {"name", "slug", "guest_languages", "rate_limits", "map_url"}
        },
    )
    ctx.restaurant = restaurant
    ctx.output["restaurant"] = restaurant.public_id
    ctx.output["slug"] = restaurant.slug
