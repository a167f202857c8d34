"""Slot grid, services across midnight and both DST changes of Europe/Paris."""

import datetime as dt

from reservations.engine import evaluate
from reservations.engine.clock import ServiceClock
from tests.engine.builders import (
    DATE,
    NOW,
    TZ,
    UTC,
    at,
    busy,
    codes,
    covers,
    day,
    occupancy,
    offered,
    policy,
    request,
    shift,
    table,
    unavailable,
)

SPRING = dt.date(2026, 3, 29)  # 02:00 CET -> 03:00 CEST
FALL = dt.date(2026, 10, 25)  # 03:00 CEST -> 02:00 CET
EARLY_SPRING = dt.datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
EARLY_FALL = dt.datetime(2026, 10, 1, 12, 0, tzinfo=UTC)


# The grid.


def test_grid_runs_from_start_every_interval_up_to_and_including_the_end_by_default():
    result = day(policy(shifts=[shift(start="19:00", end="22:00", slot_interval_minutes=30)]))
    assert offered(result) == ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]


def test_grid_stops_at_last_seating_inclusive():
    result = day(policy(shifts=[shift(start="19:00", end="23:00", last_seating="21:00")]))
    assert offered(result) == ["19:00", "19:30", "20:00", "20:30", "21:00"]


def test_grid_never_passes_the_last_seating_when_the_interval_does_not_divide():
    result = day(policy(shifts=[shift(start="19:00", end="22:00", slot_interval_minutes=40)]))
    assert offered(result) == ["19:00", "19:40", "20:20", "21:00", "21:40"]


def test_grid_of_a_single_seating():
    result = day(policy(shifts=[shift(start="12:00", end="15:00", last_seating="12:00")]))
    assert offered(result) == ["12:00"]


def test_a_seating_starts_at_its_wall_time_on_the_service_date():
    decision = evaluate(policy(), occupancy(), request("20:30"), NOW)
    assert decision.accepted
    assert decision.starts_at == at(DATE, "20:30")
    assert decision.starts_at.utcoffset() == dt.timedelta(hours=1)


# A service across midnight.

NIGHT = shift(start="22:00", end="02:00", slot_interval_minutes=60, seating_minutes=90)


def test_service_past_midnight_lists_its_late_seatings_on_the_service_date():
    result = day(policy(shifts=[NIGHT]))
    assert offered(result) == ["22:00", "23:00", "00:00", "01:00", "02:00"]
    assert result.date == DATE
    assert [o.slot.starts_at for o in result.shifts[0].slots][2:] == [
        at(DATE + dt.timedelta(days=1), "00:00"),
        at(DATE + dt.timedelta(days=1), "01:00"),
        at(DATE + dt.timedelta(days=1), "02:00"),
    ]


def test_end_equal_to_start_means_the_service_ends_next_day():
    clock = ServiceClock(shift(start="18:00", end="18:00", last_seating="02:00", slot_interval_minutes=120), DATE, TZ)
    assert clock.ends_at == at(DATE + dt.timedelta(days=1), "18:00")
    assert [slot.hhmm for slot in clock.slots] == ["18:00", "20:00", "22:00", "00:00", "02:00"]


def test_last_seating_after_midnight():
    result = day(policy(shifts=[shift(start="22:00", end="03:00", last_seating="01:00", slot_interval_minutes=60)]))
    assert offered(result) == ["22:00", "23:00", "00:00", "01:00"]


def test_booking_after_midnight_keeps_the_service_date_and_starts_next_calendar_day():
    decision = evaluate(policy(shifts=[NIGHT]), occupancy(), request("01:00"), NOW)
    assert decision.accepted, codes(decision)
    assert decision.shift.id == NIGHT.id
    assert decision.starts_at == at(DATE + dt.timedelta(days=1), "01:00")
    assert decision.ends_at == at(DATE + dt.timedelta(days=1), "02:30")


def test_late_seatings_of_yesterday_occupy_tables_of_the_night_and_not_of_today():
    pol = policy(shifts=[NIGHT], tables=[table(1, 10, 1, 4)])
    # Yesterday's 01:00 seating (calendar DATE 01:00-02:30) does not touch DATE's own 22:00 service.
    occ = occupancy([busy(1, at(DATE, "01:00"), at(DATE, "02:30"))])
    assert offered(day(pol, occ=occ)) == ["22:00", "23:00", "00:00", "01:00", "02:00"]
    # Tonight's 00:00 booking (next calendar day) blocks 23:00, 00:00 and 01:00 for 90-minute seatings.
    tonight = occupancy([busy(1, at(DATE + dt.timedelta(days=1), "00:00"), at(DATE + dt.timedelta(days=1), "01:30"))])
    assert offered(day(pol, occ=tonight)) == ["22:00", "02:00"]
    assert unavailable(day(pol, occ=tonight)) == ["23:00", "00:00", "01:00"]


# Spring forward: 2026-03-29, 02:00 becomes 03:00.


