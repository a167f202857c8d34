"""Day and month availability: the engine's answers over fresh occupancy, and their ETags."""

import calendar
import datetime as dt
from functools import partial
from typing import NamedTuple

from django.db.models import Max
from django.utils import timezone

from config.exceptions import InvalidInput, NotFound
from config.postgresql.prepared import Statement
from config.postgresql.round_trip import Part, Results, run
from reservations import engine
from reservations.selectors import kept_occupancy
from reservations.selectors.engine_policy import (
    cached_policy,
    policy_for,
    section_group_id,
    versions_read,
)
from reservations.selectors.occupancy import (
    LAPSE_LOOK_BACK,
    LAPSING_HOLDS,
    Hold,
    load_changes,
    load_occupancy,
    occupancy_part,
)
from reservations.selectors.reservations import served


def resolve_excluding(restaurant, value: str | None) -> tuple[str, int] | None:
    """`excluding`: a hold or booking the key could fetch, as the engine's owner tuple."""
    if value is None:
        return None
    if value.startswith("hold_"):
        pk = Hold.objects.filter(restaurant=restaurant, public_id=value).values_list("pk", flat=True).first()
        kind = "hold"
    elif value.startswith("resv_"):
        pk = served(restaurant).filter(public_id=value).values_list("pk", flat=True).first()
        kind = "reservation"
    else:
        raise InvalidInput("`excluding` must be a hold_ or resv_ id.", param="excluding")
    if pk is None:
        raise NotFound(f"No such hold or reservation: {value}.", param="excluding")
    return kind, pk


def resolve_section_group(policy: engine.Policy, value: str | None, param: str = "section_id") -> int | None:
    """A section id resolves to its whole group (the group's leading section)."""
    if value is None:
        return None
    group = section_group_id(policy, value)
    if group is None:
        raise InvalidInput(f"No such section: {value}.", param=param)
    return group


def resolve_locale(restaurant, value: str | None) -> str:
    if value is None:
        return restaurant.primary_language
    if value not in restaurant.languages:
        raise InvalidInput(f"`locale` must be one of {', '.join(restaurant.languages)}.", param="locale")
    return value


def _time_sensitive_days(policy: engine.Policy) -> int:
    """How many days ahead the clock can change an answer (cutoffs reach back before a service)."""
    cutoffs = [policy.cutoff_minutes(shift) or 0 for shift in policy.shifts]
    return max(cutoffs, default=0) // (24 * 60) + 1


def last_lapse(restaurant, now: dt.datetime) -> dt.datetime | None:
    """The latest deadline already passed of a basket hold that was live at it.

    A basket hold frees its tables at its deadline without any write, so no version moves;
    this instant moves instead, and only forwards (holds lapse in deadline order, whether
    swept yet or not), so an ETag never comes back to a state that has gone. Looking two
    days back is enough: the ETag also carries the date.
    """
    return Hold.objects.filter(
        restaurant=restaurant,
        kind="basket",
        status__in=("held", "expired"),
        expires_at__lte=now,
        expires_at__gt=now - LAPSE_LOOK_BACK,
    ).aggregate(last=Max("expires_at"))["last"]


# With the snapshot this statement runs in: what a kept occupancy read after it can be carried from
# (kept_occupancy; the state is read before the occupancy, so the snapshot is never the newer).
_LAPSE = Statement(
    "last_lapse",
    f"SELECT max(expires_at), pg_current_snapshot()::text FROM {Hold._meta.db_table} "
    f"WHERE restaurant_id = %s::bigint AND {LAPSING_HOLDS} "
    "AND expires_at <= %s::timestamptz AND expires_at > %s::timestamptz",
)


class StateRead(NamedTuple):
    lapse: dt.datetime | None  # last_lapse's
    occupancy: engine.Occupancy | None  # the span's, when read with the state
    snapshot: str  # the database snapshot the state was read in (pg_current_snapshot)


def read_state(restaurant, now: dt.datetime, span: tuple[dt.date, dt.date, tuple | None] | None = None) -> StateRead:
    """What an answer's ETag reads, in one round trip: the restaurant's version counters (set on
    `restaurant`, fresh) and `last_lapse`, with the snapshot they were read in.

    `span` (first date, last date, exclude): the occupancy those dates' answer reads comes in the
    same round trip when this process holds the restaurant's policy (the occupancy's window depends
    on it), read after the versions as when the two are sent apart; else, and when the versions
    show the policy moved, the occupancy returned is None and the answer reads it itself.
    """
    held = cached_policy(restaurant.pk) if span is not None else None
    occupancy = None
    if held is not None:
        first, last, exclude = span
        occupancy = occupancy_part(restaurant.pk, held[1], first, last, now, exclude)
    lapse = Part(_LAPSE.sql(), (restaurant.pk, now, now - LAPSE_LOOK_BACK), Results.one)
    _, (last_lapse, snapshot), occupied = run(versions_read(restaurant), lapse, occupancy)
    current = held is not None and held[0] == restaurant.policy_version
    return StateRead(last_lapse, occupied if current else None, snapshot)


