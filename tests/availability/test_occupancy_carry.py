"""After a write, the occupancy kept for an answer is carried, not read again: the database's log
of changed allocations (a trigger) names the tables whose rows the kept one's snapshot could not
see; only they are read again, with all the covers, and every other table's masks are carried.
Every carried answer must be what a fresh read gives.

The tests comparing carried answers with fresh reads commit every write (transaction=True): inside
a test's own transaction every row it logged is the reading transaction's own, read again each time
whatever its snapshot shows, so a broken visibility check would pass there unnoticed."""

import datetime as dt
import threading

import pytest
import time_machine
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.postgresql.prepared import batch
from holds.models import Hold
from holds.services import sweep_expired_holds
from reservations.models import OccupancyChange, Reservation, Restaurant, TableAllocation
from reservations.models.occupancy_log import PRUNE_AFTER
from reservations.selectors import kept_occupancy
from reservations.selectors.engine_policy import policy_for
from reservations.selectors.occupancy import _CHANGES, _parameters
from reservations.services.availability_version import bump_availability_version
from reservations.services.occupancy_log import prune_occupancy_changes
from tests.availability.helpers import (
    FAR,
    MONTH,
    NOW,
    TAKEN_BY_B1,
    Floor,
    ask,
    book,
    floor_without_cutoffs,
    hold,
    local,
    unavailable,
)
from tests.factories import TableFactory

SIZES = range(1, 7)


@pytest.fixture
def floor(restaurant, settings):
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0  # every answer worked out: what is kept is the occupancy
    kept_occupancy.clear()
    return unlimited(floor_without_cutoffs(restaurant))


def unlimited(floor):
    """These tests ask hundreds of questions: the rate limit is tested elsewhere."""
    floor.restaurant.read_burst, floor.restaurant.read_per_second = 100_000, 10_000.0
    floor.restaurant.save(update_fields=["read_burst", "read_per_second"])
    return floor


def logged(restaurant) -> list[tuple[int, int, int]]:
    """The allocation intervals logged."""
    rows = OccupancyChange.objects.filter(restaurant_id=restaurant.pk, table_id__isnull=False)
    return sorted(rows.values_list("table_id", "start_epoch", "end_epoch"))


def seatings_logged(restaurant) -> list[tuple[int, dt.date, dt.datetime]]:
    """The seatings logged for their covers."""
    rows = OccupancyChange.objects.filter(restaurant_id=restaurant.pk, shift_id__isnull=False).order_by("pk")
    found = list(rows.values_list("shift_id", "service_date", "starts_at", "start_epoch"))
    assert all(start == int(at.timestamp()) for *_, at, start in found)  # the window test's epoch
    return [row[:3] for row in found]


def interval(allocation: TableAllocation) -> tuple[int, int, int]:
    allocation.refresh_from_db()
    return allocation.table_id, allocation.start_epoch, allocation.end_epoch


