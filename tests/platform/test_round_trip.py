"""config.postgresql.round_trip: parts of several owners sent in one round trip, each read by its own
reader, whatever the others leave unread; a read after a lock sees what committed while it waited."""

import threading

import pytest
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from config.locking import lock_restaurant, restaurant_lock
from config.postgresql.round_trip import Part, Results, run, run_one
from reservations.models import Restaurant
from reservations.selectors.engine_policy import versions_read
from tests.factories import RestaurantFactory


def test_each_part_gets_its_own_value_in_one_round_trip(db):
    two = Part("SELECT 1; SELECT 2", (), lambda results: (results.one(), results.next().one()), statements=2)
    skipped = Part("SELECT 3; SELECT 4", (), Results.one, statements=2)  # its second result left unread
    rows = Part("SELECT generate_series(1, %s)", (3,), Results.all)
    with CaptureQueriesContext(connection) as queries:
        values = run(two, None, skipped, Part("SELECT 5"), rows)
    assert values == [((1,), (2,)), None, (3,), None, [(1,), (2,), (3,)]]
    assert len(queries.captured_queries) == 1


def test_nothing_to_send_sends_nothing(db):
    with CaptureQueriesContext(connection) as queries:
        assert run(None, None) == [None, None]
    assert queries.captured_queries == []


def test_parameters_go_to_their_own_part(db):
    first = Part("SELECT %s::text", ("a",), Results.one)
    second = Part("SELECT %s::int + %s::int", (2, 3), Results.one)
    assert run(first, second) == [("a",), (5,)]
    assert run_one(Part("SELECT %s::text || %s::text", ("x", "y"), Results.one)) == ("xy",)


def test_a_failing_part_fails_the_whole_round_trip(db):
    with pytest.raises(Exception, match="division by zero"), transaction.atomic():
        run(Part("SELECT 1"), Part("SELECT 1 / 0", (), Results.one))


@pytest.mark.django_db(transaction=True)
def test_a_read_after_the_lock_sees_what_committed_while_it_waited():
    restaurant = RestaurantFactory()
    Restaurant.objects.filter(pk=restaurant.pk).update(availability_version=1)
    locked, release = threading.Event(), threading.Event()

    def holder():
        with transaction.atomic():
            lock_restaurant(restaurant.pk)
            locked.set()
            release.wait(10)
            Restaurant.objects.filter(pk=restaurant.pk).update(availability_version=7)
        connections.close_all()

    thread = threading.Thread(target=holder)
    thread.start()
    assert locked.wait(10)
    threading.Timer(0.3, release.set).start()  # commits the new version while the run below waits
    with transaction.atomic():
        run(restaurant_lock(restaurant.pk), versions_read(restaurant))
    thread.join(10)
    assert restaurant.availability_version == 7
