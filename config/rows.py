"""Plain rows the shapes render in place of model instances, on the hottest list pages."""


class Row:
    """One row's values as attributes: what the shapes read from a model instance."""

    def __init__(self, values: dict):
        self.__dict__ = values

    @property
    def pk(self):
        return self.id
