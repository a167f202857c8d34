"""Per-restaurant rate limits: Redis token buckets shared by all of a restaurant's keys.

One Lua script per request refills and draws the bucket atomically (and, for the
write budget, counts the day), using Redis' clock so every app server agrees.
"""

import hashlib
import logging
import math
import threading
from dataclasses import dataclass

import redis
from django.conf import settings

from config.api.errors import RateLimited
from config.ops.metrics import RATE_LIMITED, REDIS_ERRORS

logger = logging.getLogger("api.ratelimit")

# The contract's write budget and decisions.md's read budget.
DEFAULTS = {
    "write": {"burst": 20, "per_second": 1.0, "per_day": 2000},
    "read": {"burst": 100, "per_second": 20.0, "per_day": None},
}

# KEYS[1] bucket hash, KEYS[2] day counter (a UTC day). ARGV: burst, rate/s, per_day (0 = none).
# Returns {allowed, tokens_left*1000, retry_after_ms, day_exhausted}.
TOKEN_BUCKET = """
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local per_day = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil then
  tokens = burst
  ts = now
end
tokens = math.min(burst, tokens + math.max(0, now - ts) * rate)
local ttl = math.ceil(burst / rate) + 1
local seconds_left_today = 86400 - (tonumber(t[1]) % 86400)
if per_day > 0 then
  local used = tonumber(redis.call('GET', KEYS[2]) or '0')
  if used >= per_day then
    redis.call('HSET', KEYS[1], 'tokens', tokens, 'ts', now)
    redis.call('EXPIRE', KEYS[1], ttl)
    return {0, math.floor(tokens * 1000), seconds_left_today * 1000, 1}
  end
end
if tokens < 1 then
  redis.call('HSET', KEYS[1], 'tokens', tokens, 'ts', now)
  redis.call('EXPIRE', KEYS[1], ttl)
  return {0, math.floor(tokens * 1000), math.ceil((1 - tokens) / rate * 1000), 0}
end
tokens = tokens - 1
redis.call('HSET', KEYS[1], 'tokens', tokens, 'ts', now)
redis.call('EXPIRE', KEYS[1], ttl)
if per_day > 0 then
  -- the day's count lives until the next UTC midnight; later writes never push that back
  if redis.call('INCR', KEYS[2]) == 1 or redis.call('TTL', KEYS[2]) < 0 then
    redis.call('EXPIRE', KEYS[2], seconds_left_today)
  end
end
return {1, math.floor(tokens * 1000), 0, 0}
"""


@dataclass(frozen=True)
class Budget:
    resource: str
    burst: int
    per_second: float
    per_day: int | None


@dataclass(frozen=True)
class RateLimitState:
    budget: Budget
    remaining: int
    reset_seconds: int

    def headers(self) -> dict[str, str]:
        return {
            "RateLimit-Limit": str(self.budget.burst),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset_seconds),
            "RateLimit-Resource": self.budget.resource,
        }


_client: redis.Redis | None = None
_thread = threading.local()  # each thread's connection for the bucket (_run_bucket)
TOKEN_BUCKET_SHA = hashlib.sha1(TOKEN_BUCKET.encode()).hexdigest()


def redis_client() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5, health_check_interval=30
        )
    return _client


def budget_for(restaurant, resource: str) -> Budget:
    default = DEFAULTS[resource]
    burst = getattr(restaurant, f"{resource}_burst") or default["burst"]
    per_second = getattr(restaurant, f"{resource}_per_second") or default["per_second"]
    per_day = (restaurant.write_per_day or default["per_day"]) if resource == "write" else None
    return Budget(resource=resource, burst=burst, per_second=per_second, per_day=per_day)


def consume(restaurant, resource: str) -> RateLimitState | None:
    """Draw one request from the restaurant's budget; raise 429 when it is spent.

    Returns None (and lets the request through) when Redis cannot be reached:
    an outage of the limiter must not take the API down with it.
    """
    budget = budget_for(restaurant, resource)
    prefix = f"rl:{restaurant.public_id}:{resource}"
    try:
        allowed, tokens_milli, retry_ms, day_exhausted = _run_bucket(
            prefix, f"{prefix}:day", budget.burst, budget.per_second, budget.per_day or 0
        )
    except redis.RedisError:
        REDIS_ERRORS.labels("rate_limit").inc()
        logger.warning("Rate limiter unavailable; letting the request through", exc_info=True)
        return None
    tokens = tokens_milli / 1000
    reset = math.ceil(max(0.0, budget.burst - tokens) / budget.per_second)
    state = RateLimitState(budget=budget, remaining=max(0, math.floor(tokens)), reset_seconds=reset)
    if not allowed:
        retry_after = max(1, math.ceil(retry_ms / 1000))
        message = "The restaurant's daily write budget is spent." if day_exhausted else "Too many requests; slow down."
        RATE_LIMITED.labels(resource).inc()
        raise RateLimited(message, headers={**state.headers(), "Retry-After": str(retry_after)})
    return state


def _run_bucket(*keys_and_args) -> list:
    """EVALSHA of the token bucket (2 keys, 3 arguments) on this thread's own connection, loading the
    script when Redis does not know it; a connection that broke while idle (Redis restarted) is
    replaced once. It runs on every request: redis-py's command layer (the pool's check-out, which
    probes the socket with an exception per command, the retry wrapper) cost several times the
    call itself."""
    connection = getattr(_thread, "connection", None)
    if connection is None:
        connection = _thread.connection = redis_client().connection_pool.make_connection()
    try:
        return _evalsha(connection, keys_and_args)
    except redis.ConnectionError:
        connection.disconnect()
        try:
            return _evalsha(connection, keys_and_args)  # connects afresh
        except (redis.ConnectionError, redis.TimeoutError):
            connection.disconnect()
            raise
    except redis.TimeoutError:
        connection.disconnect()  # a reply may still come: never read it as the next call's
        raise


def _evalsha(connection, keys_and_args) -> list:
    try:
        connection.send_command("EVALSHA", TOKEN_BUCKET_SHA, 2, *keys_and_args)
        return connection.read_response()
    except redis.exceptions.NoScriptError:  # a new or flushed Redis
        connection.send_command("SCRIPT", "LOAD", TOKEN_BUCKET)
        connection.read_response()
        connection.send_command("EVALSHA", TOKEN_BUCKET_SHA, 2, *keys_and_args)
        return connection.read_response()
