"""The occupancy reads' generic plans use their indexes, so that PostgreSQL settles on them and
plans each read once per connection, not on every booking (config.postgresql.prepared)."""

import datetime as dt
import re

import pytest
from django.db import connection, transaction

from config.locking import lock_restaurant
from reservations.selectors.engine_policy import policy_for
from reservations.selectors.occupancy import load_occupancy, occupancy_part
from reservations.services.allocations import lapsed_dropped

pytestmark = pytest.mark.django_db(transaction=True)


def generic_plan(sql: str, params: list) -> str:
    """The plan PostgreSQL keeps for `sql` (an EXECUTE) once it stops planning per run; sequential
    scans off, so that a tiny test table does not hide which indexes the plan can use."""
    with connection.cursor() as cursor:
        cursor.execute("SET plan_cache_mode = force_generic_plan; SET enable_seqscan = off")
        try:
            cursor.execute(f"EXPLAIN {sql}", params)
            return "\n".join(line for (line,) in cursor.fetchall())
        finally:
            cursor.execute("RESET plan_cache_mode; RESET enable_seqscan")


def test_the_occupancy_reads_can_use_their_indexes_on_a_generic_plan(bistro):
    day = dt.date(2026, 12, 5)
    now = dt.datetime.now(dt.UTC)
    load_occupancy(bistro.restaurant, day, day, now)  # prepares both reads on this connection
    sql, params, *_ = occupancy_part(bistro.restaurant.pk, policy_for(bistro.restaurant), day, day, now)
    intervals, covers = sql.split("; ")
    split = intervals.count("%s")
    assert "Index Only Scan using resv_covers_idx" in generic_plan(covers, params[split:])
    plan = generic_plan(intervals, params[:split])
    # Both halves of the intervals' read: a range of starts, and the few long allocations.
    assert re.search(r"Index (Only )?Scan using allocation_start_idx", plan), plan
    assert re.search(r"Index (Only )?Scan using allocation_long_idx", plan), plan


def test_every_session_runs_the_prepared_statements_on_their_generic_plans(bistro):
    """Set at connect (config.postgresql.base): the lapsed-hold DELETE, which PostgreSQL left to
    itself planned anew on every booking, is planned once per connection."""
    connection.close()  # a new session, as a process starts with
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('plan_cache_mode')")
        assert cursor.fetchone() == ("force_generic_plan",)
    sql, params, *_ = lapsed_dropped(bistro.restaurant.pk, dt.datetime.now(dt.UTC))
    with transaction.atomic(), connection.cursor() as cursor:
        lock_restaurant(bistro.restaurant.pk)
        for _ in range(7):  # more than the five runs PostgreSQL would plan with their values
            cursor.execute(sql, params)
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = %s",
            ["drop_lapsed_allocations"],
        )
        assert cursor.fetchone() == (7, 0)
