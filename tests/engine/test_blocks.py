"""A block whose end equals its start blocks nothing (it used to read as 24 hours and take the next
day's lunch off sale); an end before the start still runs past midnight."""

import datetime as dt

from reservations.engine import evaluate
from reservations.engine.day import block_busy
from tests.engine.builders import DATE, NOW, at, block, codes, day, occupancy, offered, policy, request, shift

LUNCH = shift(2, start="12:00", end="14:00")
LUNCH_SLOTS = ["12:00", "12:30", "13:00", "13:30", "14:00"]
DINNER_SLOTS = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]
EVE = DATE - dt.timedelta(days=1)
NEXT_DAY = DATE + dt.timedelta(days=1)


def test_an_end_equal_to_the_start_blocks_no_table():
    every_table = policy(blocks=[block(DATE, "19:00", "19:00")])
    assert block_busy(every_table, every_table.blocks[0]) == []
    two_tables = policy(blocks=[block(DATE, "19:00", "19:00", tables=[1, 2])])
    assert block_busy(two_tables, two_tables.blocks[0]) == []


def test_a_19_to_19_block_leaves_its_dinner_and_the_next_lunch_on_sale():
    pol = policy(shifts=[shift(), LUNCH], blocks=[block(DATE, "19:00", "19:00")])
    assert offered(day(pol)) == DINNER_SLOTS
    assert offered(day(pol, date=NEXT_DAY), 1) == LUNCH_SLOTS
    assert evaluate(pol, occupancy(), request("12:30", date=NEXT_DAY), NOW).accepted


def test_an_overnight_block_still_runs_past_midnight():
    pol = policy(
        shifts=[shift(start="00:30", end="02:30", seating_minutes=30)],
        blocks=[block(EVE, "22:00", "02:00")],
    )
    [busy, *_] = block_busy(pol, pol.blocks[0])
    assert (busy.start, busy.end) == (at(EVE, "22:00"), at(DATE, "02:00"))
    assert offered(day(pol)) == ["02:00", "02:30"]
    assert codes(evaluate(pol, occupancy(), request("01:00"), NOW)) == ["no_table_available"]


def test_a_one_minute_block_lasts_one_minute():
    pol = policy(blocks=[block(DATE, "19:00", "19:01")])
    [busy, *_] = block_busy(pol, pol.blocks[0])
    assert busy.end - busy.start == dt.timedelta(minutes=1)
