"""config.postgresql.prepared: a hot statement is prepared once per connection, then only executed."""

import time

import pytest
from django.db import connection, transaction

from config.postgresql import prepared
from config.postgresql.prepared import Statement

pytestmark = pytest.mark.django_db(transaction=True)

DOUBLE = Statement("test_double", "SELECT %s::int * 2, '100%%'")


def prepared_here() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM pg_prepared_statements")
        return {name for (name,) in cursor.fetchall()}


def run(value: int):
    with connection.cursor() as cursor:
        cursor.execute(DOUBLE.sql(), [value])
        return cursor.fetchone()


def test_the_text_executes_the_statement_with_its_parameters():
    assert DOUBLE.sql() == "EXECUTE test_double(%s)"
    assert run(21) == (42, "100%")
    assert "test_double" in prepared_here()


def test_it_is_prepared_once_per_connection_and_again_on_a_new_one():
    run(1)
    first = connection.connection
    assert run(2) == (4, "100%")  # a second PREPARE of the same name would raise
    connection.close()
    assert connection.connection is None
    assert run(3) == (6, "100%")
    assert connection.connection is not first
    assert "test_double" in prepared_here()


def test_a_rolled_back_transaction_does_not_take_the_statement_with_it():
    connection.close()  # prepared inside the transaction below
    with pytest.raises(RuntimeError), transaction.atomic():
        assert run(5) == (10, "100%")
        raise RuntimeError
    assert run(6) == (12, "100%")


def test_two_statements_of_one_name_are_refused():
    with pytest.raises(ValueError, match="test_double"):
        Statement("test_double", "SELECT 1")


def test_a_connection_that_died_between_requests_is_replaced_before_the_statement_is_named():
    import psycopg
    from django.conf import settings

    run(7)  # prepared on this connection
    backend = connection.connection.info.backend_pid
    database = settings.DATABASES["default"]
    with psycopg.connect(
        dbname=connection.settings_dict["NAME"],
        user=database["USER"],
        host=database["HOST"] or None,
        port=database["PORT"] or None,
        password=database["PASSWORD"] or None,
        autocommit=True,
    ) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [backend])
    for _ in range(100):  # the backend's goodbye reaches the socket a moment later
        if not connection.is_usable():
            break
        time.sleep(0.05)
    # What a new request does to a persistent connection (request_started): check it again before use.
    assert connection.health_check_enabled
    connection.health_check_done = False
    text = DOUBLE.sql()  # named before the cursor exists, as a batch of statements is built
    with connection.cursor() as cursor:
        cursor.execute(text, [8])
        assert cursor.fetchone() == (16, "100%")
    assert connection.connection.info.backend_pid != backend


def test_a_text_known_only_at_run_time_is_prepared_once_it_repeats(monkeypatch):
    monkeypatch.setattr(prepared, "_dynamic", {})
    monkeypatch.setattr(prepared, "_seen", set())
    sql = "SELECT %s::int + 1"
    assert prepared.prepared_for(sql) is None  # seen once: sent as text
    statement = prepared.prepared_for(sql)
    assert statement is not None and prepared.prepared_for(sql) is statement
    with connection.cursor() as cursor:
        cursor.execute(statement.sql(), [41])
        assert cursor.fetchone() == (42,)
    assert statement.name in prepared_here()


def test_no_more_run_time_texts_are_prepared_than_the_limit(monkeypatch):
    monkeypatch.setattr(prepared, "_dynamic", {})
    monkeypatch.setattr(prepared, "_seen", set())
    monkeypatch.setattr(prepared, "DYNAMIC_LIMIT", 2)
    texts = [f"SELECT {n} + %s::int" for n in range(3)]
    answers = [prepared.prepared_for(sql) for sql in texts + texts]
    assert answers[:3] == [None, None, None]
    assert answers[3] is not None and answers[4] is not None and answers[5] is None


def test_a_named_parameter_is_one_value_however_often_the_text_reads_it():
    statement = Statement("test_named", "SELECT %(a)s::int + %(b)s::int * %(a)s::int")
    assert statement.names == ["a", "b"]
    assert statement.sql() == "EXECUTE test_named(%s, %s)"
    with connection.cursor() as cursor:
        cursor.execute(statement.sql(), [2, 5])
        assert cursor.fetchone() == (12,)


def test_named_and_positional_parameters_do_not_mix():
    with pytest.raises(ValueError, match="named and positional"):
        Statement("test_mixed", "SELECT %(a)s::int + %s::int")


def test_a_batch_sends_its_statements_in_one_text_with_their_values_by_name():
    first = Statement("test_batch_first", "SELECT %(a)s::int + 1")
    second = Statement("test_batch_second", "SELECT %(b)s::int * %(a)s::int")
    sql, params = prepared.batch([first, second], {"a": 3, "b": 5, "unused": 0})
    assert sql == "EXECUTE test_batch_first(%s); EXECUTE test_batch_second(%s, %s)" and params == [3, 5, 3]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        assert cursor.fetchone() == (4,)
        cursor.nextset()
        assert cursor.fetchone() == (15,)
