"""TableTimeline.blocked_finder against the definition: slot k is blocked when a seating there
overlaps one of the table's busy intervals; and what the timeline keeps of it (busy_of, free_slots),
carried through writes."""

import random

import pytest

from reservations.engine.occupancy import FEW_INTERVALS, ONE_MINUTE, CandidateRuns, TableTimeline

STEP = 15 * ONE_MINUTE
FIRST = 1_800_000_000  # a seating instant, in epoch seconds


def expected(intervals, slot_starts, duration, service_end) -> int:
    mask = 0
    for k, start in enumerate(slot_starts):
        end = start + duration if duration is not None else max(service_end, start + ONE_MINUTE)
        if any(a < end and b > start for a, b in intervals):
            mask |= 1 << k
    return mask


@pytest.mark.parametrize("count", [1, FEW_INTERVALS, FEW_INTERVALS + 1, 60], ids=lambda n: f"{n} intervals")
@pytest.mark.parametrize("duration", [None, 90 * ONE_MINUTE], ids=["to the service's end", "90 minutes"])
def test_blocked_slots_are_those_a_busy_interval_overlaps(count, duration):
    rng = random.Random(count * 7 + (duration or 0))
    slot_starts = [FIRST + k * STEP for k in range(13)]
    service_end = slot_starts[-1] + 2 * 3600
    for _ in range(200):
        # Intervals all around the service, before its first seating and after its end included.
        intervals = []
        for _ in range(count):
            a = FIRST + rng.randrange(-10 * 3600, 10 * 3600, 60)
            intervals.append((a, a + rng.randrange(60, 4 * 3600, 60)))
        timeline = TableTimeline(rows=[(7, a, b) for a, b in intervals])
        blocked = timeline.blocked_finder(slot_starts, duration, service_end)
        assert blocked(7) == expected(intervals, slot_starts, duration, service_end)
        assert blocked(8) == 0  # a table without intervals


@pytest.mark.parametrize("duration", [None, 90 * ONE_MINUTE], ids=["to the service's end", "90 minutes"])
def test_intervals_touching_the_first_seating_or_the_last_ones_end_block_as_the_definition_says(duration):
    """The finder skips an interval that ends by the first seating or starts once the last seating's
    occupancy is over before it bisects: at those bounds exactly, and a minute either side."""
    slot_starts = [FIRST + k * STEP for k in range(13)]
    service_end = slot_starts[-1] + 2 * 3600
    last_end = slot_starts[-1] + duration if duration is not None else service_end
    for shift in (-ONE_MINUTE, 0, ONE_MINUTE):
        for interval in ((FIRST - 3600, FIRST + shift), (last_end + shift, last_end + 3600)):
            blocked = TableTimeline(rows=[(7, *interval)]).blocked_finder(slot_starts, duration, service_end)
            assert blocked(7) == expected([interval], slot_starts, duration, service_end)
            assert (blocked(7) != 0) == (shift == ONE_MINUTE if interval[0] < FIRST else shift == -ONE_MINUTE)


def test_busy_of_answers_every_set_of_tables_as_worked_out_afresh_and_keeps_it():
    """What a timeline kept between requests answers the next question with: the union of its
    tables' blocked slots, the same from the timeline's memory as from a new timeline."""
    rng = random.Random(11)
    slot_starts = tuple(FIRST + k * STEP for k in range(13))
    service_end = slot_starts[-1] + 2 * 3600
    rows = []
    for table in range(1, 7):
        for _ in range(rng.randrange(0, 5)):
            a = FIRST + rng.randrange(-4 * 3600, 6 * 3600, 60)
            rows.append((table, a, a + rng.randrange(60, 3 * 3600, 60)))
    kept = TableTimeline(rows=rows)
    sets = [(t,) for t in range(1, 8)] + [(1, 2), (2, 3, 4), (5, 6), (1, 6, 7)]
    for duration in (None, 90 * ONE_MINUTE, 120 * ONE_MINUTE):
        for _ in range(2):  # the second time, from what the first kept
            busy_of = kept.busy_of(slot_starts, duration, service_end)
            for tables in sets:
                fresh = TableTimeline(rows=rows).blocked_finder(slot_starts, duration, service_end)
                union = 0
                for table in tables:
                    union |= fresh(table)
                    own = [(a, b) for t, a, b in rows if t == table]
                    assert fresh(table) == expected(own, slot_starts, duration, service_end)
                assert busy_of(tables) == union
        assert kept.busy_of(slot_starts, duration, service_end) is busy_of  # kept per seating length


