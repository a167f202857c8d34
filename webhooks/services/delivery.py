"""Delivering the outbox: fan-out, one endpoint's deliveries in order, the records, the disabling.

- `dispatch()` turns committed events into deliveries (one per enabled endpoint wanting the
  type), one dispatcher at a time (an advisory lock), so deliveries follow the events' order.
- `deliver_endpoints(ids)` sends each endpoint's due deliveries oldest event first over one
  keep-alive connection, endpoints side by side in sender threads (the database is used by the
  calling thread only, which records each answer as it comes: a worker killed mid-run re-sends
  only the deliveries in flight, never a run's worth); one sender per endpoint at a time (a
  session advisory lock, released if the worker dies). The first failure ends an endpoint's lane
  (retried at once, once, as the schedule says): an unhealthy receiver is probed by its oldest
  due delivery and the rest wait their turn.
- Every attempt is a `DeliveryAttempt` row; the next one is `Delivery.next_attempt_at`.
"""

import logging
import queue
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import F
from django.db.models.expressions import RawSQL
from django.utils import timezone

from config.ops.metrics import DELIVERY_FAILURES, OUTBOX_LAG
from webhooks import envelopes, signing, transport
from webhooks.models import Delivery, DeliveryAttempt, DeliveryStatus, Endpoint, Event
from webhooks.schedule import DISABLE_AFTER, next_attempt
from webhooks.selectors import endpoints_due, signing_secrets
from webhooks.services.disabling import disable_for_failures

logger = logging.getLogger("webhooks.delivery")

LOCK_CLASS_ENDPOINT = 7401
LOCK_CLASS_DISPATCH = 7402
BATCH = 100
SENDER_THREADS = 16


# --- fan-out ---------------------------------------------------------------------------------


def dispatch(*, limit: int = 500) -> set[int]:
    """Write the deliveries of every undispatched event; the endpoints that got some."""
    touched: set[int] = set()
    while True:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT set_config('lock_timeout', '10s', true), pg_advisory_xact_lock(%s, 0)",
                    [LOCK_CLASS_DISPATCH],
                )
            rows = list(
                Event.objects.filter(dispatched_at__isnull=True)
                .order_by("id")
                .values_list("id", "restaurant_id", "type")[:limit]
            )
            if not rows:
                return touched
            by_restaurant = defaultdict(list)
            for endpoint in Endpoint.objects.filter(
                enabled=True, restaurant_id__in={restaurant for _, restaurant, _ in rows}
            ).only("id", "restaurant_id", "events"):
                by_restaurant[endpoint.restaurant_id].append(endpoint)
            now = timezone.now()
            deliveries = [
                Delivery(restaurant_id=restaurant, event_id=event, endpoint_id=endpoint.pk, next_attempt_at=now)
                for event, restaurant, event_type in rows
                for endpoint in by_restaurant[restaurant]
                if endpoint.wants(event_type)
            ]
            Delivery.objects.bulk_create(deliveries, batch_size=1000)
            Event.objects.filter(pk__in=[event for event, _, _ in rows]).update(dispatched_at=now)
            touched.update(d.endpoint_id for d in deliveries)
        if len(rows) < limit:
            return touched


# --- one endpoint ---------------------------------------------------------------------------


@dataclass
class Outcome:
    delivery: Delivery
    at: object
    result: transport.Result


def _try_locks(endpoint_ids: list[int]) -> list[int]:
    """The endpoints of `endpoint_ids` whose session lock this connection took (one round trip)."""
    if not endpoint_ids:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id FROM unnest(%s::bigint[]) AS id WHERE pg_try_advisory_lock(%s, id::int)",
            [list(endpoint_ids), LOCK_CLASS_ENDPOINT],
        )
        return [row[0] for row in cursor.fetchall()]


def _unlock(endpoint_ids: list[int]) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_unlock(%s, id::int) FROM unnest(%s::bigint[]) AS id",
            [LOCK_CLASS_ENDPOINT, list(endpoint_ids)],
        )


def deliver_endpoint(endpoint_id: int, *, batch: int = BATCH) -> int:
    """Send one endpoint's due deliveries; the number that succeeded."""
    return deliver_endpoints([endpoint_id], batch=batch)


def _senders() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:  # made in the process that uses it (after a worker's fork)
        _executor = ThreadPoolExecutor(max_workers=SENDER_THREADS, thread_name_prefix="webhook-sender")
    return _executor


_executor: ThreadPoolExecutor | None = None


