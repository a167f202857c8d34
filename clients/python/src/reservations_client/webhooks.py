"""Verifying the service's webhook deliveries (Standard Webhooks).

Each delivery carries three headers:

- `webhook-id`: the event's id (`evt_...`); the same on every retry of that event: deduplicate on it;
- `webhook-timestamp`: when it was signed, in Unix seconds;
- `webhook-signature`: one or more space-separated `v1,<base64 HMAC-SHA256>` of
  `"{webhook-id}.{webhook-timestamp}.{body}"`, keyed with the endpoint's secret (`whsec_<base64>`).

    from reservations_client.webhooks import Webhook, WebhookVerificationError

    hook = Webhook(os.environ["WEBHOOK_SECRET"])      # whsec_...
    try:
        event = hook.verify(request.body, request.headers)   # the raw bytes, as received
    except WebhookVerificationError:
        return 400
    if event["type"] == "reservation.cancelled": ...

Verify the raw body before parsing it: a re-serialised body does not match its signature. Deliveries
signed more than `tolerance` seconds (5 minutes) away from now are refused, so a captured delivery
cannot be replayed later. The public `standardwebhooks` package verifies the same deliveries.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

SECRET_PREFIX = "whsec_"
DEFAULT_TOLERANCE = 300


class WebhookVerificationError(Exception):
    """The delivery is not signed by the endpoint's secret, or is too old (or too far ahead)."""


class Webhook:
    def __init__(self, secret: str | bytes):
        if isinstance(secret, str):
            try:
                text = secret.removeprefix(SECRET_PREFIX)
                secret = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
            except (binascii.Error, ValueError) as error:
                raise ValueError("The secret is `whsec_` followed by base64.") from error
        if not secret:
            raise ValueError("The secret is empty.")
        self._key = secret

    def sign(self, msg_id: str, timestamp: int, payload: bytes | str) -> str:
        """The `webhook-signature` value of a delivery (what the service sends)."""
        body = payload.encode() if isinstance(payload, str) else payload
        content = f"{msg_id}.{timestamp}.".encode() + body
        digest = hmac.new(self._key, content, hashlib.sha256).digest()
        return "v1," + base64.b64encode(digest).decode()

    def verify(
        self,
        payload: bytes | str,
        headers: Mapping[str, str],
        *,
        tolerance: int = DEFAULT_TOLERANCE,
        now: float | None = None,
    ) -> dict[str, Any]:
        """The delivered event (parsed JSON) once its signature and timestamp are verified."""
        lowered = {name.lower(): value for name, value in headers.items()}
        msg_id = lowered.get("webhook-id")
        stamp = lowered.get("webhook-timestamp")
        signatures = lowered.get("webhook-signature")
        if not msg_id or not stamp or not signatures:
            raise WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header.")
        try:
            timestamp = int(stamp)
        except ValueError as error:
            raise WebhookVerificationError("webhook-timestamp is not a number of seconds.") from error
        current = time.time() if now is None else now
        if abs(current - timestamp) > tolerance:
            raise WebhookVerificationError("webhook-timestamp is too far from now (a replay, or a skewed clock).")
        expected = self.sign(msg_id, timestamp, payload).split(",", 1)[1].encode()
        for signature in signatures.split():
            version, _, value = signature.partition(",")
            if version == "v1" and hmac.compare_digest(value.encode(), expected):
                body = payload.decode() if isinstance(payload, bytes) else payload
                return json.loads(body)
        raise WebhookVerificationError("No signature matches the endpoint's secret.")


def verify(payload: bytes | str, headers: Mapping[str, str], secret: str, **options: Any) -> dict[str, Any]:
    """`Webhook(secret).verify(payload, headers)` in one call."""
    return Webhook(secret).verify(payload, headers, **options)
