"""Availability bodies kept per process, keyed by their ETag.

An availability ETag names everything the body depends on (`selectors.availability.answer_state`
and the request's parameters): the restaurant and its `availability_version`, which every write
that can change an answer moves (bookings, holds, their tables and covers, and every policy edit,
which also moves `policy_version`); the day in the restaurant's zone; the minute, whenever a
service of the dates asked can still pass a cut-off, a last seating or a seating time; the last
basket-hold lapse (it frees tables without a write); the API version and the locale. A strong
ETag already promises the same bytes for the same tag to every client that revalidates; this
cache keeps the promise on the server and skips the engine when a body for the tag exists.

Versions only grow and are read before the occupancy, so a body can be newer than its tag, never
older. One instant escapes the minute: a seating or last seating at exactly hh:mm:00.000000 is
not yet past at that instant and is past for the rest of the minute, so an answer asked at a whole
minute, when the minute matters, is neither stored nor served. Bounded (least recently used
first out); a body is never mutated after it is built (`redact` copies).
"""

import datetime as dt

from django.conf import settings

from config.lru import LastKeys, Lru


def size() -> int:
    """AVAILABILITY_ANSWER_CACHE_SIZE bodies (default 256; a month body is about 20 kB of JSON,
    some 100 kB as Python objects); 0 turns the cache off (the bench measures the engine so)."""
    return settings.AVAILABILITY_ANSWER_CACHE_SIZE


_bodies = Lru(size)
# A question (an answer's parameters without the state) -> the key its body was last kept under.
_last_keys = LastKeys(_bodies, lambda: 4 * size())


def cacheable(state, now: dt.datetime) -> bool:
    """`state`: what `answer_state` returned (an AnswerState)."""
    return state.minute is None or (now.second, now.microsecond) != (0, 0)


def body(key: tuple, build):
    """The body stored under `key`, else `build()`, stored."""
    found = _bodies.get(key)
    if found is not None:
        return found
    made = build()
    _bodies.put(key, made)
    return made


def clear() -> None:
    _bodies.clear()
    _last_keys.clear()


def expects_build(question: tuple) -> bool:
    """Whether an answer to `question` will likely be built rather than served from here, before
    its state is read: the body its last answer was kept under is gone, or it has none. Then the
    view reads the occupancy with the state, in one round trip, instead of after it (a guess: a
    body served after all wastes that read; one built after all costs the round trip saved)."""
    return size() == 0 or not _last_keys.held(question)


def through(etag: str, policy_version: int, state, now: dt.datetime, build, question: tuple):
    """`build` going through the cache, when its answer may be kept (under `question`'s name too,
    for `expects_build`)."""
    if not cacheable(state, now) or size() == 0:
        return build
    key = (etag, policy_version)

    def kept():
        _last_keys.note(question, key)
        return body(key, build)

    return kept
