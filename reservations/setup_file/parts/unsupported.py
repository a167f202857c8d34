"""Parts of the format a later version of the loader reads; refused clearly until then."""

from ..context import Context
from ..fields import MISSING


class Unsupported:
    def __init__(self, name: str) -> None:
        self.NAME = name

    def validate(self, raw, ctx: Context) -> None:
        if raw is not MISSING and raw not in (None, [], {}):
            ctx.problems.add(self.NAME, "not supported yet by this version of the loader")

    def create(self, data, ctx: Context) -> None:
        pass
