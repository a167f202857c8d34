"""The HTTP layer under the generated code: an idempotency key on every write that takes one, and
retries with backoff on 429, 5xx and network failures, honouring `Retry-After`.

It is an `httpx` transport, so every call of the generated functions goes through it.

- A POST or PATCH without an `Idempotency-Key` gets one (a UUID4), made once per call: every retry
  of that call resends the same key, so a create that reached the service before the connection
  broke is answered by its replay (`Idempotent-Replayed: true`), never booked twice.
- A request is retried only when it is safe: a read, a DELETE (a release is idempotent), or a write
  carrying an idempotency key. The service remembers only successes, so resending a key after a
  429 or a 5xx is what the API asks for.
- Waits: `Retry-After` when the answer has one (up to `max_retry_wait`; a longer wait, a spent daily
  budget, is raised at once as `RateLimitError`), else exponential backoff from `backoff_base` with
  full jitter, capped at `backoff_max`.
"""

from __future__ import annotations

import logging
import random
import time
import uuid
from collections.abc import Callable

import httpx

logger = logging.getLogger("reservations_client")

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
WRITES_WITH_KEY = frozenset({"POST", "PATCH"})
SAFE_TO_REPEAT = frozenset({"GET", "HEAD", "OPTIONS", "DELETE", "PUT"})


def new_idempotency_key() -> str:
    return str(uuid.uuid4())


def retry_after_seconds(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


class RetryingTransport(httpx.BaseTransport):
    def __init__(
        self,
        wrapped: httpx.BaseTransport | None = None,
        *,
        max_retries: int = 3,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        max_retry_wait: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
        on_retry: Callable[[int, float, httpx.Request, httpx.Response | None, Exception | None], None] | None = None,
    ):
        self.wrapped = wrapped or httpx.HTTPTransport()
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.max_retry_wait = max_retry_wait
        self.sleep = sleep
        self.on_retry = on_retry

    def backoff(self, attempt: int) -> float:
        return random.uniform(0, min(self.backoff_max, self.backoff_base * 2**attempt))

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method in WRITES_WITH_KEY and "Idempotency-Key" not in request.headers:
            request.headers["Idempotency-Key"] = new_idempotency_key()
        repeatable = request.method in SAFE_TO_REPEAT or "Idempotency-Key" in request.headers
        attempt = 0
        while True:
            response: httpx.Response | None = None
            try:
                response = self.wrapped.handle_request(request)
            except httpx.TransportError as error:
                if not repeatable or attempt >= self.max_retries:
                    raise
                delay, failure = self.backoff(attempt), error
            else:
                if response.status_code not in RETRY_STATUSES or not repeatable or attempt >= self.max_retries:
                    return response
                wait = retry_after_seconds(response)
                if wait is not None and wait > self.max_retry_wait:
                    return response  # not worth blocking for: the caller gets a RateLimitError
                delay, failure = (wait if wait is not None else self.backoff(attempt)), None
                response.read()
                response.close()
            attempt += 1
            logger.info(
                "retrying %s %s in %.2fs (attempt %d of %d): %s",
                request.method,
                request.url.path,
                delay,
                attempt,
                self.max_retries,
                failure or response.status_code,
            )
            if self.on_retry is not None:
                self.on_retry(attempt, delay, request, response, failure)
            self.sleep(delay)

    def close(self) -> None:
        self.wrapped.close()