def test_a_timeline_carried_through_a_write_answers_as_a_new_one():
    """After a write: the changed tables' intervals from a timeline over their rows alone, every
    other table's (and the masks worked out for it) from the earlier timeline, which stays as it was."""
    rng = random.Random(5)
    slot_starts = tuple(FIRST + k * STEP for k in range(13))
    service_end = slot_starts[-1] + 2 * 3600

    def some_rows(tables):
        rows = []
        for table in tables:
            for _ in range(rng.randrange(0, 4)):
                a = FIRST + rng.randrange(-4 * 3600, 6 * 3600, 60)
                rows.append((table, a, a + rng.randrange(60, 3 * 3600, 60)))
        return rows

    before = some_rows(range(1, 9))
    earlier = TableTimeline(rows=before)
    sets = [(t,) for t in range(1, 10)] + [(1, 2), (2, 3, 4), (5, 6), (1, 6, 9)]
    answers_before = [earlier.busy_of(slot_starts, None, service_end)(tables) for tables in sets]
    changed = {2, 5, 9}  # 5 loses its intervals, 9 gets its first
    after_changed = [row for row in some_rows([2, 9]) if row[0] in changed]
    after = [row for row in before if row[0] not in changed] + after_changed
    carried = earlier.carried(TableTimeline(rows=after_changed), changed)
    assert carried._masks[(slot_starts, None, service_end)].keys() == {1, 3, 4, 6, 7, 8}  # the others' masks
    for duration in (None, 90 * ONE_MINUTE):
        fresh = TableTimeline(rows=after).busy_of(slot_starts, duration, service_end)
        got = carried.busy_of(slot_starts, duration, service_end)
        assert [got(tables) for tables in sets] == [fresh(tables) for tables in sets]
    assert [earlier.busy_of(slot_starts, None, service_end)(tables) for tables in sets] == answers_before


def _runs(candidate_tables, length):
    """CandidateRuns as engine.seating.candidate_runs builds them, over a list of table tuples."""
    runs = tuple(tuple(candidate_tables[i : i + length]) for i in range(0, len(candidate_tables), length))
    by_table = {}
    for index, run in enumerate(runs):
        for tables in run:
            for table in tables:
                by_table.setdefault(table, set()).add(index)
    return CandidateRuns(("shift", length), runs, {table: frozenset(found) for table, found in by_table.items()})


def _free_slots(rows, slot_starts, duration, service_end, candidate_tables) -> int:
    """The definition: slots where some candidate has none of its tables' intervals overlapping."""
    full = (1 << len(slot_starts)) - 1
    mask = 0
    for tables in candidate_tables:
        busy = 0
        for table in tables:
            busy |= expected([(a, b) for t, a, b in rows if t == table], slot_starts, duration, service_end)
        mask |= full & ~busy
    return mask


@pytest.mark.parametrize("length", [1, 3, 50], ids=lambda n: f"runs of {n}")
def test_free_slots_kept_per_run_and_carried_through_writes_answer_as_afresh(length):
    """The free slots of a service's candidates, kept a run at a time with the timeline: asked again
    in the same state, and in a timeline carried through writes (the runs holding a changed table
    worked out again, the others kept), they are what a timeline built afresh answers; the earlier
    timeline keeps its own answer."""
    rng = random.Random(length)
    slot_starts = tuple(FIRST + k * STEP for k in range(13))
    service_end = slot_starts[-1] + 2 * 3600
    tables = range(1, 13)
    candidate_tables = [(t,) for t in tables] + [(1, 2), (3, 4, 5), (6, 12), (2, 9)]
    runs = _runs(candidate_tables, length)

    def busy_rows(table):
        rows = []
        for _ in range(rng.randrange(2, 6)):  # busy enough that few slots stay free
            a = FIRST + rng.randrange(-3 * 3600, 5 * 3600, 60)
            rows.append((table, a, a + rng.randrange(30 * ONE_MINUTE, 3 * 3600, 60)))
        return rows

    rows = [row for table in tables for row in busy_rows(table)]
    timeline = TableTimeline(rows=rows)
    for duration in (None, 90 * ONE_MINUTE):
        want = _free_slots(rows, slot_starts, duration, service_end, candidate_tables)
        assert timeline.free_slots(slot_starts, duration, service_end, runs) == want
        assert timeline.free_slots(slot_starts, duration, service_end, runs) == want  # kept
    for _ in range(30):
        changed = set(rng.sample(list(tables), rng.randrange(1, 3)))
        new = [row for table in changed for row in busy_rows(table) if rng.random() < 0.7]
        before = {d: timeline.free_slots(slot_starts, d, service_end, runs) for d in (None, 90 * ONE_MINUTE)}
        carried = timeline.carried(TableTimeline(rows=new), changed)
        kept = carried._free[(slot_starts, None, service_end, runs.key)][1]
        assert not any(runs.by_table.get(table, frozenset()) & kept.keys() for table in changed)
        rows = [row for row in rows if row[0] not in changed] + new
        for duration in (None, 90 * ONE_MINUTE):
            want = _free_slots(rows, slot_starts, duration, service_end, candidate_tables)
            assert carried.free_slots(slot_starts, duration, service_end, runs) == want
            assert timeline.free_slots(slot_starts, duration, service_end, runs) == before[duration]
        timeline = carried