_UNREAD = object()


class AnswerState(NamedTuple):
    """What an availability answer depends on besides its question: its ETag's first parts."""

    restaurant: str  # public id
    availability_version: int
    today: dt.date  # in the restaurant's zone
    minute: str | None  # None when the clock cannot change the dates' answers today
    lapse: dt.datetime | None  # the last basket-hold lapse


def answer_state(restaurant, policy, first: dt.date, last: dt.date, now: dt.datetime, lapse=_UNREAD) -> AnswerState:
    """What an availability answer for dates first..last depends on, cheap to read (the API's ETag):
    the restaurant's version, the day, the minute when it matters, and the last basket-hold
    lapse (it frees tables without any write)."""
    today = now.astimezone(policy.timezone).date()
    horizon = today + dt.timedelta(days=_time_sensitive_days(policy))
    minute = now.strftime("%Y-%m-%dT%H:%M") if first <= horizon and last >= today - dt.timedelta(days=1) else None
    if lapse is _UNREAD:
        lapse = last_lapse(restaurant, now)
    return AnswerState(restaurant.public_id, restaurant.availability_version, today, minute, lapse)


def occupancy_of(
    restaurant, first: dt.date, last: dt.date, now: dt.datetime, exclude, state=None, occupancy=None, snapshot=None
):
    """The occupancy of dates first..last as a kept_occupancy.Kept: kept between answers when
    `state` (answer_state's, the versions on `restaurant` read with it) is given and nothing is
    excluded, and after a write carried from the one kept before it when `snapshot` (the state's,
    read_state's) is given. `occupancy`: read already, with the state."""
    load = partial(load_occupancy, restaurant, first, last, now, exclude)
    if state is None or exclude is not None:
        return kept_occupancy.Kept(occupancy if occupancy is not None else load())
    key = kept_occupancy.key(restaurant, first, last, state.today, state.lapse)
    changes = partial(load_changes, restaurant, first, last, now)
    return kept_occupancy.kept(key, occupancy, load, snapshot, changes)


def day(
    restaurant,
    *,
    date: dt.date,
    party_size: int,
    group_id: int | None,
    exclude,
    now=None,
    occupancy=None,
    state=None,
    snapshot=None,
):
    """`occupancy`: the date's, read already (`read_state`'s), with `exclude` and `now`; `state`
    and `snapshot`: the answer's (see occupancy_of)."""
    now = now or timezone.now()
    policy = policy_for(restaurant)
    kept = occupancy_of(restaurant, date, date, now, exclude, state, occupancy, snapshot)
    covers_only = engine.Occupancy(covers=kept.occupancy.covers)
    timeline = kept.timeline(lambda rows: engine.day_timeline(policy, date, rows))
    if state is None or state.minute is not None:  # the minute matters: the Day is built at `now`
        return engine.day_availability(policy, date, party_size, covers_only, now, group_id, timeline=timeline)
    # The clock cannot change this date's answers today (the ETag names no minute): the Day built for
    # the last question in this state answers this one (the same today; see answer_state).
    built = kept.memo(("day", date), lambda: engine.Day(policy, date, covers_only, now, timeline=timeline))
    return engine.day_availability(policy, date, party_size, covers_only, now, group_id, day=built)


def month_bounds(year: int, month: int) -> tuple[dt.date, dt.date]:
    return dt.date(year, month, 1), dt.date(year, month, calendar.monthrange(year, month)[1])


def month(
    restaurant, *, first: dt.date, last: dt.date, exclude, now=None, occupancy=None, state=None, snapshot=None
) -> list[engine.MonthDay]:
    """`occupancy`: the dates', read already (`read_state`'s), with `exclude` and `now`; `state`
    and `snapshot`: the answer's (see occupancy_of)."""
    now = now or timezone.now()
    policy = policy_for(restaurant)
    kept = occupancy_of(restaurant, first, last, now, exclude, state, occupancy, snapshot)
    # One timeline for the whole month (no bucketing by date): see engine.month_availability.
    ledger = engine.CoversLedger(kept.occupancy.covers)
    timeline = kept.timeline(lambda rows: engine.month_timeline(policy, first, last, rows=rows))
    return engine.month_availability(policy, first, last, {}, now, ledger, timeline=timeline)
