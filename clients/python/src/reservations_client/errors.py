"""Typed errors: every refusal of the API raises one, carrying the envelope's fields.

    try:
        client.reservations.create(...)
    except BookingRulesViolated as error:
        for violation in error.violations:
            print(violation.code, violation.param, violation.overridable)
    except RateLimitError as error:
        time.sleep(error.retry_after or 1)
    except ReservationsError as error:  # any other refusal
        print(error.status, error.code, error.param, error.doc_url)

Branch on `code` (stable), never on `message` (English, for logs).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Conflict:
    """One occupied table of a `section_occupied` violation."""

    table: dict[str, Any]
    start_time: str
    end_time: str


@dataclass(frozen=True)
class Violation:
    """One booking rule that refused a booking (inside `booking_rules_violated`)."""

    code: str
    message: str
    overridable: bool
    param: str | None = None
    conflicts: list[Conflict] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Violation:
        return cls(
            code=data["code"],
            message=data.get("message", ""),
            overridable=bool(data.get("overridable", False)),
            param=data.get("param"),
            conflicts=[Conflict(**conflict) for conflict in data.get("conflicts", [])],
        )


class ReservationsError(Exception):
    """Base of every error of this client."""

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        type: str | None = None,
        code: str | None = None,
        param: str | None = None,
        doc_url: str | None = None,
        violations: list[Violation] | None = None,
        headers: Mapping[str, str] | None = None,
        body: Any = None,
    ):
        super().__init__(message)
        self.message = message
        self.status = status
        self.type = type
        self.code = code
        self.param = param
        self.doc_url = doc_url
        self.violations = violations or []
        self.headers = dict(headers or {})
        self.body = body

    @property
    def request_id(self) -> str | None:
        return self.headers.get("x-request-id")

    def __str__(self) -> str:
        where = f" (param: {self.param})" if self.param else ""
        return f"{self.status} {self.code}: {self.message}{where}" if self.status else self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status!r}, code={self.code!r}, param={self.param!r})"


class APIConnectionError(ReservationsError):
    """The service could not be reached (after the retries allowed)."""


class InvalidRequestError(ReservationsError):
    """400: the request is malformed; `param` names the field."""


class IdempotencyError(ReservationsError):
    """`idempotency_key_invalid` (400) or `idempotency_key_reused` (422)."""


class AuthenticationError(ReservationsError):
    """401: missing, invalid or revoked key. Retrying with the same key cannot succeed."""


class PermissionDeniedError(ReservationsError):
    """403: `insufficient_scope` (with `param`: drop that field) or `plan_required`."""


class NotFoundError(ReservationsError):
    """404: no object of this restaurant has this id (`param` names the field when in the body)."""


class ConflictError(ReservationsError):
    """409: the object's state forbids it (`reservation_finalized`, `hold_already_converted`, ...)."""


class UnprocessableError(ReservationsError):
    """422: the request is well formed but refused (guarantee rules, required guest fields, ...)."""


class BookingRulesViolated(UnprocessableError):
    """422 `booking_rules_violated`: read `violations` (always at least one).

    `overridable_codes` are the codes a key with `reservations:write:override` may resend in `override`,
    once, with the same `idempotency_key`.
    """

    @property
    def overridable_codes(self) -> list[str]:
        return [violation.code for violation in self.violations if violation.overridable]


class RateLimitError(ReservationsError):
    """429 `rate_limited` or `lock_timeout`, once the client's own retries are spent."""

    @property
    def retry_after(self) -> float | None:
        value = self.headers.get("retry-after")
        try:
            return float(value) if value is not None else None
        except ValueError:
            return None


class APIError(ReservationsError):
    """5xx: a fault on the service's side (`api_error`, `upstream_error`); nothing was changed."""


BY_STATUS: dict[int, type[ReservationsError]] = {
    400: InvalidRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableError,
    429: RateLimitError,
}
BY_CODE: dict[str, type[ReservationsError]] = {
    "booking_rules_violated": BookingRulesViolated,
    "idempotency_key_invalid": IdempotencyError,
    "idempotency_key_reused": IdempotencyError,
}


def error_from_response(status: int, content: bytes, headers: Mapping[str, str]) -> ReservationsError:
    """The typed error of a refused request, from its status and error envelope."""
    headers = {name.lower(): value for name, value in headers.items()}
    try:
        body = json.loads(content) if content else None
    except ValueError:
        body = None
    detail = body.get("error") if isinstance(body, dict) and isinstance(body.get("error"), dict) else {}
    code = detail.get("code")
    kind = BY_CODE.get(code) or BY_STATUS.get(status) or (APIError if status >= 500 else ReservationsError)
    return kind(
        detail.get("message") or f"HTTP {status}",
        status=status,
        type=detail.get("type"),
        code=code,
        param=detail.get("param"),
        doc_url=detail.get("doc_url"),
        violations=[Violation.from_dict(v) for v in detail.get("violations", [])],
        headers=headers,
        body=body if body is not None else content,
    )
