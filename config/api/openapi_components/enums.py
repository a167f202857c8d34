"""The enumerations of the OpenAPI document, taken from the constants the code itself uses.

This package is only imported once Django's apps are loaded (the components are added by a
postprocessing hook, not from settings), so the model and engine modules can be imported here
and the document cannot drift from the values the API actually stores and answers.
"""

from apikeys import models as apikeys
from guests import models as guests
from holds import models as holds
from reservations.engine.rules import RULES
from reservations.models import booking, floor, restaurant

LANGUAGES = list(restaurant.LANGUAGES)
# `held` and `awaiting_guest` exist (a status filter accepts them) but are never served.
NEVER_SERVED_STATUSES = ("held", "awaiting_guest")
RESERVATION_STATUSES = [status for status in booking.STATUSES if status not in NEVER_SERVED_STATUSES]
RESERVATION_STATUS_FILTER = list(booking.STATUSES)
RESERVATION_SOURCES = list(booking.SOURCES)
BOOKING_CHANNELS = list(booking.CHANNELS)
GUEST_NOTIFICATIONS = list(booking.NOTIFICATION_MODES)
GUARANTEE_STATUSES = list(booking.GUARANTEE_STATUSES)
HOLD_KINDS = list(holds.HOLD_KINDS)
HOLD_STATUSES = list(holds.HOLD_STATUSES)
AREA_TYPES = list(floor.AREA_TYPES)
GUEST_SOURCES = list(guests.GUEST_SOURCES)
GUEST_FIELDS = list(restaurant.GUEST_FIELDS)
EVENT_TYPES = list(booking.EVENT_TYPES)
# In the engine's order (RULES), not OVERRIDABLE's (a frozenset, unordered).
OVERRIDABLE_RULES = [code for code, rule in RULES.items() if rule.overridable]
VIOLATION_CODES = list(RULES)
SCOPES = list(apikeys.SCOPES)

# Contract values with no constant of their own in the code:
# the guarantee kinds (only `imprint` is ever written, by reservations/services/guarantees.py) and
# the error types (computed from the status code by config/api/errors.py error_type()).
GUARANTEE_KINDS = ["imprint", "prepayment"]
ERROR_TYPES = ["invalid_request_error", "authentication_error", "rate_limit_error", "api_error"]
