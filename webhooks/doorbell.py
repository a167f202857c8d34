"""Redis is a doorbell, not a store: once a transaction that wrote outbox rows commits, one
`webhooks.tasks.pump` is queued to get them moving. If the broker is down the rows wait in
PostgreSQL and the periodic sweep (`webhooks.tasks.sweep`) rings later; nothing is lost.
"""

import logging

from django.db import transaction

logger = logging.getLogger("webhooks.doorbell")

PUMP = "webhooks.tasks.pump"


class _Ring:
    """One on-commit ring; `done` once it ran (a test harness may keep run callbacks listed)."""

    done = False

    def __call__(self) -> None:
        self.done = True
        ring()


def ring_on_commit() -> None:
    """Queue one pump when the current transaction commits (one per transaction, however many rows)."""
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        ring()
        return
    if any(isinstance(entry[1], _Ring) and not entry[1].done for entry in connection.run_on_commit):
        return
    transaction.on_commit(_Ring())


def ring() -> None:
    from config.celery import app

    try:
        if app.conf.task_always_eager:  # tests without a worker: the pump runs here and now
            app.tasks[PUMP].apply()
        else:
            app.send_task(PUMP, retry=False)
    except Exception as error:  # the rows are committed: the sweep will find them
        logger.warning("Could not ring the outbox doorbell (%s); the sweep will deliver", error)