# Each endpoint's oldest `batch` due deliveries, whatever the others' backlogs: one LIMIT per
# endpoint (a lateral join), where one LIMIT over all of them would give the lowest ids all of it.
_DUE_IDS = f"""
SELECT due.id FROM unnest(%s::bigint[]) AS lane(endpoint_id) CROSS JOIN LATERAL (
    SELECT d.id FROM {Delivery._meta.db_table} d
    WHERE d.endpoint_id = lane.endpoint_id AND d.status = %s AND d.next_attempt_at <= %s
    ORDER BY d.event_id, d.id LIMIT %s
) AS due"""


def _due(endpoint_ids, now, batch: int) -> dict[int, list[Delivery]]:
    rows = (
        Delivery.objects.filter(
            id__in=RawSQL(_DUE_IDS, [sorted(endpoint_ids), DeliveryStatus.PENDING, now, batch]),
            endpoint__enabled=True,
        )
        .select_related("event", "endpoint")
        .order_by("endpoint_id", "event_id", "id")
    )
    by_endpoint: dict[int, list[Delivery]] = defaultdict(list)
    for row in rows:
        by_endpoint[row.endpoint_id].append(row)
    return by_endpoint


def _send_in_order(endpoint: Endpoint, deliveries: list[Delivery], now, news: queue.SimpleQueue) -> None:
    """One endpoint's deliveries, oldest event first, until the first failure (no database here).

    Each outcome is handed to the calling thread as soon as it is known (`("outcome", id, outcome)`),
    then `("done", id, error)` ends the lane, whatever happened.
    """
    error = None
    try:
        secrets = signing_secrets(endpoint, now)
        for delivery in deliveries:
            outcome = attempt(endpoint, delivery, secrets)
            news.put(("outcome", endpoint.pk, outcome))
            if not outcome.result.succeeded:
                break
    except Exception as raised:  # handed over, raised in the calling thread
        error = raised
    finally:
        news.put(("done", endpoint.pk, error))


@dataclass
class _Lane:
    endpoint: Endpoint
    failed: Delivery | None = None


def deliver_endpoints(endpoint_ids, *, batch: int = BATCH) -> int:
    """Send the due deliveries of several endpoints; the number that succeeded.

    Each endpoint is a lane: its due deliveries are read (here), sent in event order by a sender
    thread, and read again, until none is due or it fails (after the schedule's immediate retry).
    Every answer is recorded here as soon as it arrives (those that arrived together in one
    transaction), so a worker killed mid-run leaves unrecorded only the deliveries in flight: the
    sweep sends those again (a duplicate the receiver drops by event id), and nothing else. Lanes
    run side by side, so a receiver that hangs holds up its own lane only. An endpoint another
    worker is at is skipped (its session lock); each lane looks again after letting its lock go,
    for deliveries written meanwhile.
    """
    delivered = 0
    retried_at_once: set[int] = set()
    lanes: dict[int, _Lane] = {}
    news: queue.SimpleQueue = queue.SimpleQueue()

    def start(endpoint_id: int, deliveries: list[Delivery]) -> None:
        lanes[endpoint_id] = _Lane(deliveries[0].endpoint)
        _senders().submit(_send_in_order, lanes[endpoint_id].endpoint, deliveries, timezone.now(), news)

    to_start = sorted(set(endpoint_ids))
    while to_start or lanes:
        if to_start:
            locked = _try_locks(to_start)
            due = _due(locked, timezone.now(), batch) if locked else {}
            _unlock([pk for pk in locked if pk not in due])
            for endpoint_id, deliveries in due.items():
                start(endpoint_id, deliveries)
            to_start = []
        if not lanes:
            break
        outcomes, finished = _arrived(news)
        if outcomes:
            with transaction.atomic():
                for endpoint_id, arrived in outcomes.items():
                    lanes[endpoint_id].failed = _record(lanes[endpoint_id].endpoint, arrived)
            delivered += sum(1 for arrived in outcomes.values() for o in arrived if o.result.succeeded)
        for endpoint_id, error in finished:
            failed = lanes.pop(endpoint_id).failed
            if error is not None:
                raise error
            if failed is not None:
                again = failed.next_attempt_at is not None and failed.next_attempt_at <= timezone.now()
                if endpoint_id in retried_at_once or not again:
                    _unlock([endpoint_id])  # failing: its next attempt waits for its time
                    continue
                retried_at_once.add(endpoint_id)  # the schedule's first retry is immediate
            more = _due([endpoint_id], timezone.now(), batch)
            if more:
                start(endpoint_id, more[endpoint_id])
                continue
            _unlock([endpoint_id])
            # A delivery written while we held the lock found it taken: look again, now free.
            if endpoints_due([endpoint_id], timezone.now()):
                to_start.append(endpoint_id)
    return delivered


