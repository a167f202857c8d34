"""A typed Python client of the Restaurant Reservation API.

    from reservations_client import ReservationsClient

    client = ReservationsClient("sk_live_...", base_url="https://...")
    day = client.availability.retrieve(service_date="2026-12-05", party_size=2)

The typed layer (`_generated/`: one function per operation, attrs models) is generated from the
service's OpenAPI document by openapi-python-client (`make client`); this package adds what a generator
does badly: idempotency keys, retries with backoff, pagination, typed errors and webhook verification.
"""

from ._client import ReservationsClient
from ._generated._document import API_VERSION
from ._http import RetryingTransport, new_idempotency_key
from .errors import (
    APIConnectionError,
    APIError,
    AuthenticationError,
    BookingRulesViolated,
    ConflictError,
    IdempotencyError,
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ReservationsError,
    UnprocessableError,
    Violation,
)
from .pagination import Page
from .webhooks import Webhook, WebhookVerificationError

__all__ = [
    "API_VERSION",
    "APIConnectionError",
    "APIError",
    "AuthenticationError",
    "BookingRulesViolated",
    "ConflictError",
    "IdempotencyError",
    "InvalidRequestError",
    "NotFoundError",
    "Page",
    "PermissionDeniedError",
    "RateLimitError",
    "ReservationsClient",
    "ReservationsError",
    "RetryingTransport",
    "UnprocessableError",
    "Violation",
    "Webhook",
    "WebhookVerificationError",
    "new_idempotency_key",
]
