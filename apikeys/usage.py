"""When each API key was last used: the back office's "last used" column.

Authentication marks a key used in Redis (at most once a minute per key and process, so a
busy key costs one Redis write a minute, and no SQL: the API's query counts stay fixed); a
periodic task (`persist_key_use`, every five minutes, also in `manage.py sweep`) copies the
marks into `ApiKey.last_used_at`. The admin shows the later of the two. A Redis outage loses
at most the marks not yet copied and never fails a request.
"""

import datetime as dt
import logging
import time

import redis
from django.db.models import Q

from apikeys.models import ApiKey
from config.api.ratelimit import redis_client

logger = logging.getLogger("apikeys.usage")
PREFIX = "apikey:last-used:"
THROTTLE_SECONDS = 60
_marked: dict[int, float] = {}


def mark_used(public_id: str) -> None:
    """Marks are keyed by the key's public id (random: never another database's key of the same pk)."""
    now = time.time()
    if now - _marked.get(public_id, 0) < THROTTLE_SECONDS:
        return
    _marked[public_id] = now
    try:
        redis_client().set(f"{PREFIX}{public_id}", int(now), ex=7 * 24 * 3600)
    except redis.RedisError:
        logger.warning("Could not mark API key %s used", public_id, exc_info=True)


def recent_use(public_ids) -> dict[str, dt.datetime]:
    """The marks not yet copied, by public id (empty when Redis cannot be reached)."""
    public_ids = list(public_ids)
    if not public_ids:
        return {}
    try:
        values = redis_client().mget([f"{PREFIX}{public_id}" for public_id in public_ids])
    except redis.RedisError:
        return {}
    return {
        public_id: dt.datetime.fromtimestamp(int(v), tz=dt.UTC)
        for public_id, v in zip(public_ids, values, strict=True)
        if v
    }


def persist_key_use() -> int:
    """Copy the marks into the database; returns how many keys moved."""
    try:
        client = redis_client()
        names = list(client.scan_iter(match=f"{PREFIX}*", count=500))
        values = client.mget(names) if names else []
    except redis.RedisError:
        logger.warning("Could not read API key marks", exc_info=True)
        return 0
    moved = 0
    for name, value in zip(names, values, strict=True):
        if not value:
            continue
        public_id = name.decode().removeprefix(PREFIX)
        used = dt.datetime.fromtimestamp(int(value), tz=dt.UTC)
        moved += (
            ApiKey.objects.filter(public_id=public_id)
            .filter(Q(last_used_at__isnull=True) | Q(last_used_at__lt=used))
            .update(last_used_at=used)
        )
    return moved
