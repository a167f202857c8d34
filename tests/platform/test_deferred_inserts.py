"""config.postgresql.deferred: kept-back rows ride on the next statement, and behave as if saved at once."""

import pytest
import time_machine
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from config.postgresql import deferred
from tests.factories import HoldFactory, ReservationFactory
from tests.factories.reservations import RestaurantFactory
from webhooks.models import OutboxMessage

pytestmark = pytest.mark.django_db(transaction=True)


def message(restaurant, n: int) -> OutboxMessage:
    from django.utils import timezone

    return OutboxMessage(restaurant=restaurant, handler="test", payload={"n": n}, next_attempt_at=timezone.now())


def stored() -> list[int]:
    return sorted(m.payload["n"] for m in OutboxMessage.objects.filter(handler="test"))


def test_outside_a_batch_the_row_is_saved_at_once():
    restaurant = RestaurantFactory()
    row = message(restaurant, 1)
    deferred.insert(row)
    assert row.pk is not None
    assert stored() == [1]


def test_kept_back_rows_ride_on_the_next_statement_and_are_read_by_it():
    restaurant = RestaurantFactory()
    first, second = message(restaurant, 1), message(restaurant, 2)
    with transaction.atomic(), deferred.batch():
        with CaptureQueriesContext(connection) as context:
            deferred.insert(first)
            deferred.insert(second)
            assert first.pk is None  # nothing sent yet
            count = OutboxMessage.objects.filter(handler="test").count()
        assert count == 2  # the read sees both rows
        assert len(context.captured_queries) == 1  # one round trip: two INSERTs and the read
        assert first.pk is not None and second.pk == first.pk + 1  # written in order
        assert not first._state.adding
    assert stored() == [1, 2]


def test_what_is_still_kept_back_is_written_before_the_commit():
    restaurant = RestaurantFactory()
    row = message(restaurant, 3)
    with transaction.atomic(), deferred.batch():
        deferred.insert(row)
    assert row.pk is not None
    assert stored() == [3]


def test_a_failure_in_the_batch_writes_nothing():
    restaurant = RestaurantFactory()
    with pytest.raises(RuntimeError), transaction.atomic(), deferred.batch():
        deferred.insert(message(restaurant, 4))
        raise RuntimeError("the change failed")
    assert stored() == []
    # the connection is back to saving at once
    deferred.insert(message(restaurant, 5))
    assert stored() == [5]


def test_a_row_kept_back_inside_a_rolled_back_savepoint_is_rolled_back_with_it():
    restaurant = RestaurantFactory()
    with transaction.atomic(), deferred.batch():
        deferred.insert(message(restaurant, 6))
        with pytest.raises(RuntimeError), transaction.atomic():
            deferred.insert(message(restaurant, 7))
            raise RuntimeError("inner failure")
        deferred.insert(message(restaurant, 8))
    assert stored() == [6, 8]


def test_statements_without_parameters_and_with_percent_signs_still_run():
    restaurant = RestaurantFactory()
    with transaction.atomic(), deferred.batch():
        deferred.insert(message(restaurant, 9))
        with connection.cursor() as cursor:
            cursor.execute("SELECT '100%'")
            assert cursor.fetchone() == ("100%",)
            deferred.insert(message(restaurant, 10))
            cursor.execute("SELECT %s || '%%'", ["50"])
            assert cursor.fetchone() == ("50%",)
    assert stored() == [9, 10]


def test_executemany_and_named_parameters_get_the_rows_written_first():
    restaurant = RestaurantFactory()
    with transaction.atomic(), deferred.batch():
        deferred.insert(message(restaurant, 11))
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM webhooks_outboxmessage WHERE handler = %(h)s", {"h": "test"})
            assert cursor.fetchone() == (1,)
            deferred.insert(message(restaurant, 12))
            cursor.executemany("SELECT %s", [[1], [2]])
    assert stored() == [11, 12]


def test_flush_writes_now_for_a_caller_that_needs_the_pk():
    restaurant = RestaurantFactory()
    row = message(restaurant, 13)
    with transaction.atomic(), deferred.batch():
        deferred.insert(row)
        deferred.flush()
        assert row.pk is not None
    assert stored() == [13]


def _djangos_own(obj) -> tuple[str, tuple]:
    """The INSERT Django's compiler builds for `obj`, as `save()` would send it."""
    from django.db.models.sql import InsertQuery

    opts = obj._meta
    fields = [f for f in opts.local_concrete_fields if not f.generated and f is not opts.auto_field]
    query = InsertQuery(obj.__class__)
    query.insert_values(fields, [obj])
    compiler = query.get_compiler(connection=connection)
    compiler.returning_fields = [opts.pk]
    ((sql, params),) = compiler.as_sql()
    return sql, tuple(params)


def _comparable(params: tuple) -> list:
    return [getattr(p, "obj", p) for p in params]  # JSON values come wrapped (Jsonb): compare what they wrap


