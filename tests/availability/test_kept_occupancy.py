"""Occupancies kept per process between availability answers: another question asked in the same
state is answered from the occupancy (and the engine's masks) read for the last one, and answers
as a fresh read would; a new day reads it again, and a write or a basket hold's lapse carries it
(tests/availability/test_occupancy_carry.py)."""

import datetime as dt

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from reservations import engine
from reservations.selectors import answer_cache, kept_occupancy
from tests.availability.helpers import (
    AT_SEVEN,
    DAY,
    FAR,
    MONTH,
    NOW,
    TAKEN_BY_B1,
    ask,
    book,
    floor_without_cutoffs,
    hold,
    unavailable,
)


@pytest.fixture
def floor(restaurant, settings):
    """Answers are worked out every time (the answer cache off): what is kept is the occupancy."""
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0
    kept_occupancy.clear()
    return floor_without_cutoffs(restaurant)


def test_another_question_reads_no_occupancy_and_answers_as_a_fresh_read(api, floor):
    book(floor.restaurant, [floor.a2_table], date=FAR, time="19:30", size=3, shift=floor.shift)
    book(floor.restaurant, [floor.b1], date=FAR, time="21:00", size=5, shift=floor.shift)
    hold(floor.restaurant, [floor.a3], date=FAR, time="20:00", size=2, kind="commitment", shift=floor.shift)
    questions = [
        {"service_date": FAR.isoformat(), "party_size": size, **({"section_id": section} if section else {})}
        for size in (1, 2, 3, 4, 5, 6)
        for section in (None, floor.a.public_id, floor.a2.public_id, floor.b.public_id)
    ]
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        fresh = []
        for query in questions:
            kept_occupancy.clear()
            body, read = ask(api, **query)
            assert read == "all"
            fresh.append(body)
        kept_occupancy.clear()
        kept = [ask(api, **query) for query in questions]
    assert [body for body, _ in kept] == fresh
    assert [read for _, read in kept] == ["all"] + [None] * (len(questions) - 1)
    assert any(unavailable(body) for body in fresh)  # the bookings show


def test_todays_answer_follows_the_clock_over_a_kept_occupancy(api, floor):
    """Today the minute matters: the occupancy is kept, the engine's Day is built at each request."""
    today = {"service_date": NOW.date().isoformat(), "party_size": 2}
    with time_machine.travel(AT_SEVEN - dt.timedelta(seconds=30), tick=False):
        before, _ = ask(api, **today)
    with time_machine.travel(AT_SEVEN + dt.timedelta(seconds=30), tick=False):
        after, read = ask(api, **today)
    assert read is None
    assert [s["time"] for s in before["shifts"][0]["slots"]][0] == "19:00"
    assert [s["time"] for s in after["shifts"][0]["slots"]][0] == "19:30"


def test_a_far_dates_day_is_built_once_per_state(api, floor, monkeypatch):
    """Past the dates the clock can change today, the engine's Day built for one question answers
    the next (its services' caps and masks with it)."""
    built = []
    real = engine.Day

    def counted(*args, **kwargs):
        built.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "Day", counted)
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        for size in (2, 4, 5):
            ask(api, service_date=FAR.isoformat(), party_size=size)
        book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
        body, _ = ask(api)
    assert built == [FAR, FAR]  # once, and once again after the write
    assert unavailable(body) == TAKEN_BY_B1


def test_a_kept_answer_is_one_round_trip(api, floor):
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        ask(api)
        with CaptureQueriesContext(connection) as captured:
            assert api.get(DAY, {"service_date": FAR.isoformat(), "party_size": 4}).status_code == 200
    answer = [q["sql"] for q in captured.captured_queries if "api_key_lookup" not in q["sql"]]
    assert len(answer) == 1 and "restaurant_versions" in answer[0] and "occupancy" not in answer[0]


def test_a_booking_is_seen_by_the_next_question(api, floor):
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        assert unavailable(ask(api)[0]) == []
        book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)  # moves availability_version
        body, read = ask(api)
    assert read == "changes" and unavailable(body) == TAKEN_BY_B1


