"""After a write, the occupancy kept for an answer is carried, not read again: the database's log
of changed allocations (a trigger) names the tables whose rows the kept one's snapshot could not
see; only they are read again, with all the covers, and every other table's masks are carried.
Every carried answer must be what a fresh read gives. The log itself: test_occupancy_log.py.

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

from holds.services import sweep_expired_holds
from reservations.models import Reservation, Restaurant, TableAllocation
from reservations.selectors import kept_occupancy
from reservations.services.availability_version import bump_availability_version
from tests.availability.helpers import (
    FAR,
    MONTH,
    NOW,
    TAKEN_BY_B1,
    Floor,
    ask,
    book,
    carry_floor,  # noqa: F401  (the fixture `floor`)
    floor_without_cutoffs,
    hold,
    unavailable,
    unlimited,
)

SIZES = range(1, 7)


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
