"""The one paginator of every list: keyset pages over an explicit ordering.

`starting_after` / `ending_before` name objects of the list by public id; the
page continues from that object's position in the ordering, so pages stay
stable while rows are added. The last ordering field is always the primary
key, the tie-break that makes the ordering total.
"""

from dataclasses import dataclass

from django.db.models import Q

from config.api.errors import BadRequest
from config.api.params import parse_int

DEFAULT_LIMIT = 20
MAX_LIMIT = 100
MAX_LIMIT_EXPANDED = 25
PAGINATION_PARAMS = frozenset({"limit", "starting_after", "ending_before"})


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
    raw = query.get("limit")
    if raw is None:
        return DEFAULT_LIMIT
    limit = parse_int(raw, "limit")
    if limit < 1:
        raise BadRequest("`limit` must be between 1 and 100.", param="limit")
    return min(limit, MAX_LIMIT_EXPANDED if expanded else MAX_LIMIT)


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


def paginate(queryset, query, ordering: Ordering, *, expanded: bool = False, id_field: str = "public_id") -> Page:
    """One page of `queryset` (already filtered to the tenant and the filters)."""
    limit = parse_limit(query, expanded)
    fields = ordering.with_tiebreak()
    starting_after = query.get("starting_after")
    ending_before = query.get("ending_before") if starting_after is None else None
    cursor_id = starting_after if starting_after is not None else ending_before
    reverse = ending_before is not None
    if cursor_id is not None:
        param = "starting_after" if starting_after is not None else "ending_before"
        values = queryset.filter(**{id_field: cursor_id}).values(*(name for name, _ in fields)).first()
        if values is None:
            raise BadRequest(f"No object `{cursor_id}` in this list.", param=param)
        queryset = queryset.filter(_after(fields, values, reverse))
    rows = list(queryset.order_by(*ordering.order_by(reverse=reverse))[: limit + 1])
    has_more = len(rows) > limit
    rows = rows[:limit]
    if reverse:
        rows.reverse()
    return Page(items=rows, has_more=has_more)


def list_envelope(data: list, has_more: bool) -> dict:
    return {"object": "list", "data": data, "has_more": has_more}
