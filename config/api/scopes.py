"""Scopes: one per endpoint, plus the fields and expansions that demand one of their own.

The field-demanded scopes are data, checked in one place by the base view.
"""

from collections.abc import Callable
from dataclasses import dataclass

from config.api.errors import InsufficientScope

READ = "reservations:read"
WRITE = "reservations:write"
OVERRIDE = "reservations:write:override"
GUESTS = "guests:read"


def _non_empty(value) -> bool:
    return value not in (None, [], "", {})


def _is_true(value) -> bool:
    return value is True


def _present(value) -> bool:
    return value is not None


@dataclass(frozen=True)
class FieldScope:
    """A body field that, when `demands(value)`, needs `scope` (refused with `param: field`)."""

    field: str
    scope: str
    demands: Callable[[object], bool]


# The three override powers: one scope, each field refused on its own.
OVERRIDE_FIELDS = (
    FieldScope("override", OVERRIDE, _non_empty),
    FieldScope("excluded_from_shift_limits", OVERRIDE, _is_true),
    FieldScope("entire_section_id", OVERRIDE, _present),
)

# Values of `expand` that reveal guest data.
GUEST_EXPANSIONS = frozenset({"guest", "modification_token"})


def check_endpoint_scope(client, scope: str | None) -> None:
    if scope is not None and not client.has_scope(scope):
        raise InsufficientScope(scope)


def check_field_scopes(client, body: dict, field_scopes: tuple[FieldScope, ...]) -> None:
    for rule in field_scopes:
        if rule.field in body and rule.demands(body[rule.field]) and not client.has_scope(rule.scope):
            raise InsufficientScope(rule.scope, param=rule.field)


def check_expand_scopes(client, expand: set[str]) -> None:
    if expand & GUEST_EXPANSIONS and not client.has_scope(GUESTS):
        raise InsufficientScope(GUESTS, param="expand")
