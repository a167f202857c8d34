"""The reusable pieces of the OpenAPI document: JSON Schemas of every wire object, the
request bodies, the response headers and the security scheme.

The views answer plain dicts built by serializer functions, so drf-spectacular cannot
infer their shapes: they are written down here, from reservation-api.md (the contract)
and decisions.md, and merged into the document by `add_components`, a postprocessing
hook (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]). tests/openapi/ checks real responses
against them, so a change to a serializer that is not reflected here fails a test.

Modules, by responsibility:
- `helpers`: formats (patterns, ids) and the small schema builders (`ref`, `nullable`, `obj`...);
- `enums`: the enumerations, taken from the model and engine constants;
- `resources`, `availability`, `errors`, `requests`: the component schemas;
- `headers`: the response headers and the security scheme.

The enumerations import models, so this package must only be imported once Django's apps
are loaded: never from settings.py (the hook is named there as a dotted path, imported lazily).
"""

import copy

from config.api.openapi_components.availability import (
    AVAILABILITY,
    AVAILABILITY_CLOSURE,
    AVAILABILITY_DAY,
    AVAILABILITY_GUARANTEE,
    AVAILABILITY_MONTH,
    AVAILABILITY_SECTION,
    AVAILABILITY_SHIFT,
    AVAILABILITY_SLOT,
)
from config.api.openapi_components.enums import (
    LANGUAGES,
    RESERVATION_SOURCES,
    RESERVATION_STATUS_FILTER,
    RESERVATION_STATUSES,
)
from config.api.openapi_components.errors import ERROR, ERROR_DETAIL, VIOLATION, VIOLATION_CONFLICT
from config.api.openapi_components.headers import HEADERS, SECURITY_SCHEMES
from config.api.openapi_components.helpers import HHMM_PATTERN, MONTH_PATTERN, id_pattern, list_of, ref
from config.api.openapi_components.requests import (
    GUARANTEE_REQUEST,
    GUEST_INPUT,
    HOLD_CREATE,
    RESERVATION_CREATE,
    RESERVATION_MODIFY,
)
from config.api.openapi_components.resources import (
    COMPANY,
    CONFIGURATION,
    GUARANTEE,
    GUEST,
    HOLD,
    METADATA,
    PING,
    RESERVATION,
    RESERVATION_EVENT,
    RESTAURANT_REF,
    SECTION,
    TABLE,
)

# What the operation modules use as `oc.<name>` (config/api/schema.py, reservations/api/openapi.py,
# holds/api/openapi.py), besides the hook and the components themselves.
__all__ = [
    "COMPONENTS",
    "HEADERS",
    "HHMM_PATTERN",
    "LANGUAGES",
    "MONTH_PATTERN",
    "RESERVATION_SOURCES",
    "RESERVATION_STATUSES",
    "RESERVATION_STATUS_FILTER",
    "SCHEMAS",
    "SECURITY_SCHEMES",
    "add_components",
    "id_pattern",
    "ref",
]

SCHEMAS = {
    "Ping": PING,
    "RestaurantReference": RESTAURANT_REF,
    "Configuration": CONFIGURATION,
    "Section": SECTION,
    "SectionList": list_of("Section", "The restaurant's sections in its arrangement; never paginated."),
    "Table": TABLE,
    "Company": COMPANY,
    "Guarantee": GUARANTEE,
    "Guest": GUEST,
    "Reservation": RESERVATION,
    "ReservationList": list_of("Reservation", "A page of reservations."),
    "ReservationEvent": RESERVATION_EVENT,
    "ReservationEventList": list_of("ReservationEvent", "A page of a reservation's events, oldest first."),
    "Hold": HOLD,
    "HoldList": list_of("Hold", "A page of holds, newest first."),
    "Availability": AVAILABILITY,
    "AvailabilityShift": AVAILABILITY_SHIFT,
    "AvailabilitySlot": AVAILABILITY_SLOT,
    "AvailabilityClosure": AVAILABILITY_CLOSURE,
    "AvailabilityGuarantee": AVAILABILITY_GUARANTEE,
    "AvailabilityMonth": AVAILABILITY_MONTH,
    "AvailabilityDay": AVAILABILITY_DAY,
    "AvailabilitySection": AVAILABILITY_SECTION,
    "Metadata": METADATA,
    "Error": ERROR,
    "ErrorDetail": ERROR_DETAIL,
    "Violation": VIOLATION,
    "ViolationConflict": VIOLATION_CONFLICT,
    "HoldCreateRequest": HOLD_CREATE,
    "GuestInput": GUEST_INPUT,
    "ReservationCreateRequest": RESERVATION_CREATE,
    "GuaranteeRequest": GUARANTEE_REQUEST,
    "ReservationModifyRequest": RESERVATION_MODIFY,
}

# The security scheme is registered by the authentication extension in config/api/schema.py.
COMPONENTS = {"schemas": SCHEMAS, "headers": HEADERS}


def add_components(result: dict, generator=None, request=None, public=False, **kwargs) -> dict:
    """drf-spectacular postprocessing hook: merge COMPONENTS into the generated document.

    Behaves as SPECTACULAR_SETTINGS["APPEND_COMPONENTS"] did: a component written here
    replaces a generated one of the same name, and every section stays sorted by name.
    """
    components = result.setdefault("components", {})
    for kind, extra in COMPONENTS.items():
        components[kind] = {**components.get(kind, {}), **copy.deepcopy(extra)}
    result["components"] = {
        kind: {name: schemas[name] for name in sorted(schemas)} for kind, schemas in sorted(components.items())
    }
    return result
