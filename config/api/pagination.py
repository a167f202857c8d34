"""The one paginator of every list: keyset pages over an explicit ordering.

`starting_after` / `ending_before` name objects of the list by public id; the
page continues from that object's position in the ordering, so pages stay
stable while rows are added. The last ordering field is always the primary
key, the tie-break that makes the ordering total.
"""

import re
from dataclasses import dataclass

from django.db.models import Q
from rest_framework.pagination import BasePagination

from config.api.errors import BadRequest
from config.api.inputs import MAX_ID_LENGTH, id_pattern, looks_like_id
from config.shapes import ListShape

DEFAULT_LIMIT = 20
MAX_LIMIT = 100
MAX_LIMIT_EXPANDED = 25
PAGINATION_PARAMS = frozenset({"limit", "starting_after", "ending_before"})
LIMIT_RE = re.compile(r"-?[0-9]+\Z")


@dataclass(frozen=True)
class Ordering:
    """Fields in order, each (name, descending). The primary key is appended as tie-break."""

    fields: tuple[tuple[str, bool], ...]

    def with_tiebreak(self) -> tuple[tuple[str, bool], ...]:
        last_descending = self.fields[-1][1] if self.fields else False
        return (*self.fields, ("pk", last_descending))

    def order_by(self, reverse: bool = False) -> list[str]:
        return [("-" if desc != reverse else "") + name for name, desc in self.with_tiebreak()]


@dataclass
class Page:
    items: list
    has_more: bool


def parse_limit(query, expanded: bool) -> int:
    """1 or more; any larger value is lowered to the page's maximum, however many digits it has."""
    raw = query.get("limit")
    if raw is None:
        return DEFAULT_LIMIT
    text = raw  # as sent: " 20" or "20\n" is not a limit
    if not LIMIT_RE.match(text):
        raise BadRequest("`limit` must be an integer.", param="limit")
    digits = text.lstrip("-").lstrip("0")
    if text.startswith("-") or not digits:
        raise BadRequest("`limit` must be between 1 and 100.", param="limit")
    ceiling = MAX_LIMIT_EXPANDED if expanded else MAX_LIMIT
    return ceiling if len(digits) > 3 else min(int(digits), ceiling)


def _after(fields: tuple[tuple[str, bool], ...], values: dict, reverse: bool) -> Q:
    """Rows strictly after the cursor in the (possibly reversed) ordering."""
    condition = Q(pk__in=[])
    equal_prefix = Q()
    for name, descending in fields:
        forwards_is_greater = descending == reverse
        lookup = "gt" if forwards_is_greater else "lt"
        condition |= equal_prefix & Q(**{f"{name}__{lookup}": values[name]})
        equal_prefix &= Q(**{name: values[name]})
    return condition


def paginate(queryset, query, ordering: Ordering, *, prefix: str, expanded: bool = False, fetch=None) -> Page:
    """One page of `queryset` (already filtered to the tenant and the filters); `prefix` is
    the id prefix of the list's objects (a cursor of another shape names nothing in it).
    `fetch(queryset, order_by, count)` reads the page's rows when the view has a faster way
    than the queryset's model instances."""
    limit = parse_limit(query, expanded)
    fields = ordering.with_tiebreak()
    starting_after = query.get("starting_after")
    ending_before = query.get("ending_before") if starting_after is None else None
    cursor_id = starting_after if starting_after is not None else ending_before
    reverse = ending_before is not None
    if cursor_id is not None:
        param = "starting_after" if starting_after is not None else "ending_before"
        values = None
        if looks_like_id(cursor_id, prefix):
            values = queryset.filter(public_id=cursor_id).values(*(name for name, _ in fields)).first()
        if values is None:
            raise BadRequest(f"No object `{cursor_id[:64]}` in this list.", param=param)
        queryset = queryset.filter(_after(fields, values, reverse))
    order_by = ordering.order_by(reverse=reverse)
    if fetch is not None:
        rows = fetch(queryset, order_by, limit + 1)
    else:
        rows = list(queryset.order_by(*order_by)[: limit + 1])
    return cut(rows, limit, reverse=reverse)


def cut(rows: list, limit: int, *, reverse: bool = False) -> Page:
    """The page of `rows`, read `limit + 1` at most: the extra one only says there are more."""
    has_more = len(rows) > limit
    rows = rows[:limit]
    if reverse:
        rows.reverse()
    return Page(items=rows, has_more=has_more)


# list_envelope(data, has_more): the envelope of every list, rendered by its shape.
list_envelope = ListShape.render


class KeysetPagination(BasePagination):
    """Declares the pagination parameters of list actions to DRF and the OpenAPI document.

    The views page with `paginate()` above, which needs the ordering only they know; a
    view's `cursor_prefix` (the id prefix of its list's objects) documents the cursors.
    """

    def paginate_queryset(self, queryset, request, view=None):  # pragma: no cover - views call paginate()
        raise NotImplementedError("Use config.api.pagination.paginate().")

    def get_schema_operation_parameters(self, view):
        prefix = getattr(view, "cursor_prefix", None)
        cursor = {"type": "string"}
        if prefix:
            cursor = {"type": "string", "pattern": id_pattern(prefix), "maxLength": MAX_ID_LENGTH}
        return [
            {
                "name": "limit",
                "in": "query",
                "required": False,
                "description": (
                    "Page size, 1 to 100 (default 20); a larger value is lowered to 100 (25 when `expand` is sent). "
                    "0, negative or not an integer is 400."
                ),
                "schema": {"type": "integer", "minimum": 1, "default": DEFAULT_LIMIT},
            },
            {
                "name": "starting_after",
                "in": "query",
                "required": False,
                "description": "Id of an object in the list: the page after it. An id the list cannot find is 400.",
                "schema": cursor,
            },
            {
                "name": "ending_before",
                "in": "query",
                "required": False,
                "description": (
                    "Id of an object in the list: the page just before it, still in list order. Ignored with "
                    "`starting_after`; an id the list cannot find is 400."
                ),
                "schema": cursor,
            },
        ]
