"""The database's log of changed occupancy, which carries the kept occupancies through writes
(test_occupancy_carry.py): a trigger logs every write to an allocation's interval and every write
a seating's covers can change by; the sweep prunes the log past its age; and the changes are read
a changed table and a changed seating at a time, however many the day holds."""

import datetime as dt

from django.db import connection
from django.utils import timezone

from config.postgresql.prepared import batch
from holds.models import Hold
from reservations.models import OccupancyChange, Reservation, TableAllocation
from reservations.models.occupancy_log import PRUNE_AFTER
from reservations.selectors.engine_policy import policy_for
from reservations.selectors.occupancy import _CHANGES, _parameters
from reservations.services.occupancy_log import prune_occupancy_changes
from tests.availability.helpers import (
    FAR,
    NOW,
    book,
    carry_floor,  # noqa: F401  (the fixture `floor`)
    hold,
    local,
)
from tests.factories import TableFactory


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


def test_the_sweep_prunes_the_log_past_its_age(floor):
    book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)
    book(floor.restaurant, [floor.a1], date=FAR, size=2, shift=floor.shift)
    log = OccupancyChange.objects.filter(restaurant_id=floor.restaurant.pk)
    old = log.count()  # each booking: its table and its seating
    log.update(logged_at=timezone.now() - PRUNE_AFTER - dt.timedelta(seconds=1))
    book(floor.restaurant, [floor.a2_table], date=FAR, size=2, shift=floor.shift)
    assert (old, prune_occupancy_changes()) == (4, 4)
    assert log.count() == 2


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
