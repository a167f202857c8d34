"""The typed objects of the API (generated from the OpenAPI document): `Reservation`, `Hold`,
`Availability`, `Configuration`, `Error`, ... Each has `to_dict()` and `from_dict()`; fields the
document does not know yet are kept in `additional_properties`."""

from ._generated.models import *  # noqa: F403
from ._generated.models import __all__  # noqa: F401
