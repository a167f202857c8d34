"""Celery tasks of the outbox: a few lines each calling the services.

- `pump` (the doorbell, queued once per committing transaction that wrote outbox rows):
  fan events out, start a `deliver` per endpoint with work, send due messages.
- `deliver(endpoint_id)`: that endpoint's due deliveries. Endpoints that are failing go to the
  `webhooks_slow` queue, so a dead receiver's timeouts never hold up healthy ones.
- `sweep` (beat, every 5 s): the same as a pump, for rows whose doorbell was lost (Redis
  down, worker killed) and for retries that fell due; then disables endpoints failing for
  three days.
"""

from celery import shared_task
from django.utils import timezone

from webhooks.selectors import endpoints_with_due_deliveries
from webhooks.services import delivery, disabling, messages
from webhooks.services.messages import has_due as messages_due

SLOW_QUEUE = "webhooks_slow"


def _queue(task, args=(), queue=None) -> None:
    if task.app.conf.task_always_eager:  # tests without a worker
        task.apply(args=args)
    elif queue:
        task.apply_async(args=args, queue=queue)
    else:
        task.apply_async(args=args)


def _start(endpoints: list[tuple[int, bool]]) -> None:
    for endpoint_id, failing in endpoints:
        _queue(deliver, [endpoint_id], SLOW_QUEUE if failing else None)


@shared_task(ignore_result=True)
def pump() -> None:
    touched = delivery.dispatch()
    if touched:
        _start(endpoints_with_due_deliveries(timezone.now(), among=touched))
    if messages_due():
        _queue(send_messages)


@shared_task(ignore_result=True)
def deliver(endpoint_id: int) -> int:
    return delivery.deliver_endpoint(endpoint_id)


@shared_task(ignore_result=True)
def send_messages() -> int:
    return messages.send_due()


@shared_task(ignore_result=True)
def sweep() -> dict:
    delivery.dispatch()
    due = endpoints_with_due_deliveries(timezone.now())
    _start(due)
    if messages_due():
        _queue(send_messages)
    return {"endpoints": len(due), "disabled": disabling.disable_failing_endpoints()}