def test_every_allocation_write_is_logged_by_the_database(floor):
    restaurant = floor.restaurant
    booking = book(restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
    allocation = booking.allocations.get()
    first = interval(allocation)
    assert logged(restaurant) == [first]

    TableAllocation.objects.filter(pk=allocation.pk).update(table=floor.a2_table)  # moved: both logged
    moved = interval(allocation)
    assert logged(restaurant) == sorted([first, first, moved])

    TableAllocation.objects.filter(pk=allocation.pk).update(expires_at=None)  # same interval: logged once
    assert logged(restaurant) == sorted([first, first, moved, moved])

    TableAllocation.objects.filter(pk=allocation.pk).delete()
    assert logged(restaurant) == sorted([first, first, moved, moved, moved])


def test_every_write_a_seatings_covers_can_change_by_is_logged(floor):
    restaurant, shift = floor.restaurant, floor.shift.pk
    booking = book(restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
    seating = (shift, FAR, booking.starts_at)
    assert seatings_logged(restaurant) == [seating]
    Reservation.objects.filter(pk=booking.pk).update(guest_notes="By the window")  # not read by covers
    Reservation.objects.filter(pk=booking.pk).update(party_size=5)  # unchanged
    assert seatings_logged(restaurant) == [seating]
    Reservation.objects.filter(pk=booking.pk).update(party_size=6)
    assert seatings_logged(restaurant) == [seating] * 2
    later = booking.starts_at + dt.timedelta(minutes=30)
    Reservation.objects.filter(pk=booking.pk).update(starts_at=later)  # moved: both seatings
    assert seatings_logged(restaurant) == [seating] * 3 + [(shift, FAR, later)]
    taken = hold(restaurant, [floor.a1], date=FAR, time="20:00", shift=floor.shift)
    type(taken).objects.filter(pk=taken.pk).update(status="released")
    taken.delete()
    assert seatings_logged(restaurant)[-3:] == [(shift, FAR, taken.starts_at)] * 3
    Reservation.objects.filter(pk=booking.pk).delete()
    assert seatings_logged(restaurant)[-1] == (shift, FAR, later)


def answers(api, dates=(FAR,)) -> list:
    return [ask(api, service_date=date.isoformat(), party_size=size) for date in dates for size in SIZES]


def fresh_answers(api, dates=(FAR,)) -> list:
    found = []
    for date in dates:
        for size in SIZES:
            kept_occupancy.clear()
            found.append(ask(api, service_date=date.isoformat(), party_size=size)[0])
    kept_occupancy.clear()
    return found


@pytest.mark.django_db(transaction=True)
def test_answers_carried_through_writes_are_fresh_reads(api, floor):
    """Bookings made, cancelled, moved and resized, holds taken and released, and a write to
    another date: after each, the first question reads the changes only and every question
    answers as a fresh read does."""
    restaurant, other_day = floor.restaurant, FAR + dt.timedelta(days=1)
    state = {}

    def cancel(booking):
        booking.allocations.all().delete()
        Reservation.objects.filter(pk=booking.pk).update(status="cancelled")
        bump_availability_version(restaurant.pk, policy_changed=False)

    def move(booking, table):
        booking.allocations.update(table=table)
        bump_availability_version(restaurant.pk, policy_changed=False)

    def resize(booking, size):  # covers only: no allocation changes
        Reservation.objects.filter(pk=booking.pk).update(party_size=size)
        bump_availability_version(restaurant.pk, policy_changed=False)

    def release(taken):
        taken.allocations.all().delete()
        type(taken).objects.filter(pk=taken.pk).update(status="released")
        bump_availability_version(restaurant.pk, policy_changed=False)

    writes = [
        lambda: state.update(b1=book(restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)),
        lambda: state.update(a2=book(restaurant, [floor.a2_table], date=FAR, time="19:30", size=3, shift=floor.shift)),
        lambda: move(state["a2"], floor.a3),
        lambda: resize(state["a2"], 4),
        lambda: state.update(h=hold(restaurant, [floor.a1], date=FAR, time="20:00", kind="commitment")),
        lambda: book(restaurant, [floor.a1, floor.a2_table], date=other_day, time="19:00", size=4, shift=floor.shift),
        lambda: cancel(state["b1"]),
        lambda: release(state["h"]),
    ]
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        assert [read for _, read in answers(api)] == ["all"] + [None] * 5
        seen = set()
        for write in writes:
            write()
            carried = answers(api, dates=(FAR, other_day))
            assert [read for _, read in carried][:1] == ["changes"]
            fresh = fresh_answers(api, dates=(FAR, other_day))
            assert [body for body, _ in carried] == fresh
            seen.add(str(fresh))
            answers(api, dates=(FAR, other_day))  # kept again for the next write
    assert len(seen) >= 5  # the writes did change the answers


@pytest.mark.django_db(transaction=True)
def test_covers_carried_through_writes_are_fresh_reads(api, restaurant, settings):
    """With caps, the covers show in every answer (`available_covers`): each seating a write
    touches is counted again, the others carried."""
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0
    kept_occupancy.clear()
    Restaurant.objects.filter(pk=restaurant.pk).update(default_cutoff_minutes=None)
    floor = unlimited(Floor(restaurant, cutoff_minutes=None, max_covers=16, max_covers_per_slot=8))
    seven = book(restaurant, [floor.a2_table], date=FAR, time="19:00", size=3, shift=floor.shift)
    book(restaurant, [floor.b1], date=FAR, time="19:30", size=4, shift=floor.shift)

    def resize(booking, size):
        Reservation.objects.filter(pk=booking.pk).update(party_size=size)
        bump_availability_version(restaurant.pk, policy_changed=False)

    def cancel(booking):
        booking.allocations.all().delete()
        Reservation.objects.filter(pk=booking.pk).update(status="cancelled")
        bump_availability_version(restaurant.pk, policy_changed=False)

    def retime(booking, seconds):  # a start off the minute: the seating is matched by its instant
        Reservation.objects.filter(pk=booking.pk).update(starts_at=booking.starts_at + dt.timedelta(seconds=seconds))
        bump_availability_version(restaurant.pk, policy_changed=False)

    writes = [
        lambda: resize(seven, 2),
        lambda: retime(seven, 30),
        lambda: hold(restaurant, [floor.a3], date=FAR, time="20:00", size=4, kind="commitment", shift=floor.shift),
        lambda: resize(seven, 4),
        lambda: cancel(seven),
    ]
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        answers(api)
        seen = set()
        for write in writes:
            write()
            carried = answers(api)
            assert carried[0][1] == "changes"
            fresh = fresh_answers(api)
            assert [body for body, _ in carried] == fresh
            seen.add(str([slot["available_covers"] for slot in fresh[1]["shifts"][0]["slots"]]))
            answers(api)
    assert len(seen) == len(writes)  # each write changed the covers shown


@pytest.mark.django_db(transaction=True)
def test_answers_carried_through_lapses_are_fresh_reads(restaurant, make_client, settings):
    """A basket hold frees its table and its covers at its deadline, without a write: the first
    question after it reads the lapsed holds' tables and seatings only, swept or not yet, alone or
    with a write, and every question (the month's too) answers as a fresh read does.

    Every write commits (a test's own transaction is one no snapshot ever sees end: each answer in it
    would read again every table it wrote, the lapsed holds' included)."""
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0
    kept_occupancy.clear()
    Restaurant.objects.filter(pk=restaurant.pk).update(default_cutoff_minutes=None)
    floor = unlimited(Floor(restaurant, cutoff_minutes=None, max_covers=16, max_covers_per_slot=8))
    api = make_client(restaurant)
    book(restaurant, [floor.a2_table], date=FAR, time="19:00", size=3, shift=floor.shift)
    deadlines = [NOW + dt.timedelta(minutes=minutes) for minutes in (2, 4, 6)]
    hold(restaurant, [floor.b1], date=FAR, time="19:00", size=5, shift=floor.shift, expires_at=deadlines[0])
    hold(restaurant, [floor.a3], date=FAR, time="20:00", size=4, shift=floor.shift, expires_at=deadlines[1])
    hold(restaurant, [floor.a1], date=FAR, time="19:30", size=2, shift=floor.shift, expires_at=deadlines[2])
    month = {"month": f"{FAR:%Y-%m}"}

    def month_answer():
        kept_occupancy.clear()
        return ask(api, MONTH, **month)[0]

    steps = [
        (deadlines[0] + dt.timedelta(seconds=1), lambda: None),  # lapsed, not swept
        (deadlines[0] + dt.timedelta(seconds=2), lambda: sweep_expired_holds(timezone.now(), kind="basket")),
        (deadlines[1] + dt.timedelta(seconds=1), lambda: None),
        (
            deadlines[2] + dt.timedelta(seconds=1),
            lambda: book(restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift),
        ),
    ]
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        seen = [[body for body, _ in answers(api)]]
        month_before, _ = ask(api, MONTH, **month)
    for instant, write in steps:
        with time_machine.travel(instant, tick=False):
            write()
            carried, (month_carried, month_read) = answers(api), ask(api, MONTH, **month)
            assert carried[0][1] == "changes" and month_read == "changes"
            fresh = fresh_answers(api)
            assert [body for body, _ in carried] == fresh and month_carried == month_answer()
            seen.append(fresh)
            answers(api), ask(api, MONTH, **month)  # kept again for the next step
    # Each lapse and the write changed the answers; the sweep of a lapsed hold changed nothing.
    assert [after != before for before, after in zip(seen, seen[1:], strict=False)] == [True, False, True, True]
    with time_machine.travel(steps[-1][0], tick=False):
        assert month_answer() != month_before
    connection.close()


def test_the_first_answer_after_a_write_reads_the_state_then_the_changes(api, floor):
    """Two round trips: the changes are not sent with every state on the chance of a write (that
    cost the answers with no write since more than it saved the others: docs/performance.md)."""
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        ask(api)
        book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
        with CaptureQueriesContext(connection) as captured:
            body, read = ask(api)
    sent = [q["sql"] for q in captured.captured_queries if "api_key_lookup" not in q["sql"]]
    assert read == "changes" and unavailable(body) == TAKEN_BY_B1
    assert len(sent) == 2 and "restaurant_versions" in sent[0] and "occupancy_changed" in sent[1]


def test_a_month_is_carried_through_a_write(api, floor):
    month = {"month": f"{FAR:%Y-%m}"}
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        before, read = ask(api, MONTH, **month)
        assert read == "all"
        for table in floor.tables:  # the whole floor taken for the evening of FAR
            book(floor.restaurant, [table], date=FAR, minutes=300, size=2, shift=floor.shift, bump=False)
        bump_availability_version(floor.restaurant.pk, policy_changed=False)
        carried, read = ask(api, MONTH, **month)
        kept_occupancy.clear()
        fresh, _ = ask(api, MONTH, **month)
    assert read == "changes" and carried == fresh and carried != before


def test_an_old_kept_occupancy_is_read_again_not_carried(api, floor, monkeypatch):
    """The log is pruned after PRUNE_AFTER: past CARRY_SECONDS a kept occupancy is not carried."""
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        ask(api)
        monkeypatch.setattr(kept_occupancy, "CARRY_SECONDS", -1)
        book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
        body, read = ask(api)
    assert read == "all" and unavailable(body) == TAKEN_BY_B1


def test_the_sweep_prunes_the_log_past_its_age(floor):
    book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
    book(floor.restaurant, [floor.a1], date=FAR, size=2, shift=floor.shift)
    log = OccupancyChange.objects.filter(restaurant_id=floor.restaurant.pk)
    old = log.count()  # each booking: its table and its seating
    log.update(logged_at=timezone.now() - PRUNE_AFTER - dt.timedelta(seconds=1))
    book(floor.restaurant, [floor.a2_table], date=FAR, size=2, shift=floor.shift)
    assert (old, prune_occupancy_changes()) == (4, 4)
    assert log.count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_write_still_open_when_the_state_was_read_is_carried_in(restaurant, make_client, settings):
    """A writer logs before the reader's snapshot and commits after it: its transaction is one the
    snapshot could not see, so the next answer reads its table again (no commit order assumed)."""
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0
    kept_occupancy.clear()
    floor = unlimited(floor_without_cutoffs(restaurant))
    api = make_client(restaurant)
    logged_rows, commit = threading.Event(), threading.Event()

    def writer():
        try:
            from django.db import transaction

            with transaction.atomic():
                book(restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
                logged_rows.set()
                assert commit.wait(30)
        finally:
            connections.close_all()

    thread = threading.Thread(target=writer)
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        thread.start()
        assert logged_rows.wait(30)
        # A later transaction commits first: the reader's snapshot then lists the writer's as in
        # progress below its xmax (not merely at or past it, as any unfinished one would be).
        book(restaurant, [floor.a1], date=FAR + dt.timedelta(days=3), shift=floor.shift, bump=False)
        before, read = ask(api)  # the writer's rows are logged, not committed: not seen
        assert read == "all" and unavailable(before) == []
        commit.set()
        thread.join(30)
        after, read = ask(api)
    assert read == "changes" and unavailable(after) == TAKEN_BY_B1
    connection.close()


@pytest.mark.django_db(transaction=True)
def test_answers_carried_over_many_writes_stay_fresh_reads(api, floor):
    """A carried occupancy is carried again: twenty writes in a row, each followed by a question."""
    tables = floor.tables
    with time_machine.travel(NOW + dt.timedelta(seconds=5), tick=False):
        ask(api)
        made = []
        for n in range(20):
            if n % 3 == 2:
                made.pop(0).allocations.all().delete()
                bump_availability_version(floor.restaurant.pk, policy_changed=False)
            else:
                time = ["19:00", "21:00", "22:00"][n % 3]
                table = tables[n % len(tables)]
                if TableAllocation.objects.filter(table=table, reservation__service_date=FAR).exists():
                    continue
                made.append(book(floor.restaurant, [table], date=FAR, time=time, size=2, shift=floor.shift))
            ask(api, service_date=FAR.isoformat(), party_size=1 + n % 6)
        carried = [body for body, _ in answers(api)]
        assert len(kept_occupancy._kept) == 1  # each carried one superseded the one it came from
        (weight,) = [kept.weight for kept, _ in kept_occupancy._kept._items.values()]
        assert carried == fresh_answers(api)
        ask(api)
        (fresh_weight,) = [kept.weight for kept, _ in kept_occupancy._kept._items.values()]
    assert weight == fresh_weight  # what the store's bound counts, kept exact through the carries


def _scans_of(plan: dict, relation: str):
    """The plan's nodes that read `relation`'s rows."""
    if plan.get("Relation Name") == relation:
        yield plan
    for child in plan.get("Plans", []):
        yield from _scans_of(child, relation)


def test_the_changes_are_read_a_table_and_a_seating_at_a_time(floor):
    """The changes read the changed tables' intervals and the changed seatings' covers by table and
    by seating, however many the day holds: every scan of the allocations, bookings and holds is
    driven by one changed table or seating, or by the range of deadlines of the holds lapsed since.
    The generic plan of a plain join guessed many changed tables and hashed every interval of the
    window instead (its cost grew with the day's bookings)."""
    restaurant = floor.restaurant
    owner = book(restaurant, [floor.a1], date=FAR, time="11:00", minutes=30, shift=floor.shift)
    tables = [table.pk for table in TableFactory.create_batch(40, section=floor.b)]
    first = local(FAR, "12:00")
    with connection.cursor() as cursor:  # ten intervals a table on FAR: 400 in the window, each logged
        cursor.execute(
            f"INSERT INTO {TableAllocation._meta.db_table} (restaurant_id, table_id, reservation_id, during) "
            "SELECT %s, t, %s, tstzrange(%s + n * interval '1 hour', %s + n * interval '1 hour' + interval '50 minutes') "
            "FROM unnest(%s::bigint[]) AS t, generate_series(0, 9) AS n",
            [restaurant.pk, owner.pk, first, first, tables],
        )
        # And 400 holds of the restaurant's past, ended at deadlines an hour apart.
        ended = hold(restaurant, [floor.a2_table], date=FAR, time="12:00", status="released", shift=floor.shift)
        columns = [
            f.column for f in Hold._meta.local_concrete_fields if f.column not in ("id", "public_id", "expires_at")
        ]
        cursor.execute(
            f"INSERT INTO {Hold._meta.db_table} (public_id, expires_at, {', '.join(columns)}) "
            f"SELECT public_id || '_' || n, %s - n * interval '1 hour', {', '.join(columns)} "
            f"FROM {Hold._meta.db_table}, generate_series(1, 400) AS n WHERE id = %s",
            [NOW, ended.pk],
        )
        tables_analyzed = [TableAllocation, OccupancyChange, Hold]
        cursor.execute("; ".join(f"ANALYZE {model._meta.db_table}" for model in tables_analyzed))
        cursor.execute("SELECT pg_current_snapshot()::text")
        (snapshot,) = cursor.fetchone()
        values = {
            **_parameters(restaurant.pk, policy_for(restaurant), FAR, FAR, NOW, None),
            "snapshot": snapshot,
            "lapsed_after": NOW - dt.timedelta(hours=1),
            "lapsed_until": NOW,
        }
        plans = []
        for statement in _CHANGES[True]:
            sql, params = batch([statement], values)
            cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)  # the generic plan the statement runs on
            plans.append(cursor.fetchone()[0][0]["Plan"])
    read = {
        TableAllocation: list(_scans_of(plans[0], TableAllocation._meta.db_table)),
        Reservation: list(_scans_of(plans[1], Reservation._meta.db_table)),
        Hold: list(_scans_of(plans[1], Hold._meta.db_table)),
    }
    for model, scans in read.items():
        conditions = [" ".join(scan.get(key, "") for key in ("Index Cond", "Recheck Cond", "Filter")) for scan in scans]
        # Or by the lapse's range: the holds that lapsed since, through an index on their deadline.
        lapsed = ["expires_at" in scan.get("Index Cond", "") + scan.get("Recheck Cond", "") for scan in scans]
        assert scans and all(
            "changed" in c or by_deadline for c, by_deadline in zip(conditions, lapsed, strict=True)
        ), (
            model.__name__,
            conditions,
        )
        assert 0 < sum(lapsed) < len(scans) or model is Reservation, (model.__name__, conditions)