def _arrived(news: queue.SimpleQueue) -> tuple[dict[int, list[Outcome]], list[tuple[int, BaseException | None]]]:
    """What the senders handed over: waits for one item, then takes every other already there."""
    items = [news.get()]
    while True:
        try:
            items.append(news.get_nowait())
        except queue.Empty:
            break
    outcomes: dict[int, list[Outcome]] = defaultdict(list)
    finished = []
    for kind, endpoint_id, value in items:
        if kind == "outcome":
            outcomes[endpoint_id].append(value)
        else:
            finished.append((endpoint_id, value))
    return outcomes, finished


def attempt(endpoint: Endpoint, delivery: Delivery, secrets: list[str]) -> Outcome:
    at = timezone.now()
    body = envelopes.body(delivery.event, endpoint.api_version)
    headers = signing.headers(secrets, delivery.event.public_id, int(time.time()), body)
    return Outcome(delivery, at, transport.post(endpoint.url, body, headers))


def _attempt_row(outcome: Outcome, manual: bool = False) -> DeliveryAttempt:
    result = outcome.result
    return DeliveryAttempt(
        delivery=outcome.delivery,
        restaurant_id=outcome.delivery.restaurant_id,
        at=outcome.at,
        succeeded=result.succeeded,
        status_code=result.status_code,
        duration_ms=result.duration_ms,
        response_body=result.body,
        error=result.error,
        manual=manual,
    )


def _record(endpoint: Endpoint, outcomes: list[Outcome]) -> Delivery | None:
    """Write the attempts and their consequences (call inside a transaction); the failed delivery, if any."""
    now = timezone.now()
    failed = None
    DeliveryAttempt.objects.bulk_create([_attempt_row(o) for o in outcomes])
    for outcome in outcomes:
        if outcome.delivery.attempts == 0:  # the first try: how long the event waited in the outbox
            OUTBOX_LAG.observe(max(0.0, (outcome.at - outcome.delivery.event.created).total_seconds()))
        if not outcome.result.succeeded:
            DELIVERY_FAILURES.labels(endpoint.public_id).inc()
    by_code = defaultdict(list)
    for outcome in outcomes:
        if outcome.result.succeeded:
            by_code[outcome.result.status_code].append(outcome.delivery.pk)
    for code, ids in by_code.items():
        Delivery.objects.filter(pk__in=ids).update(
            status=DeliveryStatus.SUCCEEDED,
            attempts=F("attempts") + 1,
            last_attempt_at=now,
            last_status_code=code,
            succeeded_at=now,
            next_attempt_at=None,
        )
    last = outcomes[-1]
    if not last.result.succeeded:
        failed = last.delivery
        failed.attempts += 1
        failed.last_attempt_at = last.at
        failed.last_status_code = last.result.status_code
        failed.next_attempt_at = next_attempt(failed.attempts, now)
        if failed.next_attempt_at is None:
            failed.status = DeliveryStatus.FAILED
        Delivery.objects.filter(pk=failed.pk).update(  # a row deleted meanwhile (endpoint gone) is no error
            attempts=F("attempts") + 1,
            last_attempt_at=failed.last_attempt_at,
            last_status_code=failed.last_status_code,
            next_attempt_at=failed.next_attempt_at,
            status=failed.status,
        )
        _note_failure(endpoint, now)
    elif endpoint.failing_since is not None:
        Endpoint.objects.filter(pk=endpoint.pk).update(failing_since=None)
        endpoint.failing_since = None
    return failed


def _note_failure(endpoint: Endpoint, now) -> None:
    if endpoint.failing_since is None:
        Endpoint.objects.filter(pk=endpoint.pk, failing_since__isnull=True).update(failing_since=now)
        endpoint.failing_since = now
    elif now - endpoint.failing_since >= DISABLE_AFTER:
        disable_for_failures(endpoint=endpoint, now=now)


# --- by hand ----------------------------------------------------------------------------------


def send_now(delivery: Delivery) -> DeliveryAttempt:
    """One attempt right away (a re-send by hand or a test event), recorded as manual.

    A success settles a pending or failed delivery; a failure leaves its schedule as it was.
    """
    endpoint = delivery.endpoint
    now = timezone.now()
    outcome = attempt(endpoint, delivery, signing_secrets(endpoint, now))
    with transaction.atomic():
        row = _attempt_row(outcome, manual=True)
        row.save()
        fields = {"last_attempt_at": outcome.at, "last_status_code": outcome.result.status_code}
        if outcome.result.succeeded:
            fields.update(status=DeliveryStatus.SUCCEEDED, succeeded_at=timezone.now(), next_attempt_at=None)
            if endpoint.failing_since is not None:
                Endpoint.objects.filter(pk=endpoint.pk).update(failing_since=None)
        Delivery.objects.filter(pk=delivery.pk).update(**fields)
    delivery.refresh_from_db()
    return row