def test_a_timeline_is_carried_while_other_threads_ask_it():
    """A kept timeline serves a process's threads: one carries it through a write while others
    fill in masks and free slots it had not worked out yet. The carry copies what it finds; it never
    fails on a dict that grows meanwhile, and the carried timeline answers as one built afresh."""
    import sys
    import threading

    rng = random.Random(11)
    tables = list(range(1, 41))
    rows = []
    for table in tables:
        for _ in range(3):
            a = FIRST + rng.randrange(-3 * 3600, 5 * 3600, 60)
            rows.append((table, a, a + rng.randrange(30 * ONE_MINUTE, 3 * 3600, 60)))
    service_end = FIRST + 14 * STEP
    grids = [tuple(FIRST + offset + k * STEP for k in range(12)) for offset in range(0, 3600, 60)]
    runs = _runs([(t,) for t in tables] + [(t, t + 1) for t in tables[:-1]], 4)
    timeline = TableTimeline(rows=rows)
    stop = threading.Event()
    errors = []

    def ask():  # new keys all the time: every grid, every duration
        try:
            while not stop.is_set():
                for slot_starts in grids:
                    for duration in (None, 60 * ONE_MINUTE, 90 * ONE_MINUTE, 120 * ONE_MINUTE):
                        timeline.free_slots(slot_starts, duration, service_end, runs)
                        timeline.busy_of(slot_starts, duration, service_end)(tuple(tables[:3]))
        except Exception as error:  # noqa: BLE001 - reported by the test
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    askers = [threading.Thread(target=ask) for _ in range(2)]
    try:
        for thread in askers:
            thread.start()
        carried = []
        for _ in range(200):
            carried.append(timeline.carried(TableTimeline(rows=[row for row in rows if row[0] == 7]), {7}))
    finally:
        stop.set()
        for thread in askers:
            thread.join()
        sys.setswitchinterval(interval)
    assert errors == []
    fresh = TableTimeline(rows=rows)
    for slot_starts in grids[::7]:
        want = fresh.free_slots(slot_starts, 90 * ONE_MINUTE, service_end, runs)
        assert carried[-1].free_slots(slot_starts, 90 * ONE_MINUTE, service_end, runs) == want


def test_a_timeline_is_freed_as_soon_as_nothing_holds_it():
    """A timeline keeps the functions it made (busy_of and its blocked finder): they must not hold
    the timeline back, or every timeline, hundreds of rows each, would wait for a full collection
    instead of going with its last reference (a kept one evicted, a booking step's at its end)."""
    import gc
    import weakref

    slot_starts = tuple(FIRST + k * STEP for k in range(13))
    service_end = slot_starts[-1] + 2 * 3600
    # Past FEW_INTERVALS on a table: the finder sorts that table's intervals, the path that held it.
    rows = [(t, FIRST + k * 3600, FIRST + k * 3600 + 1800) for t in (1, 2) for k in range(FEW_INTERVALS + 2)]
    timeline = TableTimeline(rows=rows)
    assert timeline.busy_of(slot_starts, 90 * ONE_MINUTE, service_end)((1, 2)) != 0
    assert timeline.free_slots(slot_starts, None, service_end, _runs([(1,), (2,), (1, 2)], 2)) == 0
    gone = weakref.ref(timeline)
    gc.disable()  # only reference counting may free it
    try:
        del timeline
        assert gone() is None
    finally:
        gc.enable()
