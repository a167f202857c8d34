"""Plain rows the shapes render in place of model instances, on the hottest list pages."""


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
