"""Plain rows the shapes render in place of model instances, on the hottest list pages, and the
page read that gives them (the reservation and waitlist lists)."""

from django.core.exceptions import EmptyResultSet
from django.db import connection

from config.postgresql.prepared import prepared_for


def columns(model, alias: str, names) -> list[str]:
    """The columns of `model`'s fields `names` (names or attnames), on `alias`."""
    return [f'{alias}."{model._meta.get_field(name).column}"' for name in names]


def page_text(queryset, order_by: list[str], count: int, *, select: str, joins: str, alias: str):
    """(text, parameters) that read the first `count` rows of `queryset` ordered by `order_by`, or
    None when a filter can match nothing (`queryset.none()`).

    The ORM compiles the filters down to the page's ids (one column, no join: compiling a whole
    read cost more than running it); `select` and `joins` (`FROM page JOIN <table> <alias> ON
    <alias>."id" = page."id" ...`) read the columns for them in one statement."""
    ids = queryset.order_by(*order_by).values_list("pk")[:count]
    try:
        ids_sql, params = ids.query.get_compiler(connection=connection).as_sql()
    except EmptyResultSet:
        return None
    order = order_by_sql(queryset.model, alias, order_by)
    return f"WITH page (id) AS ({ids_sql}) SELECT {select} {joins} ORDER BY {order}", list(params)


def statement_text(sql: str, prepare: bool = True) -> str:
    """What runs `sql`: its prepared statement once its text repeats
    (config.postgresql.prepared.prepared_for) unless `prepare` is False (a filter whose generic
    plan would be wrong for some values must be planned for them), else the text itself."""
    statement = prepared_for(sql) if prepare else None
    return sql if statement is None else statement.sql()


def page_sql(queryset, order_by: list[str], count: int, *, select: str, joins: str, alias: str, prepare: bool = True):
    """`page_text`, with the text that runs it (`statement_text`)."""
    page = page_text(queryset, order_by, count, select=select, joins=joins, alias=alias)
    if page is None:
        return None
    sql, params = page
    return statement_text(sql, prepare), params


def order_by_sql(model, alias: str, order_by: list[str]) -> str:
    """`ORDER BY`'s terms for a queryset's `order_by` names ("-created_at", "pk"), on `alias`."""
    terms = []
    for name in order_by:
        descending = name.startswith("-")
        field = model._meta.pk if name.lstrip("-") == "pk" else model._meta.get_field(name.lstrip("-"))
        terms.append(f'{alias}."{field.column}"{" DESC" if descending else ""}')
    return ", ".join(terms)


class Row:
    """One row's values as attributes: what the shapes read from a model instance."""

    def __init__(self, values: dict):
        self.__dict__ = values

    @property
    def pk(self):
        return self.id