def test_the_statement_compiled_once_per_model_is_the_one_django_compiles_for_each_instance():
    from django.db.models.functions import Now
    from django.utils import timezone

    from webhooks.models import Event

    restaurant = RestaurantFactory()
    rows = [
        message(restaurant, 5),
        message(restaurant, 6),
        Event(restaurant=restaurant, type="t.x", subject="s", data={"a": [1]}, created=timezone.now()),
    ]
    for row in rows:
        with time_machine.travel(timezone.now(), tick=False):  # auto_now fields: the same instant in both
            sql, params = deferred.insert_statement(row)
            expected_sql, expected_params = _djangos_own(row)
        assert sql == expected_sql
        assert _comparable(params) == _comparable(expected_params)
    assert deferred.insert_statement(rows[0])[1] != deferred.insert_statement(rows[1])[1]
    # A booking and a hold: dates, choices, booleans, nullable and foreign-key fields, JSON.
    booking = ReservationFactory(restaurant=restaurant)
    hold = HoldFactory(restaurant=restaurant)
    for row in (booking, hold):
        row.pk, row._state.adding = None, True
        with time_machine.travel(timezone.now(), tick=False):
            sql, params = deferred.insert_statement(row)
            expected_sql, expected_params = _djangos_own(row)
        assert sql == expected_sql
        assert _comparable(params) == _comparable(expected_params)
        assert [type(p) for p in params] == [type(p) for p in expected_params]
    # An expression among the values is compiled whole, not bound as a value.
    row = message(restaurant, 7)
    row.next_attempt_at = Now()
    sql, params = deferred.insert_statement(row)
    assert "STATEMENT_TIMESTAMP()" in sql and len(params) == len(_djangos_own(message(restaurant, 7))[1]) - 1
    deferred.insert(row)
    assert stored() == [7]


def _stored(model, pk) -> dict:
    table = connection.ops.quote_name(model._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table} WHERE id = %s", [pk])
        names = [column.name for column in cursor.description]
        return dict(zip(names, cursor.fetchone(), strict=True))


def _twin(obj):
    """An unsaved copy of `obj` with the same values, its unique columns made different."""
    twin = obj.__class__()
    for field in obj._meta.concrete_fields:
        setattr(twin, field.attname, getattr(obj, field.attname))
    for field in obj._meta.concrete_fields:
        value = getattr(obj, field.attname)
        if field.unique and not field.primary_key and value is not None:
            setattr(twin, field.attname, value + "2")
    twin.pk, twin._state.adding = None, True
    return twin


def test_a_row_written_as_json_is_stored_as_djangos_insert_stores_it():
    """row_statement (one JSON object, read by json_populate_record) and Django's INSERT store the
    same values: text with quotes, backslashes, newlines and accents, times to the microsecond,
    dates, booleans, nulls, blanks, and JSON with nesting, unicode, floats and nulls."""
    import datetime as dt

    from django.utils import timezone

    from reservations.models import ReservationEvent
    from webhooks.models import Event

    restaurant = RestaurantFactory()
    booking = ReservationFactory(
        restaurant=restaurant,
        guest_notes="Quote ' and \\ backslash,\nnew line, é, 東京, tab\t",
        internal_notes="",
        metadata={"order": 42, "ratio": 2.5, "note": 'a"b', "none": None, "nested": {"ok": True}},
        submitted_guest={"submitted_email": "ÉLODIE@example.com"},
        overrides_accepted=["cutoff_passed"],
    )
    booking.ends_at = booking.ends_at.replace(microsecond=123456)
    when = timezone.now().replace(microsecond=654321)
    samples = [
        booking,
        HoldFactory(restaurant=restaurant, metadata={"k": [1, [2, {"x": None}]]}),
        Event(restaurant=restaurant, type="t.x", subject="s", data={"object": {"id": "r", "n": [1, 2]}}, created=when),
        ReservationEvent(restaurant=restaurant, reservation=booking, type="reservation.created", data={"a": "ü"}),
        message(restaurant, 14),
    ]
    for obj in samples:
        if obj.pk is not None:
            obj = _twin(obj)
        twin = _twin(obj)
        with time_machine.travel(dt.datetime(2027, 1, 15, 18, 30, 1, 250000, tzinfo=dt.UTC), tick=False):
            sql, params = deferred.row_statement(obj)
            assert "json_populate_record" in sql and len(params) == 1
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                (pk,) = cursor.fetchone()
            twin.save(force_insert=True)
        ours, djangos = _stored(obj.__class__, pk), _stored(obj.__class__, twin.pk)
        unique = {f.column for f in obj._meta.concrete_fields if f.unique}
        assert {k: v for k, v in ours.items() if k not in unique} == {
            k: v for k, v in djangos.items() if k not in unique
        }


def test_a_value_json_cannot_carry_falls_back_to_djangos_insert():
    from django.db.models.functions import Now
    from django.utils import timezone

    restaurant = RestaurantFactory()
    row = message(restaurant, 15)
    row.payload = {"big": 2**70}  # beyond what orjson writes
    with time_machine.travel(timezone.now(), tick=False):
        sql, params = deferred.row_statement(row)
        expected_sql, expected_params = _djangos_own(row)
    assert "json_populate_record" not in sql
    assert (sql, _comparable(params)) == (expected_sql, _comparable(expected_params))
    row.payload, row.next_attempt_at = {"n": 1}, Now()
    assert "STATEMENT_TIMESTAMP()" in deferred.row_statement(row)[0]
