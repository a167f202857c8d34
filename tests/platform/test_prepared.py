"""config.postgresql.prepared: a hot statement is prepared once per connection, then only executed."""

import pytest
from django.db import connection, transaction

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
