"""Availability bodies kept per process by ETag: served again only while nothing they depend on moved."""

import datetime as dt

import pytest
import time_machine

from reservations.models import Shift
from reservations.selectors import answer_cache, availability
from reservations.services.availability_version import bump_availability_version
from tests.availability.helpers import AT_SEVEN, FAR, NOW, book, floor_without_cutoffs, hold, slot_times

TODAY = NOW.date()
DAY = "/v1/availability"
MONTH = "/v1/availability/months"


@pytest.fixture
def floor(restaurant):
    return floor_without_cutoffs(restaurant)


@pytest.fixture
def worked_out(monkeypatch):
    """The answers the engine worked out (not served from the cache), by kind."""
    answers = []
    for kind in ("day", "month"):
        real = getattr(availability, kind)

        def counted(*args, _real=real, _kind=kind, **kwargs):
            answers.append(_kind)
            return _real(*args, **kwargs)

        monkeypatch.setattr(availability, kind, counted)
    answer_cache.clear()
    return answers


def day(api, date=FAR, size=5):
    response = api.get(DAY, {"service_date": date.isoformat(), "party_size": size})
    assert response.status_code == 200, response.content
    return response


@pytest.mark.parametrize(
    ("path", "query"), [(DAY, {"service_date": "2026-12-20", "party_size": 5}), (MONTH, {"month": "2027-01"})]
)
def test_the_same_question_is_worked_out_once(api, floor, worked_out, path, query):
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        first = api.get(path, query)
    with time_machine.travel(NOW + dt.timedelta(minutes=7), tick=False):
        again = api.get(path, query)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert len(worked_out) == 1


def test_a_booking_is_seen_at_once(api, floor, worked_out):
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        assert day(api).json()["shifts"][0]["unavailable_slots"] == []
        book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)  # moves availability_version
        assert day(api).json()["shifts"][0]["unavailable_slots"] == ["19:00", "19:30", "20:00", "20:30"]
    assert worked_out == ["day", "day"]


def test_a_policy_edit_is_seen_at_once(api, floor, worked_out):
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        assert slot_times(day(api).json())[-1] == "22:00"
        Shift.objects.filter(pk=floor.shift.pk).update(last_seating=dt.time(21, 0))
        bump_availability_version(floor.restaurant.pk)
        assert slot_times(day(api).json())[-1] == "21:00"


def test_a_lapsed_basket_hold_frees_its_table_at_once(api, floor, worked_out):
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        hold(floor.restaurant, [floor.b1], date=FAR, size=5, expires_at=NOW + dt.timedelta(minutes=10))
        assert day(api).json()["shifts"][0]["unavailable_slots"] == ["19:00", "19:30", "20:00", "20:30"]
    with time_machine.travel(NOW + dt.timedelta(minutes=9, seconds=59), tick=False):
        assert day(api).json()["shifts"][0]["unavailable_slots"] == ["19:00", "19:30", "20:00", "20:30"]
    with time_machine.travel(NOW + dt.timedelta(minutes=10, seconds=1), tick=False):
        assert day(api).json()["shifts"][0]["unavailable_slots"] == []
    assert worked_out == ["day", "day"]  # no write moved a version: the lapse did


def test_todays_answer_follows_the_clock(api, floor, worked_out):
    with time_machine.travel(AT_SEVEN - dt.timedelta(seconds=30), tick=False):
        assert slot_times(day(api, TODAY, 2).json())[0] == "19:00"
    with time_machine.travel(AT_SEVEN + dt.timedelta(seconds=30), tick=False):
        assert slot_times(day(api, TODAY, 2).json())[0] == "19:30"
    assert len(worked_out) == 2


def test_an_answer_at_a_whole_minute_is_neither_kept_nor_served(api, floor, worked_out):
    # At 19:00:00.000000 the 19:00 seating has not passed; a microsecond later it has, in the same
    # minute (so under the same ETag): what was worked out at one instant must not serve the other.
    with time_machine.travel(AT_SEVEN, tick=False):
        assert slot_times(day(api, TODAY, 2).json())[0] == "19:00"
    with time_machine.travel(AT_SEVEN + dt.timedelta(seconds=20), tick=False):
        assert slot_times(day(api, TODAY, 2).json())[0] == "19:30"
    with time_machine.travel(AT_SEVEN, tick=False):
        assert slot_times(day(api, TODAY, 2).json())[0] == "19:00"
    assert len(worked_out) == 3


def test_a_size_of_zero_turns_the_cache_off(api, floor, worked_out, settings):
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        first, again = day(api), day(api)
    assert again.content == first.content
    assert worked_out == ["day", "day"]  # both worked out by the engine
