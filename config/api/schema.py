"""The AutoSchema every view is documented with (kept apart from the schema view to avoid an import cycle)."""

from drf_spectacular.openapi import AutoSchema


class ApiAutoSchema(AutoSchema):
    pass
