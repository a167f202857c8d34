"""Celery tasks of the outbox: a few lines each calling the services.

- `pump` (the doorbell, queued when a transaction that wrote outbox rows commits and no pump
  is already waiting): fan events out, send the due deliveries of every healthy endpoint in one
  pass (no task per endpoint: under load most endpoints have one or two events), hand failing
  endpoints to `deliver` tasks on the `webhooks_slow` queue, start the message sender.
- `deliver(endpoint_id)`: one endpoint's due deliveries (a failing endpoint, off the main queue,
  so a dead receiver's timeouts never hold up healthy ones).
- `sweep` (beat, every 5 s): the same as a pump, for rows whose doorbell was lost (Redis
  down, worker killed) and for retries that fell due; then disables endpoints failing for
  three days.

Each task is queued only when none of its kind (and endpoint) is waiting (webhooks.doorbell.claim)
and clears that mark as it starts.
"""

from celery import shared_task
from django.utils import timezone

from webhooks import doorbell
from webhooks.selectors import endpoints_with_due_deliveries
from webhooks.services import delivery, disabling, messages
from webhooks.services.messages import has_due as messages_due

SLOW_QUEUE = "webhooks_slow"
MESSAGES_KEY = "webhooks:queued:messages"


def deliver_key(endpoint_id: int) -> str:
    return f"webhooks:queued:deliver:{endpoint_id}"


def _queue(task, key: str, args=(), queue=None) -> None:
    if task.app.conf.task_always_eager:  # tests without a worker
        task.apply(args=args)
        return
    if not doorbell.claim(key):
        return  # one is waiting already
    try:
        if queue:
            task.apply_async(args=args, queue=queue)
        else:
            task.apply_async(args=args)
    except Exception:
        doorbell.release(key)
        raise


def _run_outbox() -> int:
    delivery.dispatch()
    due = endpoints_with_due_deliveries(timezone.now())
    for endpoint_id, failing in due:
        if failing:
            _queue(deliver, deliver_key(endpoint_id), [endpoint_id], SLOW_QUEUE)
    if messages_due():
        _queue(send_messages, MESSAGES_KEY)
    return delivery.deliver_endpoints([endpoint_id for endpoint_id, failing in due if not failing])


@shared_task(ignore_result=True)
def pump() -> int:
    doorbell.release(doorbell.PUMP_KEY)
    return _run_outbox()


@shared_task(ignore_result=True)
def deliver(endpoint_id: int) -> int:
    doorbell.release(deliver_key(endpoint_id))
    return delivery.deliver_endpoint(endpoint_id)


@shared_task(ignore_result=True)
def send_messages() -> int:
    doorbell.release(MESSAGES_KEY)
    return messages.send_due()


@shared_task(ignore_result=True)
def sweep() -> dict:
    return {"delivered": _run_outbox(), "disabled": disabling.disable_failing_endpoints()}
