"""Availability as the API answers it: one selector per question, `answer_day` and `answer_month`.

Each owns what the answer depends on and how it is kept: the versions and last lapse read with (when
the body will likely be built) the occupancy in one round trip, the answer's state and its ETag, the
answer cache (selectors.answer_cache) and this process's kept occupancy (selectors.kept_occupancy).
It returns the tag and a callable that gives the body (built, or cached): the view parses the query,
calls one selector and answers conditionally (config.api.etag.conditional), so a client holding
the tag gets its 304 without the body being built.
"""

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import timezone

from config.etags import etag_of
from reservations.selectors import answer_cache, availability, kept_occupancy
from reservations.selectors.engine_policy import policy_for
from reservations.shapes.availability import AvailabilityMonthShape, AvailabilityShape, Text


@dataclass(frozen=True)
class Answer:
    etag: str
    body: Callable[[], dict]  # built only when the client does not hold `etag`


def _span(revalidating: bool, question: tuple, first, last, exclude) -> tuple | None:
    """The dates whose occupancy to read with the answer's state, when its body will likely be
    built from an occupancy read afresh: not when the client revalidates a tag it holds, nor when
    the answer cache likely holds the body or this process the occupancy (kept_occupancy)."""
    if revalidating or not answer_cache.expects_build(question):
        return None
    if exclude is None and kept_occupancy.likely(question[0], first, last):
        return None
    return first, last, exclude


def answer_day(
    restaurant,
    *,
    date: dt.date,
    party_size: int,
    section_id: str | None,
    excluding: str | None,
    locale: str | None,
    api_version: str,
    revalidating: bool,
) -> Answer:
    """`GET /v1/availability`: one date's services and the slots a party of this size can take."""
    locale = availability.resolve_locale(restaurant, locale)
    now = timezone.now()

    def asked(section) -> tuple:  # what the ETag names besides the state
        return ("day", api_version, date, party_size, section, excluding, locale)

    # The question before the state is read: the section as asked (its group needs the policy).
    question = (restaurant.pk, *asked(section_id))
    # `excluding` is resolved after the section (an unknown section is the error reported first), which
    # needs the fresh policy: an answer excluding a booking or hold reads its occupancy after the state.
    span = _span(revalidating, question, date, date, None) if excluding is None else None
    read = availability.read_state(restaurant, now, span=span)
    policy = policy_for(restaurant)
    group_id = availability.resolve_section_group(policy, section_id)
    # The filter applied: a member of a group resolves to the whole group, named by its leader.
    shown_section = policy.sections[group_id].public_id if group_id is not None else None
    exclude = availability.resolve_excluding(restaurant, excluding)
    state = availability.answer_state(restaurant, policy, date, date, now, read.lapse)
    etag = etag_of(*state, *asked(group_id))

    def build():
        result = availability.day(
            restaurant,
            date=date,
            party_size=party_size,
            group_id=group_id,
            exclude=exclude,
            now=now,
            occupancy=read.occupancy,
            state=state,
            snapshot=read.snapshot,
        )
        text = Text(locale, restaurant.primary_language)
        return AvailabilityShape.render(result, policy=policy, section_id=shown_section, text=text)

    return Answer(etag, answer_cache.through(etag, restaurant.policy_version, state, now, build, question))


def answer_month(
    restaurant, *, month: dt.date, excluding: str | None, locale: str | None, api_version: str, revalidating: bool
) -> Answer:
    """`GET /v1/availability/months`: every day of a month, in order."""
    first, last = availability.month_bounds(month.year, month.month)
    name = f"{first:%Y-%m}"
    locale = availability.resolve_locale(restaurant, locale)
    exclude = availability.resolve_excluding(restaurant, excluding)
    now = timezone.now()
    asked = ("month", api_version, name, excluding, locale)  # besides the state
    question = (restaurant.pk, *asked)
    read = availability.read_state(restaurant, now, span=_span(revalidating, question, first, last, exclude))
    policy = policy_for(restaurant)
    state = availability.answer_state(restaurant, policy, first, last, now, read.lapse)
    etag = etag_of(*state, *asked)

    def build():
        days = availability.month(
            restaurant,
            first=first,
            last=last,
            exclude=exclude,
            now=now,
            occupancy=read.occupancy,
            state=state,
            snapshot=read.snapshot,
        )
        text = Text(locale, restaurant.primary_language)
        return AvailabilityMonthShape.render(days, month=name, policy=policy, text=text)

    return Answer(etag, answer_cache.through(etag, restaurant.policy_version, state, now, build, question))