def test_a_lapsed_basket_hold_frees_its_table_without_a_write(api, floor):
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        hold(floor.restaurant, [floor.b1], date=FAR, size=5, expires_at=NOW + dt.timedelta(minutes=10))
        (first, first_read), (again, again_read) = ask(api), ask(api)
        assert (first_read, again_read) == ("all", None) and again == first
        assert unavailable(first) == TAKEN_BY_B1
    with time_machine.travel(NOW + dt.timedelta(minutes=9, seconds=59), tick=False):
        body, read = ask(api)
        assert read is None and unavailable(body) == TAKEN_BY_B1
    with time_machine.travel(NOW + dt.timedelta(minutes=10, seconds=1), tick=False):
        body, read = ask(api)
    assert read == "changes" and unavailable(body) == []  # carried through the lapse: its table read again


def test_an_occupancy_kept_before_a_lapse_is_not_served_once_the_lapse_is_two_days_old(api, floor):
    """The lapse looks two days back: past that it reads as no lapse again, as before the hold
    lapsed; the day, also in the key, tells the two states apart."""
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        hold(floor.restaurant, [floor.b1], date=FAR, size=5, expires_at=NOW + dt.timedelta(minutes=10))
        assert unavailable(ask(api)[0]) == TAKEN_BY_B1
    with time_machine.travel(NOW + dt.timedelta(days=2, minutes=11), tick=False):
        body, read = ask(api)
    assert read == "all" and unavailable(body) == []


def test_an_answer_excluding_a_booking_reads_its_occupancy_every_time(api, floor):
    booking = book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
    query = {"service_date": FAR.isoformat(), "party_size": 5, "excluding": booking.public_id}
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        answers = [ask(api, **query) for _ in range(2)]
        plain, _ = ask(api)
    assert [(unavailable(body), read) for body, read in answers] == [([], "all"), ([], "all")]
    assert unavailable(plain) == TAKEN_BY_B1  # not served what was read excluding the booking


def test_a_month_asked_again_reads_no_occupancy(api, floor):
    book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        first, first_read = ask(api, MONTH, month="2026-12")
        again, again_read = ask(api, MONTH, month="2026-12")
    assert (first_read, again_read) == ("all", None)
    assert again == first


def test_a_size_of_zero_turns_it_off(api, floor, settings):
    settings.AVAILABILITY_OCCUPANCY_CACHE_ROWS = 0
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        reads = [ask(api, service_date=FAR.isoformat(), party_size=size)[1] for size in (2, 4)]
    assert reads == ["all", "all"]


def test_an_occupancy_larger_than_the_bound_is_not_kept(api, floor, settings):
    """The bound counts rows (memory goes with them), not occupancies."""
    for table, time in ((floor.a1, "19:00"), (floor.a2_table, "19:30"), (floor.b1, "21:00")):
        book(floor.restaurant, [table], date=FAR, time=time, size=2, shift=floor.shift)
    settings.AVAILABILITY_OCCUPANCY_CACHE_ROWS = 3  # three allocations and their covers: more
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        small = [ask(api, service_date=FAR.isoformat(), party_size=size)[1] for size in (2, 4)]
        settings.AVAILABILITY_OCCUPANCY_CACHE_ROWS = 100
        large = [ask(api, service_date=FAR.isoformat(), party_size=size)[1] for size in (2, 4)]
    assert (small, large) == (["all", "all"], ["all", None])


def test_the_answer_cache_and_the_kept_occupancy_together(api, floor, settings):
    """As deployed: a repeated question comes from the answer cache, another from the kept
    occupancy, and after a write both are worked out afresh."""
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 256
    answer_cache.clear()
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        reads = [ask(api, service_date=FAR.isoformat(), party_size=size)[1] for size in (5, 5, 4)]
        book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
        body, read = ask(api)
    assert reads == ["all", None, None]
    assert read == "changes" and unavailable(body) == TAKEN_BY_B1