def test_spring_forward_skips_seatings_that_do_not_exist():
    pol = policy(shifts=[shift(start="01:00", end="04:00")])
    result = day(pol, date=SPRING, now=EARLY_SPRING)
    assert offered(result) == ["01:00", "01:30", "03:00", "03:30", "04:00"]


def test_spring_forward_in_an_overnight_service_of_the_day_before():
    pol = policy(shifts=[shift(start="22:00", end="04:00", slot_interval_minutes=60)])
    result = day(pol, date=SPRING - dt.timedelta(days=1), now=EARLY_SPRING)
    assert offered(result) == ["22:00", "23:00", "00:00", "01:00", "03:00", "04:00"]


def test_a_0230_seating_on_spring_forward_day_is_off_grid():
    pol = policy(shifts=[shift(start="01:00", end="04:00")])
    decision = evaluate(pol, occupancy(), request("02:30", date=SPRING), EARLY_SPRING)
    assert codes(decision) == ["start_time_off_grid"]
    message = decision.violations[0].message
    assert "02:30" in message
    assert "01:00, 01:30, 03:00, 03:30, 04:00" in message


def test_durations_are_absolute_across_spring_forward():
    pol = policy(shifts=[shift(start="01:00", end="04:00", seating_minutes=120)])
    decision = evaluate(pol, occupancy(), request("01:30", date=SPRING), EARLY_SPRING)
    assert decision.accepted
    assert decision.starts_at == dt.datetime(2026, 3, 29, 0, 30, tzinfo=UTC)
    assert decision.ends_at == dt.datetime(2026, 3, 29, 2, 30, tzinfo=UTC)
    assert decision.ends_at.astimezone(TZ).strftime("%H:%M%z") == "04:30+0200"


def test_cutoff_minutes_are_absolute_across_spring_forward():
    # Closes 1440 real minutes before 19:00 CEST on the 29th: 18:00 CET on the 28th.
    pol = policy(shifts=[shift(cutoff_minutes=1440)])
    before = dt.datetime(2026, 3, 28, 17, 59, tzinfo=TZ)
    after = dt.datetime(2026, 3, 28, 18, 0, tzinfo=TZ)
    assert day(pol, date=SPRING, now=before).shifts[0].booking_closed is False
    assert day(pol, date=SPRING, now=after).shifts[0].booking_closed is True


# Fall back: 2026-10-25, 03:00 becomes 02:00 again.


def test_fall_back_lists_each_wall_time_once():
    pol = policy(shifts=[shift(start="00:00", end="04:00")])
    result = day(pol, date=FALL, now=EARLY_FALL)
    assert offered(result) == ["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00", "03:30", "04:00"]
    # An ambiguous wall time is its first occurrence (summer time).
    slot = result.shifts[0].slots[5].slot
    assert slot.starts_at.astimezone(UTC) == dt.datetime(2026, 10, 25, 0, 30, tzinfo=UTC)


def test_durations_are_absolute_across_fall_back():
    pol = policy(shifts=[shift(start="00:00", end="04:00", seating_minutes=120)])
    decision = evaluate(pol, occupancy(), request("01:30", date=FALL), EARLY_FALL)
    assert decision.accepted
    assert decision.starts_at.astimezone(UTC) == dt.datetime(2026, 10, 24, 23, 30, tzinfo=UTC)
    assert decision.ends_at.astimezone(UTC) == dt.datetime(2026, 10, 25, 1, 30, tzinfo=UTC)
    # 02:30 on the wall, winter time: the second 02:30 of the night.
    assert decision.ends_at.strftime("%H:%M%z") == "02:30+0100"
    assert decision.occupied_until == decision.ends_at


def test_tables_free_up_after_the_absolute_duration_across_fall_back():
    pol = policy(shifts=[shift(start="00:00", end="04:00", seating_minutes=120)], tables=[table(1, 10, 1, 4)])
    start = dt.datetime(2026, 10, 24, 23, 30, tzinfo=UTC)  # 01:30 CEST
    occ = occupancy([busy(1, start, start + dt.timedelta(minutes=120))])  # until 02:30 CET
    result = day(pol, date=FALL, occ=occ, now=EARLY_FALL)
    # A 120-minute seating from 23:30 CEST the night before would overlap; 03:00 CET is after it ends.
    assert "03:00" in offered(result)
    assert "02:30" in unavailable(result)  # 02:30 CEST is 00:30 UTC, inside the booking


def test_per_slot_covers_are_counted_at_an_ambiguous_seating_time():
    pol = policy(shifts=[shift(start="00:00", end="04:00", max_covers_per_slot=4)])
    # Covers come from the database in UTC: the first 02:30 of the night is 00:30 UTC.
    occ = occupancy(covers=[covers(dt.datetime(2026, 10, 25, 0, 30, tzinfo=UTC), 4, date=FALL)])
    result = day(pol, date=FALL, occ=occ, now=EARLY_FALL)
    assert "02:30" in unavailable(result)
    assert "02:00" in offered(result)
    decision = evaluate(pol, occ, request("02:30", date=FALL), EARLY_FALL)
    assert codes(decision) == ["slot_no_longer_available"]
